package main

// The LanguageRuntime methods this host does not implement, each with what to do instead
// (hostkit.Unimplemented); the engine skips prompts, templates and Cancel when unimplemented.

import (
	"context"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

func unimplemented(what, instead string) error {
	return hostkit.Unimplemented("Python language host (scripts/pulumi-cli/pythonhost)", what, instead)
}

func (h *pythonHost) RuntimeOptionsPrompts(
	context.Context, *pulumirpc.RuntimeOptionsRequest,
) (*pulumirpc.RuntimeOptionsResponse, error) {
	return nil, unimplemented("runtime option prompts", "set `virtualenv` in Pulumi.yaml's runtime options")
}

func (h *pythonHost) Template(context.Context, *pulumirpc.TemplateRequest) (*pulumirpc.TemplateResponse, error) {
	return nil, unimplemented("templating a new project", "copy examples/python and edit its Pulumi.yaml")
}

func (h *pythonHost) RunPlugin(
	*pulumirpc.RunPluginRequest, grpc.ServerStreamingServer[pulumirpc.RunPluginResponse],
) error {
	return unimplemented("running a provider plugin written in Python",
		"package the plugin as an executable and install it with `pulumi plugin install`")
}

func (h *pythonHost) GenerateProject(
	context.Context, *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	return nil, unimplemented("generating a project (`pulumi convert`, `pulumi new`)",
		"`pulumi import` generates Python code; add a Pulumi.yaml and a requirements.txt to it by hand")
}

func (h *pythonHost) GeneratePackage(
	context.Context, *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	return nil, unimplemented("generating an SDK (`pulumi package gen-sdk`, `pulumi package add`)",
		"install the pulumi-collectors wheel into the program's virtual environment")
}

func (h *pythonHost) Pack(context.Context, *pulumirpc.PackRequest) (*pulumirpc.PackResponse, error) {
	return nil, unimplemented("packing an SDK", "build the wheel with `python -m build`")
}

func (h *pythonHost) Link(context.Context, *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	return nil, unimplemented("linking an SDK into the program (`pulumi package add`)",
		"install its wheel into the virtual environment and name it in requirements.txt")
}

// Cancel: Run's program is ended through its context when the engine goes away; there is no
// other work in flight to stop. The engine skips an unimplemented Cancel.
func (h *pythonHost) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	return nil, unimplemented("Cancel", "the engine stops the program by ending Run")
}
