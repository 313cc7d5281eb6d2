// Command sdkgen writes the TypeScript, Go and Python SDKs of a Pulumi package schema with the
// code generators of pkg/v3 at the version this repository builds the Pulumi CLI from, so the
// SDKs match the engine the tests run. `pulumi package gen-sdk` would ask each language's host
// for its SDK, and the Go and Python hosts (and the upstream Node.js one) cannot be built here.
//
//	sdkgen -schema dist/plugin/schema.json -out dist/sdk [-languages nodejs,go,python]
//
// (`npm run build:sdks` builds and runs it) writes <out>/nodejs, <out>/go and <out>/python, each
// emptied first. The schema is bound and validated as `pulumi package gen-sdk` does (and a
// dangling type reference refused); every binding problem and every element without a
// description is printed, and binding errors stop it with exit code 1 before anything is written.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// The tool name the generators write into each file's "do not edit" header.
const tool = "pulumi-collectors sdkgen"

var generators = map[string]func(*schema.Package) (map[string][]byte, error){
	"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
		return nodejs.GeneratePackage(tool, pkg, nil, nil, false, noLoader{})
	},
	"go": func(pkg *schema.Package) (map[string][]byte, error) {
		files, err := gogen.GeneratePackage(tool, pkg, nil)
		if err != nil {
			return nil, err
		}
		return withGoMod(pkg, files)
	},
	"python": func(pkg *schema.Package) (map[string][]byte, error) {
		return python.GeneratePackage(tool, pkg, nil, noLoader{})
	},
}

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON), e.g. dist/plugin/schema.json")
	out := flag.String("out", "", "the folder to write <language>/ SDK folders into, e.g. dist/sdk")
	languages := flag.String("languages", "nodejs,go,python", "comma-separated: nodejs, go, python")
	flag.Parse()
	if *schemaPath == "" || *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: sdkgen -schema <schema.json> -out <folder> [-languages nodejs,go,python]")
		os.Exit(2)
	}
	if err := run(*schemaPath, *out, strings.Split(*languages, ",")); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
		os.Exit(1)
	}
}

func run(schemaPath, out string, languages []string) error {
	for _, language := range languages {
		if generators[language] == nil {
			return fmt.Errorf("unknown language %q: choose among nodejs, go, python", language)
		}
	}
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return fmt.Errorf("%s is not a package schema: %w", schemaPath, err)
	}
	for _, missing := range undescribed(spec) {
		fmt.Fprintf(os.Stderr, "warning: %s: %s has no description\n", schemaPath, missing)
	}
	if err := check(spec, schemaPath); err != nil {
		return err
	}
	for _, language := range languages {
		// A fresh binding per language: each generator records its options in the package.
		pkg, _, err := bind(spec)
		if err != nil {
			return err
		}
		files, err := generate(language, pkg)
		if err != nil {
			return fmt.Errorf("generating the %s SDK: %w", language, err)
		}
		dir := filepath.Join(out, language)
		if err := write(dir, files); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "sdkgen: %s SDK: %d files in %s\n", language, len(files), dir)
	}
	return nil
}

// generate runs one generator; the generators assert (panic) on input they cannot handle, such as
// a name that makes invalid Go: that is reported as an error of that language.
func generate(language string, pkg *schema.Package) (files map[string][]byte, err error) {
	defer func() {
		if failure := recover(); failure != nil {
			err = fmt.Errorf("%v", failure)
		}
	}()
	return generators[language](pkg)
}

// bind binds the schema as `pulumi package gen-sdk` does, except that a reference to a type the
// schema does not define is an error (gen-sdk lets it through as an opaque type).
func bind(spec schema.PackageSpec) (*schema.Package, hcl.Diagnostics, error) {
	return schema.BindSpec(spec, noLoader{}, schema.ValidationOptions{})
}

// check binds the schema once and prints every diagnostic; it fails on any error.
func check(spec schema.PackageSpec, schemaPath string) error {
	_, diags, err := bind(spec)
	if err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	for _, d := range diags {
		severity := "warning"
		if d.Severity == hcl.DiagError {
			severity = "error"
		}
		message := d.Summary
		if d.Detail != "" {
			message += ": " + d.Detail
		}
		fmt.Fprintf(os.Stderr, "%s: %s: %s\n", severity, schemaPath, message)
	}
	if diags.HasErrors() {
		return fmt.Errorf("%s does not bind: %d error(s) above", schemaPath, len(diags.Errs()))
	}
	return nil
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

// noLoader refuses references to other packages: the collectors schema has none, and an SDK
// generated against whatever plugin happened to be installed would not be reproducible.
type noLoader struct{}

var errNoReferences = errors.New("this schema refers to another package; sdkgen generates self-contained packages only")

func (noLoader) LoadPackage(string, *semver.Version) (*schema.Package, error) {
	return nil, errNoReferences
}

func (noLoader) LoadPackageV2(context.Context, *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, errNoReferences
}

func (noLoader) LoadPackageReference(string, *semver.Version) (schema.PackageReference, error) {
	return nil, errNoReferences
}

func (noLoader) LoadPackageReferenceV2(
	context.Context, *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, errNoReferences
}
