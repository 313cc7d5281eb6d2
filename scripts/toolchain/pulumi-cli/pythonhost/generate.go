package main

// GenerateProgram turns a PCL program into Python: what `pulumi import` (and `pulumi convert`)
// ask the language host for. As in our other hosts: bind the PCL with the engine's schema
// loader (hostkit), then pkg/v3's program generator for the language, here codegen/python,
// which takes each package's module name from its schema (`language.python.packageName`).

import (
	"context"

	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

func (h *pythonHost) GenerateProgram(
	_ context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	return hostkit.GenerateProgram(req, pygen.GenerateProgram)
}
