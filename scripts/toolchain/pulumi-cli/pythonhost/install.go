package main

// InstallDependencies (`pulumi install`, `pulumi new`): the program's requirements.txt installed
// with pip into its virtual environment, made first when it does not exist. Unlike upstream's
// host, it neither makes an existing environment again nor upgrades pip, setuptools and wheel
// from the package index first: an environment prepared offline (one that sees the system's
// packages, with wheels installed by hand) stays as it is, and requirements it already satisfies
// need no index at all.

import (
	"fmt"
	"os"
	"path/filepath"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/pulumi/pulumi/sdk/v3/python/toolchain"
	"google.golang.org/grpc"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

// streamWriter sends what a command prints to the engine, as stdout or stderr.
type streamWriter struct {
	server grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse]
	stderr bool
}

func (w streamWriter) Write(p []byte) (int, error) {
	chunk := append([]byte(nil), p...)
	resp := &pulumirpc.InstallDependenciesResponse{Stdout: chunk}
	if w.stderr {
		resp = &pulumirpc.InstallDependenciesResponse{Stderr: chunk}
	}
	if err := w.server.Send(resp); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (h *pythonHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest,
	server grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	ctx := server.Context()
	stdout, stderr := streamWriter{server, false}, streamWriter{server, true}
	opts, err := optionsOf(req.GetInfo())
	if err != nil {
		return err
	}
	dir := hostkit.ProgramDir(req.GetInfo(), req.GetDirectory()) //nolint:staticcheck // older engines
	tc, err := toolchain.ResolveToolchain(opts)
	if err != nil {
		return err
	}
	if opts.Virtualenv != "" {
		venv, err := tc.VirtualEnvPath(ctx) // the option, relative to the project's root
		if err != nil {
			return err
		}
		if !toolchain.IsVirtualEnv(venv) {
			fmt.Fprintf(stdout, "Creating the virtual environment %s...\n", venv)
			cmd, err := toolchain.Command(ctx, "-m", "venv", venv)
			if err != nil {
				return err
			}
			cmd.Stdout, cmd.Stderr = stdout, stderr
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("creating the virtual environment %s (`%s -m venv`): %w", venv, cmd.Path, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "requirements.txt")); os.IsNotExist(err) {
		return nil
	}
	fmt.Fprintln(stdout, "Installing requirements.txt...")
	cmd, err := tc.ModuleCommand(ctx, "pip", "install", "-r", "requirements.txt")
	if err != nil {
		return err
	}
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("`pip install -r requirements.txt` in %s failed (%w): without a package "+
			"index, install the wheels the requirements name into the environment yourself", dir, err)
	}
	return nil
}
