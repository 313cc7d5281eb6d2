// Command pythonhost is a Pulumi language host for Python programs, built and installed as
// `pulumi-language-python` by scripts/toolchain/pulumi-cli.sh, beside the two files of the Pulumi Python
// SDK's sources that it and the engine run: `pulumi-language-python-exec` (the script that runs a
// program) and `pulumi-resource-pulumi-python` (the host of pulumi.dynamic providers).
//
// Why it exists: the upstream host (module
// github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3) is refused by the Go module
// proxy these machines reach, so Python programs could not run. This host speaks the same
// LanguageRuntime gRPC protocol and finds Python the way upstream's does, through the package
// github.com/pulumi/pulumi/sdk/v3/python/toolchain of the SDK module the CLI is built from:
//
//   - Run (run.go): `<python> -u pulumi-language-python-exec --monitor … <entry point>` in the
//     program's folder, with the Python of the project's virtual environment
//     (`runtime.options.virtualenv`, relative to Pulumi.yaml's folder), else $PULUMI_PYTHON_CMD,
//     else `python3`, and the stack's config in PULUMI_CONFIG;
//   - GetRequiredPackages/GetRequiredPlugins (packages.go): the resource plugins named by the
//     `pulumi-plugin.json` files of the distributions installed in that environment (a generated
//     SDK's wheel carries one in its package);
//   - GetProgramDependencies, About (packages.go, here): the installed distributions, and Python;
//   - InstallDependencies (install.go, `pulumi install`): `pip install -r requirements.txt` into
//     the virtual environment, made first when it does not exist;
//   - GenerateProgram (generate.go): PCL to Python, what `pulumi import` and `pulumi convert` ask;
//   - GetPluginInfo, Handshake.
//
// The engine runs the dynamic-provider host itself, passing it the runtime options as
// PULUMI_RUNTIME_VIRTUALENV: it then runs `python -m pulumi.dynamic` from the same environment.
//
// Not implemented (the engine gets codes.Unimplemented, with what to do instead; see
// unimplemented.go): the toolchains poetry and uv, the typechecker option, GenerateProject,
// GeneratePackage, Pack, Link, RunPlugin, Template, RuntimeOptionsPrompts, Cancel, and attaching
// a debugger.
package main

import (
	"context"
	"flag"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

func main() {
	// The engine starts language plugins as `pulumi-language-python [flags] <engine address>`.
	// Accept the flags it and older engines pass, so that the flag parser does not fail.
	flag.String("tracing", "", "Zipkin-compatible tracing endpoint (ignored)")
	flag.String("root", "", "project root (ignored; taken from each request)")
	flag.String("virtualenv", "", "ignored; taken from the project's runtime options")
	flag.String("typechecker", "", "ignored; taken from the project's runtime options")
	flag.String("toolchain", "", "ignored; taken from the project's runtime options")
	flag.Parse()

	host := &pythonHost{Engine: hostkit.EngineFromArgs(flag.Args()), Unsupported: unsupported}

	hostkit.Serve("pulumi-language-python", host)
}

type pythonHost struct {
	hostkit.Unsupported
	hostkit.Engine
}

// About tells `pulumi about` which Python runs the programs, and its pip.
func (h *pythonHost) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	tc, err := toolchainFor(req.GetInfo())
	if err != nil {
		return nil, err
	}
	info, err := tc.About(ctx)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{
		Executable: info.PythonExecutable,
		Version:    info.PythonVersion.String(),
		Metadata:   map[string]string{"toolchain": "pip", "pipVersion": info.ToolchainVersion.String()},
	}, nil
}
