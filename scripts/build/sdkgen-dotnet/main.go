// Command sdkgen-dotnet writes the .NET SDK of a Pulumi package schema with the C# generator of
// github.com/pulumi/pulumi/pkg/v3 (codegen/dotnet).
//
//	sdkgen-dotnet -schema dist/plugin/schema.json -out dist/sdk
//
// writes <out>/dotnet (emptied first): a C# project ready for `dotnet pack`. It is a module of its
// own, pinned to pkg/v3 v3.228.0, because that is the last release of pkg/v3 holding the C#
// generator: v3.229.0 deleted it (it moved to github.com/pulumi/pulumi-dotnet, whose module the Go
// module proxy reachable here refuses). The other SDKs come from scripts/build/sdkgen at the CLI's
// version, which also checks the schema (descriptions, dangling references) first; this tool binds
// and validates the schema again with its own pkg/v3 and stops on any binding error.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// The tool name the generator writes into each file's "do not edit" header.
const tool = "pulumi-collectors sdkgen-dotnet"

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON), e.g. dist/plugin/schema.json")
	out := flag.String("out", "", "the folder to write the dotnet/ SDK folder into, e.g. dist/sdk")
	flag.Parse()
	if *schemaPath == "" || *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: sdkgen-dotnet -schema <schema.json> -out <folder>")
		os.Exit(2)
	}
	if err := run(*schemaPath, filepath.Join(*out, "dotnet")); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen-dotnet: %v\n", err)
		os.Exit(1)
	}
}

func run(schemaPath, dir string) error {
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return fmt.Errorf("%s is not a package schema: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, refuseReferences{}, schema.ValidationOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	if diags.HasErrors() {
		for _, d := range diags {
			if d.Severity == hcl.DiagError {
				fmt.Fprintf(os.Stderr, "error: %s: %s: %s\n", schemaPath, d.Summary, d.Detail)
			}
		}
		return fmt.Errorf("%s does not bind: %d error(s) above", schemaPath, len(diags.Errs()))
	}
	restore, err := offline(pkg.LogoURL)
	if err != nil {
		return err
	}
	files, err := generate(pkg)
	restore()
	if err != nil {
		return fmt.Errorf("generating the dotnet SDK: %w", err)
	}
	if files, err = withoutIcon(files); err != nil {
		return err
	}
	if err := write(dir, files); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "sdkgen-dotnet: dotnet SDK: %d files in %s\n", len(files), dir)
	return nil
}

// generate runs the generator, which asserts (panics) on input it cannot handle: an error.
func generate(pkg *schema.Package) (files map[string][]byte, err error) {
	defer func() {
		if failure := recover(); failure != nil {
			err = fmt.Errorf("%v", failure)
		}
	}()
	return dotnet.GeneratePackage(tool, pkg, nil, nil)
}

// write replaces dir with the generated files.
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}
