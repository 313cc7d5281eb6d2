// Command programgen renders the reference pages' example programs (PCL, one file per resource
// kind) into TypeScript, Python and Go with pkg/v3's program generators, the ones
// `pulumi convert` runs, at the version the Pulumi CLI is built from.
//
//	programgen -schema dist/plugin/schema.json -programs docs/reference/programs [-languages nodejs,python,go]
//
// prints a JSON object to stdout: file name without ".pp" → language → the program's source.
// With -names instead of -programs it prints what each language's SDK calls the schema's
// properties and functions (names.go), which the reference pages show beside the schema's names.
// Every file is bound alone (an example that needs another file's resources fails) and all of
// them together (the tests run them as one program, so names must be unique across files); a
// binding or generation diagnostic of either stops it with exit code 1, printed to stderr.
// The C# generator left pkg/v3 (scripts/build/sdkgen-dotnet/programgen) and the YAML one lives in
// pulumi-yaml (scripts/toolchain/pulumi-yaml/programgen): each renders the same files the same way.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

type generator func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)

var generators = map[string]generator{
	"nodejs": nodejs.GenerateProgram,
	"python": python.GenerateProgram,
	"go":     gogen.GenerateProgram,
}

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON), e.g. dist/plugin/schema.json")
	programs := flag.String("programs", "", "the folder of .pp programs, e.g. docs/reference/programs")
	languages := flag.String("languages", "nodejs,python,go", "comma-separated: nodejs, python, go")
	listNames := flag.Bool("names", false, "print the SDKs' names of the schema's elements instead")
	flag.Parse()
	if *schemaPath == "" || (*programs == "") == !*listNames || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: programgen -schema <schema.json> (-programs <folder> | -names) [-languages nodejs,python,go]")
		os.Exit(2)
	}
	var rendered any
	var err error
	if *listNames {
		rendered, err = namesOf(*schemaPath, strings.Split(*languages, ","))
	} else {
		rendered, err = run(*schemaPath, *programs, strings.Split(*languages, ","))
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "programgen: %v\n", err)
		os.Exit(1)
	}
	out, err := json.MarshalIndent(rendered, "", "  ")
	if err != nil {
		fmt.Fprintf(os.Stderr, "programgen: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(string(out))
}

func run(schemaPath, folder string, languages []string) (map[string]map[string]string, error) {
	for _, language := range languages {
		if generators[language] == nil {
			return nil, fmt.Errorf("unknown language %q: choose among nodejs, python, go", language)
		}
	}
	loader, err := schemaLoader(schemaPath)
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(folder, "*.pp"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no .pp programs in %s", folder)
	}
	sort.Strings(files)
	if _, err := bind(loader, files...); err != nil {
		return nil, fmt.Errorf("the programs together: %w", err)
	}
	rendered := map[string]map[string]string{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".pp")
		rendered[name] = map[string]string{}
		for _, language := range languages {
			// A fresh binding per language: a generator may rewrite the program it is given.
			program, err := bind(loader, file)
			if err != nil {
				return nil, err
			}
			source, err := render(generators[language], program)
			if err != nil {
				return nil, fmt.Errorf("%s in %s: %w", file, language, err)
			}
			rendered[name][language] = source
		}
	}
	return rendered, nil
}

// bind parses and binds the files as one program; any diagnostic is an error.
func bind(loader schema.ReferenceLoader, paths ...string) (*pcl.Program, error) {
	parser := syntax.NewParser()
	for _, path := range paths {
		text, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		err = parser.ParseFile(text, filepath.Base(path))
		text.Close()
		if err != nil {
			return nil, err
		}
	}
	if len(parser.Diagnostics) > 0 {
		return nil, fmt.Errorf("%s", describe(parser.Diagnostics))
	}
	program, diags, err := pcl.BindProgram(parser.Files, loader)
	if err != nil {
		return nil, err
	}
	if len(diags) > 0 {
		return nil, fmt.Errorf("%s", describe(diags))
	}
	return program, nil
}

// render runs one generator and returns its one file; a diagnostic or a panic is an error.
func render(generate generator, program *pcl.Program) (source string, err error) {
	defer func() {
		if failure := recover(); failure != nil {
			err = fmt.Errorf("%v", failure)
		}
	}()
	files, diags, err := generate(program)
	if err != nil {
		return "", err
	}
	if len(diags) > 0 {
		return "", fmt.Errorf("%s", describe(diags))
	}
	if len(files) != 1 {
		return "", fmt.Errorf("expected one file, the generator wrote %d", len(files))
	}
	for _, content := range files {
		source = string(content)
	}
	return source, nil
}

func describe(diags hcl.Diagnostics) string {
	lines := make([]string, 0, len(diags))
	for _, d := range diags {
		lines = append(lines, d.Error())
	}
	return strings.Join(lines, "\n")
}

// schemaLoader serves the one package the programs use, bound from the schema file; it refuses
// every other package, as sdkgen does (the examples use no other provider).
func schemaLoader(schemaPath string) (schema.ReferenceLoader, error) {
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return nil, fmt.Errorf("%s is not a package schema: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, onePackage{}, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", schemaPath, describe(diags))
	}
	return onePackage{pkg}, nil
}

type onePackage struct{ pkg *schema.Package }

func (l onePackage) find(name string) (*schema.Package, error) {
	if l.pkg == nil || name != l.pkg.Name {
		return nil, fmt.Errorf("package %q: %w", name, errOtherPackage)
	}
	return l.pkg, nil
}

var errOtherPackage = errors.New("the example programs may use the collectors package only")

func (l onePackage) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return l.find(name)
}

func (l onePackage) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.find(d.Name)
}

func (l onePackage) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.find(name)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l onePackage) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}
