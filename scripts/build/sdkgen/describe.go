package main

import (
	"sort"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// undescribed lists, sorted, every resource, type, function, property and config variable of
// the schema without a description: the generators accept them, but each becomes a class, an
// argument or a field whose doc comment is empty in every SDK.
func undescribed(spec schema.PackageSpec) []string {
	var missing []string
	check := func(path, description string) {
		if description == "" {
			missing = append(missing, path)
		}
	}
	properties := func(path string, props map[string]schema.PropertySpec) {
		for name, prop := range props {
			check(path+"."+name, prop.Description)
		}
	}
	object := func(path string, obj *schema.ObjectTypeSpec) {
		if obj != nil {
			properties(path+".properties", obj.Properties)
		}
	}
	properties("config.variables", spec.Config.Variables)
	if spec.Provider != nil {
		properties("provider.inputProperties", spec.Provider.InputProperties)
	}
	for token, res := range spec.Resources {
		check(token, res.Description)
		properties(token+".properties", res.Properties)
		properties(token+".inputProperties", res.InputProperties)
	}
	for token, typ := range spec.Types {
		check(token, typ.Description)
		properties(token+".properties", typ.Properties)
	}
	for token, fn := range spec.Functions {
		check(token, fn.Description)
		object(token+".inputs", fn.Inputs)
		object(token+".outputs", fn.Outputs)
		if fn.ReturnType != nil {
			object(token+".returnType", fn.ReturnType.ObjectTypeSpec)
		}
	}
	sort.Strings(missing)
	return missing
}
