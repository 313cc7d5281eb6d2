package main

// The project's `runtime.options` this host understands, and the Python they choose.

import (
	"fmt"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/pulumi/pulumi/sdk/v3/python/toolchain"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

// optionsOf reads runtime.options: `virtualenv` (a folder, relative to the project's root: the
// folder of Pulumi.yaml), and `toolchain`, which may only be pip (upstream's default when no
// uv.lock or poetry.lock is found; this host has pip alone). `typechecker` is refused: upstream
// runs mypy or pyright before the program, this host does not, and a check the user asked for
// is not skipped silently.
func optionsOf(info *pulumirpc.ProgramInfo) (toolchain.PythonOptions, error) {
	root := info.GetRootDirectory()
	programDir := hostkit.ProgramDir(info, root)
	if root == "" {
		root = programDir
	}
	opts := toolchain.PythonOptions{Root: root, ProgramDir: programDir, Toolchain: toolchain.Pip}
	if info.GetOptions() == nil {
		return opts, nil
	}
	for key, value := range info.GetOptions().AsMap() {
		switch key {
		case "virtualenv":
			s, ok := value.(string)
			if !ok {
				return opts, fmt.Errorf("runtime option virtualenv must be the path of a folder, got %v", value)
			}
			opts.Virtualenv = s
		case "toolchain":
			if value != "pip" {
				return opts, fmt.Errorf("runtime option toolchain is %v: this Python language host "+
					"(scripts/toolchain/pulumi-cli/pythonhost) runs pip environments only; remove the option "+
					"and set virtualenv to the environment's folder", value)
			}
		case "typechecker":
			return opts, fmt.Errorf("runtime option typechecker is %v: this Python language host "+
				"(scripts/toolchain/pulumi-cli/pythonhost) does not run type checkers; remove the option and "+
				"run %v yourself before `pulumi preview`", value, value)
		}
	}
	return opts, nil
}

// toolchainFor is pip on the project's virtual environment, or on the Python of PATH
// ($PULUMI_PYTHON_CMD, else python3) when it names none.
func toolchainFor(info *pulumirpc.ProgramInfo) (toolchain.Toolchain, error) {
	opts, err := optionsOf(info)
	if err != nil {
		return nil, err
	}
	return toolchain.ResolveToolchain(opts)
}
