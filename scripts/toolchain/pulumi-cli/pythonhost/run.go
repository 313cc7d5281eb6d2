package main

// Run: the program, through the SDK's pulumi-language-python-exec, which reads the engine's
// settings from its flags (--monitor, --engine, --project, --stack, --dry_run, …) and the stack's
// config from PULUMI_CONFIG and PULUMI_CONFIG_SECRET_KEYS, then runs the entry point with runpy.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

// execScript is pulumi-language-python-exec beside this host's executable, where
// scripts/toolchain/pulumi-cli.sh puts it (upstream's host looks there too).
func execScript() (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	script := self + "-exec"
	if _, err := os.Stat(script); err != nil {
		return "", fmt.Errorf("%s is missing: it comes with this host (scripts/toolchain/pulumi-cli.sh copies "+
			"it from the Pulumi Python SDK's sources); run scripts/toolchain/pulumi-cli.sh again", script)
	}
	return script, nil
}

func (h *pythonHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	if req.GetAttachDebugger() {
		return nil, status.Error(codes.Unimplemented,
			"attaching a debugger is not supported by this Python language host: run the program "+
				"under debugpy through the Automation API instead")
	}
	info := req.GetInfo()
	dir := hostkit.ProgramDir(info, req.GetPwd())
	tc, err := toolchainFor(info)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	if err := tc.ValidateVenv(ctx); err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	script, err := execScript()
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	args := []string{"-u", script}
	flagArg := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flagArg("monitor", req.GetMonitorAddress())
	flagArg("engine", h.Engine.Address)
	flagArg("project", req.GetProject())
	flagArg("stack", req.GetStack())
	flagArg("pwd", dir)
	flagArg("dry_run", strconv.FormatBool(req.GetDryRun()))
	flagArg("parallel", strconv.Itoa(int(req.GetParallel())))
	flagArg("organization", req.GetOrganization())
	flagArg("root_directory", info.GetRootDirectory())
	entry := info.GetEntryPoint()
	if entry == "" {
		entry = "." // the folder: its __main__.py
	}
	args = append(args, entry)
	args = append(args, req.GetArgs()...)

	cmd, err := tc.Command(ctx, args...)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	config, err := hostkit.ConfigEnv(req)
	if err != nil {
		return nil, err
	}
	if cmd.Env == nil { // no virtual environment: the host's own environment
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, config...)
	cmd.Env = append(cmd.Env, "PYTHONUNBUFFERED=1")
	cmd.Dir = dir
	// The engine shows what the program prints as it comes.
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	return hostkit.RunResult(cmd.Run(), "the Python program "+filepath.Join(dir, entry)), nil
}
