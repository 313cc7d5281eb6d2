package main

// What `pulumi package add` (and `package gen-sdk`, `pulumi install`) ask of a Node.js host:
//
//   - GeneratePackage: a schema to a TypeScript SDK in a folder, with pkg/v3's codegen/nodejs,
//     the generator upstream's host uses, so the SDK is the one upstream would write. For
//     `package add` the CLI asks for a local SDK: its package.json then has a postinstall script
//     that compiles it with its own typescript dependency, and `main: bin/index.js`.
//   - Link: the SDK the CLI copied to <project>/sdks/<name> becomes a dependency of the program's
//     package.json, `"<npm name>": "file:sdks/<name>"`, as upstream's host records it.
//   - InstallDependencies: `npm install` in the program's folder (the CLI calls it right after
//     Link, and for `pulumi install`); npm links the SDK and runs its postinstall.
//
// npm is the one package manager supported, as for the dynamic providers (DESIGN.md).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

func (h *nodeHost) GeneratePackage(
	_ context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	if req.GetDirectory() == "" {
		return nil, errors.New("GeneratePackage: no directory to generate the SDK in")
	}
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	cached := schema.NewCachedLoader(loader)

	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.GetSchema()), &spec); err != nil {
		return nil, fmt.Errorf("GeneratePackage: the schema is not valid JSON: %w", err)
	}
	// As the CLI binds it: a reference to a type of another package need not resolve here.
	pkg, diags, err := schema.BindSpec(spec, cached, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	diagnostics := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: diagnostics}, nil
	}
	// ExtraFiles (the CLI's overlays) are copied into the SDK as they are; LocalDependencies
	// (npm name, or "pulumi" for @pulumi/pulumi, to a local path or tarball) replace the
	// registry versions in the SDK's package.json.
	files, err := nodejs.GeneratePackage("pulumi-language-nodejs", pkg, req.GetExtraFiles(),
		req.GetLocalDependencies(), req.GetLocal(), cached)
	if err != nil {
		return nil, err
	}
	if err := writeFiles(req.GetDirectory(), files); err != nil {
		return nil, err
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: diagnostics}, nil
}

// writeFiles writes each file under dir; a name that would leave dir (an overlay's "../x") is
// refused before anything is written.
func writeFiles(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		if !filepath.IsLocal(filepath.FromSlash(name)) {
			return fmt.Errorf("GeneratePackage: refusing to write %q outside %s", name, dir)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("GeneratePackage: %w", err)
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return fmt.Errorf("GeneratePackage: %w", err)
		}
	}
	return nil
}

func (h *nodeHost) Link(
	_ context.Context, req *pulumirpc.LinkRequest,
) (*pulumirpc.LinkResponse, error) {
	info := req.GetInfo()
	opts, err := parseOptions(info)
	if err != nil {
		return nil, err
	}
	if err := npmOnly(opts); err != nil {
		return nil, err
	}
	root := info.GetRootDirectory()
	dir := info.GetProgramDirectory()
	if dir == "" {
		dir = root
	}
	if dir == "" {
		return nil, errors.New("Link: the request names no program directory")
	}
	manifest := filepath.Join(dir, "package.json")

	var imports strings.Builder
	for _, dep := range req.GetPackages() {
		sdk := dep.GetPath()
		if !filepath.IsAbs(sdk) {
			sdk = filepath.Join(root, sdk)
		}
		name, err := npmName(sdk)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(dir, sdk)
		if err != nil {
			return nil, err
		}
		if err := setDependency(manifest, name, "file:"+filepath.ToSlash(rel)); err != nil {
			return nil, err
		}
		fmt.Fprintf(&imports, "  import * as %s from %q;\n", importName(dep.GetPackage().GetName()), name)
	}
	return &pulumirpc.LinkResponse{
		ImportInstructions: "You can import the SDK in your TypeScript code with:\n\n" + imports.String(),
	}, nil
}

// npmOnly refuses the package managers this host does not drive (runtime option packagemanager).
func npmOnly(opts runtimeOptions) error {
	switch opts.packageManager {
	case "", "auto", "npm":
		return nil
	default:
		return fmt.Errorf("runtime option packagemanager: %q is not supported by this language host; "+
			"use npm (remove the option, or set it to npm)", opts.packageManager)
	}
}

// npmName is the name in an SDK's package.json: what the program imports.
func npmName(sdk string) (string, error) {
	if strings.HasSuffix(sdk, ".tgz") || strings.HasSuffix(sdk, ".tar.gz") {
		return "", fmt.Errorf("Link: %s is a tarball; this host links SDK folders only", sdk)
	}
	p, err := readPackageJSON(filepath.Join(sdk, "package.json"))
	if err != nil {
		return "", fmt.Errorf("Link: the SDK to link has no readable package.json: %w", err)
	}
	if p.Name == "" {
		return "", fmt.Errorf("Link: %s has no name", filepath.Join(sdk, "package.json"))
	}
	return p.Name, nil
}

// importName is the package name in camel case, as a TypeScript identifier ("my-pkg" → myPkg).
func importName(pkg string) string {
	var b strings.Builder
	upper := false
	for _, r := range pkg {
		switch {
		case r == '-' || r == '_' || r == '.' || r == '/':
			upper = b.Len() > 0
		case upper:
			b.WriteString(strings.ToUpper(string(r)))
			upper = false
		default:
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "pkg"
	}
	return b.String()
}

func (h *nodeHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest,
	stream grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	opts, err := parseOptions(req.GetInfo())
	if err != nil {
		return err
	}
	if err := npmOnly(opts); err != nil {
		return err
	}
	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		dir = req.GetDirectory() //nolint:staticcheck // older engines send only this
	}
	if dir == "" {
		return errors.New("InstallDependencies: the request names no program directory")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return errors.New("could not find npm on the PATH: install Node.js with npm, or run " +
			"your package manager's install yourself")
	}
	out := &streamWriter{stream: stream}
	// --loglevel=error: no warnings about a private project's missing description or license.
	cmd := exec.CommandContext(stream.Context(), npm, "install", "--loglevel=error")
	cmd.Dir = dir
	cmd.Stdout = out.to(false)
	cmd.Stderr = out.to(true)
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm install in %s: %w", dir, err)
	}
	return nil
}

// streamWriter sends a command's output as InstallDependencies responses; exec copies stdout
// and stderr from two goroutines, and a gRPC stream takes one Send at a time.
type streamWriter struct {
	mu     sync.Mutex
	stream grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse]
}

type streamHalf struct {
	w      *streamWriter
	stderr bool
}

func (w *streamWriter) to(stderr bool) streamHalf { return streamHalf{w, stderr} }

func (s streamHalf) Write(p []byte) (int, error) {
	chunk := bytes.Clone(p)
	res := &pulumirpc.InstallDependenciesResponse{Stdout: chunk}
	if s.stderr {
		res = &pulumirpc.InstallDependenciesResponse{Stderr: chunk}
	}
	s.w.mu.Lock()
	defer s.w.mu.Unlock()
	if err := s.w.stream.Send(res); err != nil {
		return 0, err
	}
	return len(p), nil
}
