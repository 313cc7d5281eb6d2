// Command languagehost is a minimal Pulumi language host for Node.js programs, built and
// installed as `pulumi-language-nodejs` by scripts/toolchain/pulumi-cli.sh.
//
// Why it exists: the upstream host (module
// github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3) is not served by the Go
// module proxy these machines reach, so we cannot build it. This host speaks the same
// LanguageRuntime gRPC protocol (from github.com/pulumi/pulumi/sdk/v3/proto/go) and does what
// a TypeScript/JavaScript program needs from it:
//
//   - Run: starts `node <@pulumi/pulumi/cmd/run> --monitor … <entry point>` in the program
//     directory, with PULUMI_CONFIG / PULUMI_CONFIG_SECRET_KEYS and, unless the project's
//     `runtime.options.typescript` is false, PULUMI_NODEJS_TYPESCRIPT=true (so the SDK runs
//     .ts sources through ts-node and the project's typescript);
//   - GetRequiredPackages/GetRequiredPlugins: resource plugins declared by packages in
//     node_modules (`"pulumi": {"resource": true}` in their package.json);
//   - GenerateProgram: PCL to TypeScript (`pulumi import`, `pulumi convert`), generate.go;
//   - GeneratePackage, Link, InstallDependencies: `pulumi package add` (and `package gen-sdk`,
//     `pulumi install`), package.go: a schema to a TypeScript SDK with pkg/v3's codegen/nodejs,
//     the SDK as a `file:` dependency of the program's package.json (manifest.go), `npm install`;
//     npm only (runtime option packagemanager: npm or unset);
//   - GetPluginInfo, About, GetProgramDependencies, Handshake.
//
// Not implemented (the engine gets codes.Unimplemented): RunPlugin (Node.js provider plugins),
// GenerateProject and Pack (`pulumi new` from a template's PCL, `package pack-sdk`), the legacy
// synchronous-invoke pipes, and attaching a debugger.
//
// The dynamic-provider host `pulumi-resource-pulumi-nodejs` is not part of this: it ships in
// node_modules/@pulumi/pulumi and the engine finds it on PATH.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

func main() {
	// The engine starts language plugins as `pulumi-language-nodejs [flags] <engine address>`.
	// Older engines pass runtime options as flags; accept and ignore the ones we do not use.
	flag.String("tracing", "", "Zipkin-compatible tracing endpoint (ignored)")
	flag.String("root", "", "project root (ignored; taken from each request)")
	flag.Bool("typescript", true, "ignored; taken from the project's runtime options")
	flag.String("tsconfig", "", "ignored; taken from the project's runtime options")
	flag.String("nodeargs", "", "ignored; taken from the project's runtime options")
	flag.String("packagemanager", "", "ignored")
	flag.Parse()

	host := &nodeHost{}
	if args := flag.Args(); len(args) > 0 {
		host.engineAddress = args[0]
	}

	hostkit.Serve("pulumi-language-nodejs", host)
}

type nodeHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	engineAddress string
}

func (h *nodeHost) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.engineAddress = req.GetEngineAddress()
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *nodeHost) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// runtimeOptions are the `runtime.options` of Pulumi.yaml that this host understands.
type runtimeOptions struct {
	typescript     bool
	tsconfigPath   string
	nodeargs       []string
	packageManager string
}

func parseOptions(info *pulumirpc.ProgramInfo) (runtimeOptions, error) {
	opts := runtimeOptions{typescript: true}
	if info == nil || info.GetOptions() == nil {
		return opts, nil
	}
	m := info.GetOptions().AsMap()
	if v, ok := m["typescript"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			return opts, fmt.Errorf("runtime option typescript must be a boolean, got %T", v)
		}
		opts.typescript = b
	}
	if v, ok := m["tsconfig"]; ok {
		s, isString := v.(string)
		if !isString {
			return opts, fmt.Errorf("runtime option tsconfig must be a string, got %T", v)
		}
		opts.tsconfigPath = s
	}
	if v, ok := m["nodeargs"]; ok {
		s, isString := v.(string)
		if !isString {
			return opts, fmt.Errorf("runtime option nodeargs must be a string, got %T", v)
		}
		opts.nodeargs = strings.Fields(s)
	}
	if v, ok := m["packagemanager"]; ok {
		s, isString := v.(string)
		if !isString {
			return opts, fmt.Errorf("runtime option packagemanager must be a string, got %T", v)
		}
		opts.packageManager = s
	}
	return opts, nil
}

// resolveRunScript finds @pulumi/pulumi/cmd/run the way Node would from the program directory,
// so the program and the run script share one copy of @pulumi/pulumi.
func resolveRunScript(nodeBin, dir string) (string, error) {
	if p := os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH"); p != "" {
		return p, nil
	}
	cmd := exec.Command(nodeBin, "-e", "console.log(require.resolve('@pulumi/pulumi/cmd/run'))")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf(
			"could not find @pulumi/pulumi from %s (has `npm install` been run?): %w", dir, err)
	}
	return strings.TrimSpace(string(out)), nil
}

