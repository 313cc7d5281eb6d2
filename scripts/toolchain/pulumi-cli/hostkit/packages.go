package hostkit

// What our hosts tell the engine about a program's plugins, before it runs the program
// (GetRequiredPackages, or the older GetRequiredPlugins): a Pulumi SDK generated for any language
// ships a `pulumi-plugin.json` beside its package, naming the plugin, its version and the
// pluginDownloadURL (`server`). Each host finds those files its own way (Go: the packages the
// program imports; Python: the distributions installed in its environment) and reads them here.

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// PluginOf reads folder/pulumi-plugin.json: nil when there is none or it declares no resource
// plugin. A file without a name or version takes fallbackName and fallbackVersion (what the
// package's own name and version say), as the engine would name the plugin of a package
// `pulumi-<name>`.
func PluginOf(folder, fallbackName, fallbackVersion string) (*pulumirpc.PackageDependency, error) {
	if folder == "" {
		return nil, nil
	}
	file := filepath.Join(folder, "pulumi-plugin.json")
	info, err := plugin.LoadPulumiPluginJSON(file)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if !info.Resource {
		return nil, nil
	}
	name := info.Name
	if name == "" {
		name = fallbackName
	}
	version := info.Version
	if version == "" {
		version = fallbackVersion
	}
	if version != "" && !strings.HasPrefix(version, "v") {
		version = "v" + version
	}
	dep := &pulumirpc.PackageDependency{
		Name: name, Kind: "resource", Version: version, Server: info.Server,
	}
	if p := info.Parameterization; p != nil {
		dep.Parameterization = &pulumirpc.PackageParameterization{
			Name: p.Name, Version: p.Version, Value: p.Value,
		}
	}
	if p := info.ExtensionParameterization; p != nil {
		dep.Extension = &pulumirpc.PackageParameterization{
			Name: p.Name, Version: p.Version, Value: p.Value,
		}
	}
	return dep, nil
}

// Packages collects the plugins a program needs, each once (an SDK of several packages may
// declare its plugin in more than one).
type Packages struct {
	seen map[string]bool
	list []*pulumirpc.PackageDependency
}

// Add records dep unless it is nil or recorded already.
func (p *Packages) Add(dep *pulumirpc.PackageDependency) {
	if dep == nil {
		return
	}
	key := dep.Name + "@" + dep.Version
	if param := dep.GetParameterization(); param != nil {
		key += "/" + param.Name + "@" + param.Version
	}
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	if !p.seen[key] {
		p.seen[key] = true
		p.list = append(p.list, dep)
	}
}

// Sorted returns the packages recorded, by name.
func (p *Packages) Sorted() []*pulumirpc.PackageDependency {
	sort.SliceStable(p.list, func(i, j int) bool { return p.list[i].Name < p.list[j].Name })
	return p.list
}

// PluginsOf answers GetRequiredPlugins, what engines older than GetRequiredPackages ask: a
// parameterized package needs its base plugin, which is what its Name and Version are.
func PluginsOf(deps []*pulumirpc.PackageDependency) *pulumirpc.GetRequiredPluginsResponse {
	var plugins []*pulumirpc.PluginDependency
	seen := map[string]bool{}
	for _, d := range deps {
		if key := d.Name + "@" + d.Version; !seen[key] {
			seen[key] = true
			plugins = append(plugins, &pulumirpc.PluginDependency{
				Name: d.Name, Kind: d.Kind, Version: d.Version, Server: d.Server,
			})
		}
	}
	return &pulumirpc.GetRequiredPluginsResponse{Plugins: plugins}
}

// ProgramDir is the folder of the program the engine asks about: the program directory of its
// ProgramInfo, else pwd (what older engines send).
func ProgramDir(info *pulumirpc.ProgramInfo, pwd string) string {
	if d := info.GetProgramDirectory(); d != "" {
		return d
	}
	return pwd
}

// WithoutVariable drops every NAME=… entry from an environment.
func WithoutVariable(env []string, name string) []string {
	kept := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			kept = append(kept, kv)
		}
	}
	return kept
}
