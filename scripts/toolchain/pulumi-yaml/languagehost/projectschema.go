package main

// The project file the CLI writes, read by a host built on an older SDK.
//
// pulumi-yaml v1.25.0 builds with github.com/pulumi/pulumi/sdk/v3 v3.206.0 (its go.mod; it does not
// compile against v3.259.0's pkg/v3), and its Run loads Pulumi.yaml with that SDK, which validates
// the file against the project schema of v3.206.0. CLI v3.259.0 writes package entries that schema
// does not know: `pulumi package add <name>@<version> --server <url>` records
// `pluginDownloadURL`, and the CLI may also write `checksums` and `extensions`. Without this, every
// run of such a project fails with "#/packages/<name>: additionalProperties 'pluginDownloadURL' not
// allowed". We allow the three fields, typed as CLI v3.259.0 types them, in the compiled schema the
// SDK validates with. The SDK's Project type ignores them when it reads the file; the engine (the
// CLI's own SDK) is what uses them.

import (
	"fmt"

	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/santhosh-tekuri/jsonschema/v5"
)

// newerPackageFields are the package-entry fields of the CLI's project schema that v3.206.0 lacks.
const newerPackageFields = `{
  "type": "object",
  "properties": {
    "pluginDownloadURL": {"type": "string"},
    "checksums": {"type": "object", "additionalProperties": {"type": "string"}},
    "extensions": {"type": "array", "items": {"type": "string"}}
  }
}`

// allowNewerPackageFields adds newerPackageFields to the object form of a `packages:` entry in
// workspace.ProjectSchema. It changes nothing and says why when the schema is not shaped as
// v3.206.0's is (another SDK version: it may know the fields already).
func allowNewerPackageFields() error {
	extra, err := jsonschema.CompileString("newer-package-fields.json", newerPackageFields)
	if err != nil {
		return err
	}
	spec := packageSpecSchema(workspace.ProjectSchema)
	if spec == nil {
		return fmt.Errorf("the project schema has no object form of a packages entry")
	}
	for name, field := range extra.Properties {
		if _, known := spec.Properties[name]; !known {
			spec.Properties[name] = field
		}
	}
	return nil
}

// packageSpecSchema finds the object form of a `packages:` entry: the `oneOf` member of
// packages' additionalProperties that has a `source` property (itself, or what its $ref names).
func packageSpecSchema(project *jsonschema.Schema) *jsonschema.Schema {
	if project == nil {
		return nil
	}
	packages := project.Properties["packages"]
	if packages == nil {
		return nil
	}
	entry, ok := packages.AdditionalProperties.(*jsonschema.Schema)
	if !ok || entry == nil {
		return nil
	}
	for _, form := range entry.OneOf {
		for s := form; s != nil; s = s.Ref {
			if _, ok := s.Properties["source"]; ok {
				return s
			}
		}
	}
	return nil
}
