package main

// GenerateProgram turns a PCL program into TypeScript: what `pulumi import` (and `pulumi
// convert`) ask the language host for. Upstream's host does the same with the same two calls:
// bind the PCL with the engine's schema loader, then pkg/v3's TypeScript program generator.

import (
	"context"

	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

func (h *nodeHost) GenerateProgram(
	_ context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	return hostkit.GenerateProgram(req, nodejs.GenerateProgram)
}
