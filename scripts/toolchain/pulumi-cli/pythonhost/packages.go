package main

// What a Python program depends on: the distributions installed in its environment. The engine
// asks before it runs the program which resource plugins to load (GetRequiredPackages, or the
// older GetRequiredPlugins), and `pulumi about` asks for the program's packages
// (GetProgramDependencies).
//
// A Pulumi SDK generated for Python ships `pulumi-plugin.json` inside its package
// (pulumi_collectors/pulumi-plugin.json), installed with the wheel and listed among the
// distribution's files. Python itself lists them (installedScript), so that whatever installed
// the distribution (pip, a wheel, Debian), its plugin is found.

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/pulumi/pulumi/sdk/v3/python/toolchain"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

// installedScript prints, as JSON, each distribution Python sees: its name, version, and the
// folders of the pulumi-plugin.json files among its files.
const installedScript = `
import importlib.metadata as metadata, json, os, sys
found = []
for dist in metadata.distributions():
    plugins = [os.path.dirname(str(dist.locate_file(f)))
               for f in (dist.files or []) if f.name == "pulumi-plugin.json"]
    found.append({"name": dist.metadata["Name"], "version": dist.version, "plugins": plugins})
json.dump(found, sys.stdout)
`

// distribution is one entry of installedScript's output.
type distribution struct {
	Name    string   `json:"name"`
	Version string   `json:"version"`
	Plugins []string `json:"plugins"`
}

func installed(ctx context.Context, tc toolchain.Toolchain) ([]distribution, error) {
	if err := tc.ValidateVenv(ctx); err != nil {
		return nil, err
	}
	cmd, err := tc.Command(ctx, "-c", installedScript)
	if err != nil {
		return nil, err
	}
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("cannot list the Python packages installed (%s): %w",
			strings.Join(cmd.Args[:1], " "), err)
	}
	var dists []distribution
	if err := json.Unmarshal(out, &dists); err != nil {
		return nil, fmt.Errorf("reading the Python packages installed: %w", err)
	}
	return dists, nil
}

// requiredPackages returns the resource plugins that the installed distributions declare, sorted.
func requiredPackages(ctx context.Context, info *pulumirpc.ProgramInfo) ([]*pulumirpc.PackageDependency, error) {
	tc, err := toolchainFor(info)
	if err != nil {
		return nil, err
	}
	dists, err := installed(ctx, tc)
	if err != nil {
		return nil, err
	}
	var deps hostkit.Packages
	for _, d := range dists {
		for _, folder := range d.Plugins {
			// A file without a name takes the package's folder's, less `pulumi_` (pulumi_aws → aws).
			name := strings.TrimPrefix(filepath.Base(folder), "pulumi_")
			dep, err := hostkit.PluginOf(folder, name, d.Version)
			if err != nil {
				return nil, err
			}
			deps.Add(dep)
		}
	}
	return deps.Sorted(), nil
}

func (h *pythonHost) GetRequiredPackages(
	ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	deps, err := requiredPackages(ctx, req.GetInfo())
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GetRequiredPackagesResponse{Packages: deps}, nil
}

func (h *pythonHost) GetRequiredPlugins(
	ctx context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	deps, err := requiredPackages(ctx, req.GetInfo())
	if err != nil {
		return nil, err
	}
	return hostkit.PluginsOf(deps), nil
}

// GetProgramDependencies lists what pip lists: the distributions no other requires, or every one
// when the engine asks for transitive dependencies.
func (h *pythonHost) GetProgramDependencies(
	ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	tc, err := toolchainFor(req.GetInfo())
	if err != nil {
		return nil, err
	}
	listed, err := tc.ListPackages(ctx, req.GetTransitiveDependencies())
	if err != nil {
		return nil, err
	}
	deps := make([]*pulumirpc.DependencyInfo, 0, len(listed))
	for _, d := range listed {
		deps = append(deps, &pulumirpc.DependencyInfo{Name: d.Name, Version: d.Version})
	}
	return &pulumirpc.GetProgramDependenciesResponse{Dependencies: deps}, nil
}
