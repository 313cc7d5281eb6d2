package main

// The LanguageRuntime methods this host does not implement. Each answers codes.Unimplemented
// (which the engine takes as "not supported" where it has a fallback: it skips dependency
// installation, prompts, templates and Cancel) with what to do instead, rather than the
// generated stub's bare "method X not implemented".

import (
	"context"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

func unimplemented(what, instead string) error {
	return hostkit.Unimplemented("Go language host (scripts/pulumi-cli/golanghost)", what, instead)
}

func (h *goHost) InstallDependencies(
	*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return unimplemented("installing dependencies (`pulumi install`, `pulumi new`)",
		"run `go mod tidy` in the program's folder yourself")
}

func (h *goHost) RuntimeOptionsPrompts(
	context.Context, *pulumirpc.RuntimeOptionsRequest,
) (*pulumirpc.RuntimeOptionsResponse, error) {
	return nil, unimplemented("runtime option prompts", "it has only the option `binary`; set it in Pulumi.yaml")
}

func (h *goHost) Template(context.Context, *pulumirpc.TemplateRequest) (*pulumirpc.TemplateResponse, error) {
	return nil, unimplemented("templating a new project", "copy examples/go and edit its Pulumi.yaml and go.mod")
}

func (h *goHost) RunPlugin(
	*pulumirpc.RunPluginRequest, grpc.ServerStreamingServer[pulumirpc.RunPluginResponse],
) error {
	return unimplemented("running a plugin written in Go from source",
		"build the plugin with `go build` and install the binary with `pulumi plugin install`")
}

func (h *goHost) GenerateProject(
	context.Context, *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	return nil, unimplemented("generating a project (`pulumi convert`, `pulumi new`)",
		"`pulumi import` generates Go code; add a go.mod and a Pulumi.yaml to it by hand")
}

func (h *goHost) GeneratePackage(
	context.Context, *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	return nil, unimplemented("generating an SDK (`pulumi package gen-sdk`, `pulumi package add`)",
		"generate the Go SDK with `npm run build:sdks` (scripts/sdkgen) and point go.mod at it")
}

func (h *goHost) Pack(context.Context, *pulumirpc.PackRequest) (*pulumirpc.PackResponse, error) {
	return nil, unimplemented("packing an SDK", "a Go SDK is used as source: `go mod edit -replace` its module")
}

func (h *goHost) Link(context.Context, *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	return nil, unimplemented("linking an SDK into the program (`pulumi package add`)",
		"`go mod edit -replace <module>=<folder>` then `go mod tidy`")
}

// Cancel: Run's program is ended through its context when the engine goes away; there is no
// other work in flight to stop. The engine skips an unimplemented Cancel.
func (h *goHost) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	return nil, unimplemented("Cancel", "the engine stops the program by ending Run")
}