func (h *nodeHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	if req.GetAttachDebugger() {
		return nil, status.Error(codes.Unimplemented, "attaching a debugger is not supported by this language host")
	}
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return &pulumirpc.RunResponse{Error: "could not find node on the PATH"}, nil
	}
	dir := hostkit.ProgramDir(req.GetInfo(), req.GetPwd())
	runScript, err := resolveRunScript(nodeBin, dir)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	opts, err := parseOptions(req.GetInfo())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	args := append([]string{}, opts.nodeargs...)
	args = append(args, runScript)
	flagArg := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flagArg("monitor", req.GetMonitorAddress())
	flagArg("engine", h.engineAddress)
	flagArg("organization", req.GetOrganization())
	flagArg("project", req.GetProject())
	flagArg("stack", req.GetStack())
	flagArg("pwd", dir)
	flagArg("root-directory", req.GetInfo().GetRootDirectory())
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	flagArg("parallel", fmt.Sprint(req.GetParallel()))
	entry := req.GetInfo().GetEntryPoint()
	if entry == "" {
		entry = req.GetProgram()
	}
	if entry == "" {
		entry = "." // the SDK then honours package.json's main/exports
	}
	args = append(args, entry)
	args = append(args, req.GetArgs()...)

	config, err := hostkit.ConfigEnv(req)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(), config...)
	if opts.typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if opts.tsconfigPath != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+opts.tsconfigPath)
	}

	cmd := exec.CommandContext(ctx, nodeBin, args...)
	cmd.Dir = dir
	cmd.Env = env
	// Node may switch its stdio to non-blocking mode; give it pipes rather than our own fds.
	cmd.Stdout = struct{ io.Writer }{os.Stdout}
	cmd.Stderr = struct{ io.Writer }{os.Stderr}
	// Upstream's message names the program, not node.
	return hostkit.RunResult(cmd.Run(), "Program"), nil
}

type packageJSON struct {
	Name         string            `json:"name"`
	Version      string            `json:"version"`
	Dependencies map[string]string `json:"dependencies"`
	Pulumi       struct {
		Resource bool   `json:"resource"`
		Name     string `json:"name"`
		Version  string `json:"version"`
		Server   string `json:"server"`
	} `json:"pulumi"`
}

func readPackageJSON(path string) (*packageJSON, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p packageJSON
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &p, nil
}

// nodeModulesDirs lists the node_modules folders Node would search from dir, nearest first.
func nodeModulesDirs(dir string) []string {
	var dirs []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		nm := filepath.Join(d, "node_modules")
		if st, err := os.Stat(nm); err == nil && st.IsDir() {
			dirs = append(dirs, nm)
		}
		if filepath.Dir(d) == d {
			return dirs
		}
	}
}

// installedPackages returns the package.json of every package directly inside the
// node_modules folders visible from dir (scoped packages included); a nearer one wins.
func installedPackages(dir string) []*packageJSON {
	seen := map[string]bool{}
	var pkgs []*packageJSON
	add := func(pkgDir string) {
		p, err := readPackageJSON(filepath.Join(pkgDir, "package.json"))
		if err != nil || p.Name == "" || seen[p.Name] {
			return
		}
		seen[p.Name] = true
		pkgs = append(pkgs, p)
	}
	for _, nm := range nodeModulesDirs(dir) {
		entries, err := os.ReadDir(nm)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if strings.HasPrefix(name, ".") {
				continue
			}
			if strings.HasPrefix(name, "@") {
				scoped, err := os.ReadDir(filepath.Join(nm, name))
				if err != nil {
					continue
				}
				for _, s := range scoped {
					add(filepath.Join(nm, name, s.Name()))
				}
				continue
			}
			add(filepath.Join(nm, name))
		}
	}
	return pkgs
}

func resourcePlugins(dir string) []*pulumirpc.PluginDependency {
	var deps []*pulumirpc.PluginDependency
	for _, p := range installedPackages(dir) {
		if !p.Pulumi.Resource {
			continue
		}
		name := p.Pulumi.Name
		if name == "" {
			name = strings.TrimPrefix(strings.TrimPrefix(p.Name, "@pulumi/"), "@")
		}
		v := p.Pulumi.Version
		if v == "" {
			v = p.Version
		}
		if v != "" && !strings.HasPrefix(v, "v") {
			v = "v" + v
		}
		deps = append(deps, &pulumirpc.PluginDependency{
			Name: name, Kind: "resource", Version: v, Server: p.Pulumi.Server,
		})
	}
	sort.Slice(deps, func(i, j int) bool { return deps[i].Name < deps[j].Name })
	return deps
}

func (h *nodeHost) GetRequiredPlugins(
	_ context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		dir = req.GetProgram()
	}
	return &pulumirpc.GetRequiredPluginsResponse{Plugins: resourcePlugins(dir)}, nil
}

func (h *nodeHost) GetRequiredPackages(
	_ context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	var pkgs []*pulumirpc.PackageDependency
	for _, p := range resourcePlugins(req.GetInfo().GetProgramDirectory()) {
		pkgs = append(pkgs, &pulumirpc.PackageDependency{
			Name: p.Name, Kind: p.Kind, Version: p.Version, Server: p.Server,
		})
	}
	return &pulumirpc.GetRequiredPackagesResponse{Packages: pkgs}, nil
}

func (h *nodeHost) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return nil, errors.New("could not find node on the PATH")
	}
	out, err := exec.Command(nodeBin, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("node --version: %w", err)
	}
	return &pulumirpc.AboutResponse{
		Executable: nodeBin,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "v"),
	}, nil
}

func (h *nodeHost) GetProgramDependencies(
	_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		dir = req.GetProgram()
	}
	installed := map[string]string{}
	for _, p := range installedPackages(dir) {
		installed[p.Name] = p.Version
	}
	var deps []*pulumirpc.DependencyInfo
	// The program's own package.json, searched upwards like npm does.
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if p, err := readPackageJSON(filepath.Join(d, "package.json")); err == nil {
			for name := range p.Dependencies {
				deps = append(deps, &pulumirpc.DependencyInfo{Name: name, Version: installed[name]})
			}
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	sort.Slice(deps, func(i, j int) bool { return deps[i].Name < deps[j].Name })
	return &pulumirpc.GetProgramDependenciesResponse{Dependencies: deps}, nil
}
