package main

// What a user of Go programs does instead of the LanguageRuntime methods this host leaves out
// (hostkit.Unsupported answers them).

import "github.com/pulumi-collectors/pulumi-cli/hostkit"

var unsupported = hostkit.Unsupported{
	Host: "Go language host (scripts/toolchain/pulumi-cli/golanghost)",
	Instead: hostkit.Instead{
		InstallDependencies:   "run `go mod tidy` in the program's folder yourself",
		RuntimeOptionsPrompts: "it has only the option `binary`; set it in Pulumi.yaml",
		Template:              "copy examples/go and edit its Pulumi.yaml and go.mod",
		RunPlugin:             "build the plugin with `go build` and install the binary with `pulumi plugin install`",
		GenerateProject:       "`pulumi import` generates Go code; add a go.mod and a Pulumi.yaml to it by hand",
		GeneratePackage:       "generate the Go SDK with `npm run build:sdks` (scripts/build/sdkgen) and point go.mod at it",
		Pack:                  "a Go SDK is used as source: `go mod edit -replace` its module",
		Link:                  "`go mod edit -replace <module>=<folder>` then `go mod tidy`",
	},
}
