package main

// Run: build the program, then run it the way github.com/pulumi/pulumi/sdk/v3/go/pulumi expects.
// The Go SDK takes everything from the environment (getEnvInfo in sdk/v3/go/pulumi/run.go, read
// at v3.259.0): PULUMI_MONITOR and PULUMI_ENGINE (the engine's gRPC addresses), PULUMI_PROJECT,
// PULUMI_STACK, PULUMI_ORGANIZATION, PULUMI_ROOT_DIRECTORY, PULUMI_CONFIG (a JSON object of
// "<namespace>:<key>" to string), PULUMI_CONFIG_SECRET_KEYS (a JSON array of keys), PULUMI_DRY_RUN
// and PULUMI_PARALLEL (parsed with strconv), and PULUMI_PLUGINS, which makes it exit at once.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

// runtimeOptions are the `runtime.options` of Pulumi.yaml that this host understands.
type runtimeOptions struct {
	// A prebuilt program to run instead of building one: for a program built by CI, or one
	// that cannot be built on this machine. Relative to the program's folder.
	binary string
}

func parseOptions(info *pulumirpc.ProgramInfo) (runtimeOptions, error) {
	var opts runtimeOptions
	if info.GetOptions() == nil {
		return opts, nil
	}
	m := info.GetOptions().AsMap()
	if v, ok := m["binary"]; ok {
		s, isString := v.(string)
		if !isString || s == "" {
			return opts, fmt.Errorf("runtime option binary must be the path of a program, got %v", v)
		}
		opts.binary = s
	}
	return opts, nil
}

func (h *goHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	if req.GetAttachDebugger() {
		return nil, status.Error(codes.Unimplemented,
			"attaching a debugger is not supported by this Go language host: build the program "+
				"with `go build -gcflags='all=-N -l'`, name it in the runtime option `binary` and "+
				"attach to its process")
	}
	dir := hostkit.ProgramDir(req.GetInfo(), req.GetPwd())
	opts, err := parseOptions(req.GetInfo())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	program := opts.binary
	if program != "" {
		if !filepath.IsAbs(program) {
			program = filepath.Join(dir, program)
		}
		if _, err := os.Stat(program); err != nil {
			return &pulumirpc.RunResponse{Error: fmt.Sprintf(
				"the runtime option binary names %s, which cannot be run: %v", program, err)}, nil
		}
	} else {
		tmp, err := os.MkdirTemp("", "pulumi-go-program-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		program = filepath.Join(tmp, "program")
		if msg := build(ctx, dir, program); msg != "" {
			return &pulumirpc.RunResponse{Error: msg}, nil
		}
	}

	config, err := hostkit.ConfigEnv(req)
	if err != nil {
		return nil, err
	}
	env := hostkit.WithoutVariable(os.Environ(), "PULUMI_PLUGINS")
	env = append(env,
		"PULUMI_MONITOR="+req.GetMonitorAddress(),
		"PULUMI_ENGINE="+h.Engine.Address,
		"PULUMI_PROJECT="+req.GetProject(),
		"PULUMI_STACK="+req.GetStack(),
		"PULUMI_ORGANIZATION="+req.GetOrganization(),
		"PULUMI_ROOT_DIRECTORY="+req.GetInfo().GetRootDirectory(),
		"PULUMI_DRY_RUN="+strconv.FormatBool(req.GetDryRun()),
		"PULUMI_PARALLEL="+strconv.Itoa(int(req.GetParallel())),
	)
	env = append(env, config...)

	cmd := exec.CommandContext(ctx, program, req.GetArgs()...)
	cmd.Dir = dir
	cmd.Env = env
	// The engine shows what the program prints as it comes.
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	return hostkit.RunResult(cmd.Run(), "the Go program"), nil
}

// build compiles the main package in dir into out; it returns "" on success, else what to tell
// the user, with the compiler's output. It builds the package of the folder, whatever file
// Pulumi.yaml's `main` names: a Go program is a package, never a single file.
func build(ctx context.Context, dir, out string) string {
	goBin, err := findGo()
	if err != nil {
		return err.Error()
	}
	cmd := goCommand(ctx, goBin, dir, "build", "-o", out, ".")
	output, err := cmd.CombinedOutput()
	if err != nil {
		text := strings.TrimSpace(string(output))
		if text == "" {
			text = err.Error()
		}
		return fmt.Sprintf("the Go program in %s does not build (`%s build -o <temporary file> .`):\n%s",
			dir, goBin, text)
	}
	return ""
}
