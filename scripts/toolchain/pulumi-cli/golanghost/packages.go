package main

// What a Go program depends on. The engine asks before it runs the program which resource
// plugins to load (GetRequiredPackages, or the older GetRequiredPlugins), so that it can say a
// plugin is missing before the first resource is registered, and `pulumi about` asks for the
// program's modules (GetProgramDependencies).
//
// A Pulumi SDK generated for Go ships a `pulumi-plugin.json` beside its package (the collectors
// SDK: sdk/go/collectors/pulumi-plugin.json), naming the plugin, its version and the
// pluginDownloadURL (`server`); some SDKs put it at their module's root instead. We look in the
// folder of every package the program imports, directly or not (`go list -deps`), and at the
// root of each of their modules, so that a module the program requires but does not import
// brings no plugin, and an SDK of several packages declares its plugin once.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

// goModule is what `go list -json` says about a module.
type goModule struct {
	Path     string
	Version  string
	Dir      string
	Main     bool
	Indirect bool
	Replace  *goModule
}

// goPackage is what `go list -deps -json` says about a package.
type goPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	Module     *goModule
}

// decodeAll reads a stream of JSON objects, as `go list -json` prints them.
func decodeAll[T any](data []byte) ([]T, error) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	var all []T
	for {
		var v T
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			return all, nil
		} else if err != nil {
			return nil, fmt.Errorf("reading the output of go list: %w", err)
		}
		all = append(all, v)
	}
}

// inModule tells whether dir is inside a Go module (a go.mod there or above).
func inModule(dir string) bool {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// packagesOf lists the packages the program in dir is built from, its own included. None when
// there are no sources to list or no toolchain to list them: a prebuilt program (the runtime
// option `binary`) may be run without either. The list is advisory (the engine loads a plugin
// it was not told of when the program first uses it), and Run says what is missing when it
// has to build.
func packagesOf(ctx context.Context, dir string) ([]goPackage, error) {
	if !inModule(dir) {
		return nil, nil
	}
	goBin, err := findGo()
	if err != nil {
		return nil, nil
	}
	out, err := goOutput(ctx, goBin, dir, "list", "-deps", "-json=ImportPath,Dir,Standard,Module", ".")
	if err != nil {
		return nil, fmt.Errorf("cannot tell which Pulumi plugins the Go program needs: %w\n"+
			"(`go mod tidy` in the program's folder adds missing requirements and go.sum entries)", err)
	}
	return decodeAll[goPackage](out)
}

// requiredPackages returns the resource plugins that the program's packages declare, sorted.
func requiredPackages(ctx context.Context, dir string) ([]*pulumirpc.PackageDependency, error) {
	pkgs, err := packagesOf(ctx, dir)
	if err != nil {
		return nil, err
	}
	var deps hostkit.Packages
	add := func(folder string, mod *goModule, importPath string) error {
		// A pulumi-plugin.json without a name or version takes them from the Go import path
		// and the module's version.
		dep, err := hostkit.PluginOf(folder, nameFromImportPath(importPath), mod.Version)
		deps.Add(dep)
		return err
	}
	for _, p := range pkgs {
		if p.Standard || p.Module == nil || p.Module.Main {
			continue
		}
		if err := add(p.Dir, p.Module, p.ImportPath); err != nil {
			return nil, err
		}
		root := p.Module.Dir
		if root == "" && p.Module.Replace != nil {
			root = p.Module.Replace.Dir
		}
		if err := add(root, p.Module, p.Module.Path); err != nil {
			return nil, err
		}
	}
	return deps.Sorted(), nil
}

var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// nameFromImportPath guesses a plugin's name from a Go import path, for a pulumi-plugin.json
// without one: the last element that is not a major version, "sdk" or "go", less "pulumi-"
// (github.com/pulumi/pulumi-aws/sdk/v6 → aws).
func nameFromImportPath(importPath string) string {
	for p := importPath; p != "." && p != "/" && p != ""; p = path.Dir(p) {
		base := path.Base(p)
		if majorVersion.MatchString(base) || base == "sdk" || base == "go" {
			continue
		}
		return strings.TrimPrefix(base, "pulumi-")
	}
	return importPath
}

func (h *goHost) GetRequiredPackages(
	ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	deps, err := requiredPackages(ctx, hostkit.ProgramDir(req.GetInfo(), ""))
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GetRequiredPackagesResponse{Packages: deps}, nil
}

// GetRequiredPlugins is what engines older than GetRequiredPackages ask.
func (h *goHost) GetRequiredPlugins(
	ctx context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	deps, err := requiredPackages(ctx, hostkit.ProgramDir(req.GetInfo(), req.GetPwd()))
	if err != nil {
		return nil, err
	}
	return hostkit.PluginsOf(deps), nil
}

// GetProgramDependencies lists the modules of the program's build (`go list -m all`): those its
// go.mod requires directly, or every one when the engine asks for transitive dependencies. A
// replaced module shows where it comes from (`v0.1.0 => ../sdk/go`), as go.mod says it.
func (h *goHost) GetProgramDependencies(
	ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	goBin, err := findGo()
	if err != nil {
		return nil, err
	}
	dir := hostkit.ProgramDir(req.GetInfo(), req.GetPwd())
	if !inModule(dir) {
		return &pulumirpc.GetProgramDependenciesResponse{}, nil
	}
	out, err := goOutput(ctx, goBin, dir, "list", "-m", "-json", "all")
	if err != nil {
		return nil, err
	}
	mods, err := decodeAll[goModule](out)
	if err != nil {
		return nil, err
	}
	var deps []*pulumirpc.DependencyInfo
	for _, m := range mods {
		if m.Main || (m.Indirect && !req.GetTransitiveDependencies()) {
			continue
		}
		v := m.Version
		if r := m.Replace; r != nil {
			target := r.Path
			if r.Version != "" {
				target += " " + r.Version
			}
			v = strings.TrimSpace(v + " => " + target)
		}
		deps = append(deps, &pulumirpc.DependencyInfo{Name: m.Path, Version: v})
	}
	sort.Slice(deps, func(i, j int) bool { return deps[i].Name < deps[j].Name })
	return &pulumirpc.GetProgramDependenciesResponse{Dependencies: deps}, nil
}
