package main

import (
	"fmt"

	"github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// Names is what the C# SDK generator calls the schema's elements, as its DocLanguageHelper says:
// the same shape as scripts/build/sdkgen/programgen's (properties by owner and name, functions by
// token, each then by language), for "csharp". The walk over the schema is repeated there, as the
// rest of programgen is: each module pins another pkg/v3, and one binary cannot hold both.
type Names struct {
	Properties map[string]map[string]map[string]string `json:"properties"`
	Functions  map[string]map[string]string            `json:"functions"`
}

// namesOf binds the schema as the programs are bound, then lists its C# names.
func namesOf(schemaPath string) (Names, error) {
	loader, err := schemaLoader(schemaPath)
	if err != nil {
		return Names{}, err
	}
	pkg := loader.(onePackage).pkg
	helper := dotnet.DocLanguageHelper{}
	out := Names{Properties: map[string]map[string]map[string]string{}, Functions: map[string]map[string]string{}}
	add := func(owner string, props []*schema.Property) error {
		for _, p := range props {
			name, err := helper.GetPropertyName(p)
			if err != nil {
				return fmt.Errorf("%s.%s: %w", owner, p.Name, err)
			}
			if out.Properties[owner] == nil {
				out.Properties[owner] = map[string]map[string]string{}
			}
			out.Properties[owner][p.Name] = map[string]string{"csharp": name}
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
		out.Functions[f.Token] = map[string]string{"csharp": helper.GetFunctionName(f)}
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
