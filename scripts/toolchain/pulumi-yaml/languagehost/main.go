// Command languagehost is the Pulumi YAML language host, `pulumi-language-yaml`, as
// scripts/toolchain/pulumi-cli.sh builds it: pulumi-yaml v1.25.0's own host (github.com/pulumi/pulumi-yaml/
// pkg/server, which does all the work) served by this small main, which adds one RPC that v1.25.0
// lacks: Link.
//
// Why: `pulumi package add` (CLI v3.259.0) asks the project's language host to Link the package it
// generated, for YAML as for every language (pulumi/pulumi#21580 dropped the CLI's YAML special
// case); pulumi-yaml answers Link only from a release after v1.25.0 (pulumi/pulumi-yaml#929), which
// the Go module proxy reachable here does not serve. Without it, `package add` in a YAML project
// fails with "linking package: method Link not implemented" after writing sdks/<name>/, and
// records nothing in Pulumi.yaml. A YAML program needs nothing linked: it names a package's types
// directly, and the engine finds the plugin from the package entry the CLI then writes.
//
// It also lets Run read the project file CLI v3.259.0 writes (projectschema.go). Everything else (Run, GetRequiredPackages, GeneratePackage's lock file, GenerateProgram, …) is
// pulumi-yaml's, unchanged. Flags and start-up are those of pulumi-yaml's cmd/pulumi-language-yaml:
// the engine's address as the argument, the port printed on stdout, and the host stops when the
// engine's health check fails or on SIGINT.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/pulumi/pulumi-yaml/pkg/server"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

// yamlHost is pulumi-yaml's language host with Link answered.
type yamlHost struct {
	pulumirpc.LanguageRuntimeServer
}

// Link has nothing to do for YAML: no SDK to add to a manifest, no dependency to install.
func (yamlHost) Link(_ context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	instructions := ""
	for _, dep := range req.GetPackages() {
		name := dep.GetPackage().GetName()
		instructions += fmt.Sprintf(
			"You can use the %s package's resources in your YAML program with `type: %s:<Type>`.\n",
			name, name)
	}
	return &pulumirpc.LinkResponse{ImportInstructions: instructions}, nil
}

func main() {
	tracing := flag.String("tracing", "", "Zipkin-compatible tracing endpoint")
	flag.String("root", "", "root of the program execution (ignored; taken from each request)")
	flag.String("compiler", "", "[obsolete] ignored")
	flag.Parse()

	if err := allowNewerPackageFields(); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-yaml: note: Pulumi.yaml package entries keep the "+
			"project schema of the host's SDK: %v\n", err)
	}

	var engineAddress string
	var cancel chan bool
	if args := flag.Args(); len(args) > 0 {
		engineAddress = args[0]
		var err error
		if cancel, err = stopWithEngine(engineAddress); err != nil {
			fmt.Fprintf(os.Stderr, "pulumi-language-yaml: could not check the engine's health: %v\n", err)
			os.Exit(1)
		}
	}

	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancel,
		Init: func(srv *grpc.Server) error {
			host := yamlHost{server.NewLanguageHost(engineAddress, *tracing, false /* useRPCLoader */)}
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-yaml: could not start the gRPC server: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of our stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-yaml: gRPC server stopped: %v\n", err)
		os.Exit(1)
	}
}

// stopWithEngine returns a channel closed when the engine stops answering its health check, or on
// SIGINT: the server then stops, so that no host outlives the engine that started it.
func stopWithEngine(engineAddress string) (chan bool, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	done := make(chan bool)
	go func() {
		<-ctx.Done()
		stop()
		close(done)
	}()
	if err := rpcutil.Healthcheck(ctx, engineAddress, 5*time.Minute, stop); err != nil {
		stop()
		return nil, err
	}
	return done, nil
}
