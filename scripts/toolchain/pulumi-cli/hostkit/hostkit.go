// Package hostkit is what our language hosts (../languagehost for Node.js, ../golanghost for Go)
// share: serving the LanguageRuntime protocol the way the engine starts a host, the config a
// program reads from its environment, what a program's exit means to the engine, and the binding
// of PCL for GenerateProgram.
package hostkit

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

// ExitCodeAlreadyReported is the exit code with which a program's SDK says it already showed the
// user an actionable error, so the engine should not add another one.
const ExitCodeAlreadyReported = 32

// Serve serves host on a free port, prints the port on stdout (the first line the engine reads)
// and returns when the engine stops it; name is the host's binary, for messages.
func Serve(name string, host pulumirpc.LanguageRuntimeServer) {
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: could not start the gRPC server: %v\n", name, err)
		os.Exit(1)
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "%s: gRPC server stopped: %v\n", name, err)
		os.Exit(1)
	}
}

// ConfigEnv is the stack's config as every Pulumi SDK reads it: PULUMI_CONFIG (a JSON object,
// never null) and PULUMI_CONFIG_SECRET_KEYS (a JSON array, never null).
func ConfigEnv(req *pulumirpc.RunRequest) ([]string, error) {
	config := req.GetConfig()
	if config == nil {
		config = map[string]string{}
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	configJSON, err := json.Marshal(config)
	if err != nil {
		return nil, err
	}
	keysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	return []string{
		"PULUMI_CONFIG=" + string(configJSON),
		"PULUMI_CONFIG_SECRET_KEYS=" + string(keysJSON),
	}, nil
}

// RunResult says what a program's run (err from exec.Cmd.Run) means to the engine; program
// names it in messages ("the Go program", "node").
func RunResult(err error, program string) *pulumirpc.RunResponse {
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}
	case errors.As(err, &exitErr) && exitErr.ExitCode() == ExitCodeAlreadyReported:
		return &pulumirpc.RunResponse{Bail: true}
	case errors.As(err, &exitErr):
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("%s exited with non-zero exit code: %d", program, exitErr.ExitCode()),
		}
	default:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run %s: %v", program, err)}
	}
}

// GenerateProgram answers GenerateProgram (what `pulumi import` and `pulumi convert` ask): the
// PCL bound with the engine's schema loader, as upstream's hosts do, then given to generate, a
// language's program generator of pkg/v3.
func GenerateProgram(
	req *pulumirpc.GenerateProgramRequest,
	generate func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error),
) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()

	parser := syntax.NewParser()
	for path, contents := range req.GetSource() {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, err
		}
		if parser.Diagnostics.HasErrors() {
			return nil, parser.Diagnostics
		}
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.GetStrict() {
		// `pulumi import` binds leniently: its code may name a parent or provider it does not
		// declare.
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	diagnostics := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: diagnostics}, nil
	}
	if program == nil {
		return nil, errors.New("the PCL program bound to nothing")
	}
	files, diags, err := generate(program)
	if err != nil {
		return nil, err
	}
	diagnostics = append(diagnostics, plugin.HclDiagnosticsToRPCDiagnostics(diags)...)
	return &pulumirpc.GenerateProgramResponse{Source: files, Diagnostics: diagnostics}, nil
}
