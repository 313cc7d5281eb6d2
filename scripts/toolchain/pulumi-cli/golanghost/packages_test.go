package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles lays out files (path relative to root → contents).
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A program that imports a generated SDK (pulumi-plugin.json beside its package) and a module
// with pulumi-plugin.json at its root, and requires a third plugin module it never imports. Every
// module is a local replacement, so `go list` needs no network.
func TestRequiredPackages(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"sdk/go.mod":                   "module example.com/pulumi-thing/sdk\n\ngo 1.21\n",
		"sdk/thing/thing.go":           "package thing\n\nconst Name = \"thing\"\n",
		"sdk/thing/pulumi-plugin.json": `{"resource": true, "name": "thing", "version": "1.2.3", "server": "https://example.com/plugins"}`,
		"other/go.mod":                 "module example.com/pulumi-other\n\ngo 1.21\n",
		"other/other.go":               "package other\n\nconst Name = \"other\"\n",
		"other/pulumi-plugin.json":     `{"resource": true}`,
		"unused/go.mod":                "module example.com/unused\n\ngo 1.21\n",
		"unused/unused.go":             "package unused\n",
		"unused/pulumi-plugin.json":    `{"resource": true, "name": "unused", "version": "9.9.9"}`,
		"prog/go.mod": `module example.com/prog

go 1.21

require (
	example.com/pulumi-other v0.3.0
	example.com/pulumi-thing/sdk v0.1.0
	example.com/unused v0.1.0
)

replace (
	example.com/pulumi-other => ../other
	example.com/pulumi-thing/sdk => ../sdk
	example.com/unused => ../unused
)
`,
		"prog/main.go": `package main

import (
	"fmt"

	"example.com/pulumi-other"
	"example.com/pulumi-thing/sdk/thing"
)

func main() { fmt.Println(thing.Name, other.Name) }
`,
	})
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")

	deps, err := requiredPackages(context.Background(), filepath.Join(root, "prog"))
	if err != nil {
		t.Fatal(err)
	}
	type dep struct{ name, kind, version, server string }
	var got []dep
	for _, d := range deps {
		got = append(got, dep{d.Name, d.Kind, d.Version, d.Server})
	}
	want := []dep{
		// Name from the module path, version from the module's, no download URL.
		{"other", "resource", "v0.3.0", ""},
		// All from pulumi-plugin.json, declared once although both the package folder and the
		// module root are looked at.
		{"thing", "resource", "v1.2.3", "https://example.com/plugins"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("plugin %d: got %v, want %v", i, got[i], want[i])
		}
	}
}

func TestRequiredPackagesSaysWhatGoSaid(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":  "module example.com/broken\n\ngo 1.21\n",
		"main.go": "package main\n\nimport \"example.com/nowhere\"\n\nfunc main() { nowhere.X() }\n",
	})
	t.Setenv("GOFLAGS", "-mod=readonly")
	t.Setenv("GOWORK", "off")
	t.Setenv("GOPROXY", "off")
	_, err := requiredPackages(context.Background(), dir)
	if err == nil {
		t.Fatal("no error for a program importing a package no module provides")
	}
	for _, want := range []string{"go list -deps", "example.com/nowhere", "go mod tidy"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not mention %q:\n%v", want, err)
		}
	}
}

func TestNameFromImportPath(t *testing.T) {
	for path, want := range map[string]string{
		"github.com/pulumi/pulumi-aws/sdk/v6":                              "aws",
		"github.com/pulumi-collectors/pulumi-collectors/sdk/go/collectors": "collectors",
		"github.com/pulumi-collectors/pulumi-collectors/sdk/go":            "collectors",
		"example.com/thing": "thing",
	} {
		if got := nameFromImportPath(path); got != want {
			t.Errorf("nameFromImportPath(%q) = %q, want %q", path, got, want)
		}
	}
}

// A prebuilt program run without its sources: no module, nothing to list, no error.
func TestRequiredPackagesWithoutModule(t *testing.T) {
	deps, err := requiredPackages(context.Background(), t.TempDir())
	if err != nil || len(deps) != 0 {
		t.Fatalf("got %v, %v; want no plugins and no error", deps, err)
	}
}
