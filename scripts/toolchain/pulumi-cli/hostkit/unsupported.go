package hostkit

// The LanguageRuntime methods a host leaves out, answered for it: each with codes.Unimplemented
// (which the engine takes as "not supported" where it has a fallback: it skips dependency
// installation, prompts, templates and Cancel) and what to do instead in the host's language,
// rather than the generated stub's bare "method X not implemented". A host embeds Unsupported in
// place of pulumirpc.UnimplementedLanguageRuntimeServer; a method the host writes wins.

import (
	"context"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Instead says, for each method a host leaves out, what a user does instead.
type Instead struct {
	InstallDependencies, RuntimeOptionsPrompts, Template, RunPlugin string
	GenerateProject, GeneratePackage, Pack, Link                    string
}

// Unsupported answers the methods a host does not implement; Host names it in the messages,
// e.g. "Go language host (scripts/toolchain/pulumi-cli/golanghost)".
type Unsupported struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	Host    string
	Instead Instead
}

func (u Unsupported) unimplemented(what, instead string) error {
	return status.Errorf(codes.Unimplemented, "%s is not implemented by this %s: %s", what, u.Host, instead)
}

func (u Unsupported) InstallDependencies(
	*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return u.unimplemented("installing dependencies (`pulumi install`, `pulumi new`)", u.Instead.InstallDependencies)
}

func (u Unsupported) RuntimeOptionsPrompts(
	context.Context, *pulumirpc.RuntimeOptionsRequest,
) (*pulumirpc.RuntimeOptionsResponse, error) {
	return nil, u.unimplemented("runtime option prompts", u.Instead.RuntimeOptionsPrompts)
}

func (u Unsupported) Template(context.Context, *pulumirpc.TemplateRequest) (*pulumirpc.TemplateResponse, error) {
	return nil, u.unimplemented("templating a new project", u.Instead.Template)
}

func (u Unsupported) RunPlugin(
	*pulumirpc.RunPluginRequest, grpc.ServerStreamingServer[pulumirpc.RunPluginResponse],
) error {
	return u.unimplemented("running a provider plugin from its source", u.Instead.RunPlugin)
}

func (u Unsupported) GenerateProject(
	context.Context, *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	return nil, u.unimplemented("generating a project (`pulumi convert`, `pulumi new`)", u.Instead.GenerateProject)
}

func (u Unsupported) GeneratePackage(
	context.Context, *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	return nil, u.unimplemented("generating an SDK (`pulumi package gen-sdk`, `pulumi package add`)",
		u.Instead.GeneratePackage)
}

func (u Unsupported) Pack(context.Context, *pulumirpc.PackRequest) (*pulumirpc.PackResponse, error) {
	return nil, u.unimplemented("packing an SDK", u.Instead.Pack)
}

func (u Unsupported) Link(context.Context, *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	return nil, u.unimplemented("linking an SDK into the program (`pulumi package add`)", u.Instead.Link)
}

// Cancel: a host's Run ends its program through its context when the engine goes away; there is
// no other work in flight to stop. The engine skips an unimplemented Cancel.
func (u Unsupported) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	return nil, u.unimplemented("Cancel", "the engine stops the program by ending Run")
}
