package main

import (
	"fmt"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// Names is what each SDK generator calls the schema's elements, as its DocLanguageHelper says
// (the helper the Pulumi Registry's pages are made with): every property by its owner (a
// resource's or object type's token; a function's token with "#inputs" or "#outputs") and name,
// and every function by its token, each then by language.
type Names struct {
	Properties map[string]map[string]map[string]string `json:"properties"`
	Functions  map[string]map[string]string            `json:"functions"`
}

type propertyNamer interface {
	GetPropertyName(p *schema.Property) (string, error)
}

// names lists the names of the package's elements in the languages given (nodejs, python, go).
func names(pkg *schema.Package, languages []string) (Names, error) {
	goHelper := gogen.DocLanguageHelper{}
	goInfo, _ := pkg.Language["go"].(gogen.GoPackageInfo)
	goHelper.GeneratePackagesMap(pkg.Reference(), "pulumi-collectors programgen", goInfo)
	namers := map[string]propertyNamer{
		"nodejs": nodejs.DocLanguageHelper{}, "python": python.DocLanguageHelper{}, "go": goHelper,
	}
	functionName := map[string]func(*schema.Function) string{
		"nodejs": nodejs.DocLanguageHelper{}.GetFunctionName,
		"python": python.DocLanguageHelper{}.GetFunctionName,
		"go":     goHelper.GetFunctionName,
	}
	out := Names{Properties: map[string]map[string]map[string]string{}, Functions: map[string]map[string]string{}}
	add := func(owner string, props []*schema.Property) error {
		for _, p := range props {
			byLanguage := map[string]string{}
			for _, language := range languages {
				name, err := namers[language].GetPropertyName(p)
				if err != nil {
					return err
				}
				byLanguage[language] = name
			}
			if out.Properties[owner] == nil {
				out.Properties[owner] = map[string]map[string]string{}
			}
			out.Properties[owner][p.Name] = byLanguage
		}
		return nil
	}
	for _, r := range pkg.Resources {
		if err := add(r.Token, append(append([]*schema.Property{}, r.InputProperties...), r.Properties...)); err != nil {
			return Names{}, err
		}
	}
	for _, t := range pkg.Types {
		if object, ok := t.(*schema.ObjectType); ok {
			if err := add(object.Token, object.Properties); err != nil {
				return Names{}, err
			}
		}
	}
	for _, f := range pkg.Functions {
		out.Functions[f.Token] = map[string]string{}
		for _, language := range languages {
			out.Functions[f.Token][language] = functionName[language](f)
		}
		if f.Inputs != nil {
			if err := add(f.Token+"#inputs", f.Inputs.Properties); err != nil {
				return Names{}, err
			}
		}
		if f.Outputs != nil {
			if err := add(f.Token+"#outputs", f.Outputs.Properties); err != nil {
				return Names{}, err
			}
		}
	}
	return out, nil
}

// namesOf binds the schema as the programs are bound, then lists its names.
func namesOf(schemaPath string, languages []string) (Names, error) {
	for _, language := range languages {
		if generators[language] == nil {
			return Names{}, fmt.Errorf("unknown language %q: choose among nodejs, python, go", language)
		}
	}
	loader, err := schemaLoader(schemaPath)
	if err != nil {
		return Names{}, err
	}
	return names(loader.(onePackage).pkg, languages)
}
