package main

// GenerateProgram turns a PCL program into Go: what `pulumi import` (and `pulumi convert`) ask
// the language host for. As in our Node.js host (../languagehost/generate.go): bind the PCL
// with the engine's schema loader, then pkg/v3's program generator for the language, here
// codegen/go, which takes each package's Go import path from its schema (`language.go`).

import (
	"context"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

func (h *goHost) GenerateProgram(
	_ context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	return hostkit.GenerateProgram(req, gogen.GenerateProgram)
}
