// Command golanghost is a Pulumi language host for Go programs, built and installed as
// `pulumi-language-go` by scripts/toolchain/pulumi-cli.sh.
//
// Why it exists: the upstream host (module github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3)
// is refused by the Go module proxy these machines reach, so Go programs could not run. This host
// speaks the same LanguageRuntime gRPC protocol (github.com/pulumi/pulumi/sdk/v3/proto/go) and
// does what a Go program written against github.com/pulumi/pulumi/sdk/v3/go/pulumi needs:
//
//   - Run (run.go): compiles the program's main package with the `go` toolchain into a temporary
//     binary (or takes the prebuilt one named by the runtime option `binary`) and runs it in the
//     program's folder, passing the engine's settings in the environment variables the Go SDK's
//     pulumi.Run reads (PULUMI_MONITOR, PULUMI_CONFIG, …);
//   - GetRequiredPackages/GetRequiredPlugins (packages.go): the resource plugins named by the
//     `pulumi-plugin.json` files that generated SDKs ship beside their package, among the
//     packages the program imports (`go list -deps`) and the roots of their modules;
//   - GetProgramDependencies and About (packages.go, here): the program's Go modules and the
//     toolchain;
//   - GenerateProgram (generate.go): PCL to Go, what `pulumi import` and `pulumi convert` ask for;
//   - GetPluginInfo, Handshake.
//
// Not implemented (the engine gets codes.Unimplemented, with what to do instead; see
// unimplemented.go): InstallDependencies, GenerateProject, GeneratePackage, Pack, Link, RunPlugin,
// Template, RuntimeOptionsPrompts, Cancel, and attaching a debugger.
package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

func main() {
	// The engine starts language plugins as `pulumi-language-go [flags] <engine address>`, with
	// --tracing, and with --logtostderr and -v=N when asked to flow its logging to plugins (those
	// two are defined by glog, which the SDK's logging package registers on import). We accept
	// the others so that the flag parser does not fail, and use none: errors go to the engine.
	flag.String("tracing", "", "Zipkin-compatible tracing endpoint (ignored)")
	flag.String("root", "", "project root (ignored; taken from each request)")
	flag.Parse()

	host := &goHost{Engine: hostkit.EngineFromArgs(flag.Args()), Unsupported: unsupported}

	hostkit.Serve("pulumi-language-go", host)
}

type goHost struct {
	hostkit.Unsupported
	hostkit.Engine
}

// About tells `pulumi about` which Go toolchain runs the programs.
func (h *goHost) About(ctx context.Context, _ *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	goBin, err := findGo()
	if err != nil {
		return nil, err
	}
	out, err := goCommand(ctx, goBin, "", "env", "GOVERSION").Output()
	if err != nil {
		return nil, fmt.Errorf("%s env GOVERSION: %w", goBin, err)
	}
	return &pulumirpc.AboutResponse{
		Executable: goBin,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "go"),
	}, nil
}
