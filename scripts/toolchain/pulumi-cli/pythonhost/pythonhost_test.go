package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/structpb"
)

func programInfo(t *testing.T, root string, options map[string]any) *pulumirpc.ProgramInfo {
	t.Helper()
	opts, err := structpb.NewStruct(options)
	if err != nil {
		t.Fatal(err)
	}
	return &pulumirpc.ProgramInfo{RootDirectory: root, ProgramDirectory: root, EntryPoint: ".", Options: opts}
}

// The options upstream's host has and this one does not are refused, saying what to do instead.
func TestOptionsRefused(t *testing.T) {
	for option, value := range map[string]any{"toolchain": "poetry", "typechecker": "mypy"} {
		_, err := optionsOf(programInfo(t, t.TempDir(), map[string]any{option: value}))
		if err == nil || !strings.Contains(err.Error(), "runtime option "+option+" is "+value.(string)) {
			t.Errorf("%s: %s: got %v", option, value, err)
		}
	}
	if _, err := optionsOf(programInfo(t, t.TempDir(), map[string]any{"toolchain": "pip"})); err != nil {
		t.Errorf("toolchain pip: %v", err)
	}
}

// A virtualenv that is not there stops Run with upstream's message, naming the folder, relative
// to the project's root.
func TestRunWithoutTheVirtualenv(t *testing.T) {
	root := t.TempDir()
	resp, err := (&pythonHost{}).Run(context.Background(), &pulumirpc.RunRequest{
		Info: programInfo(t, root, map[string]any{"virtualenv": "venv"}),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(root, "venv") + `" doesn't exist`
	if !strings.Contains(resp.GetError(), want) {
		t.Errorf("the error does not say %q: %q", want, resp.GetError())
	}
}

// The plugins are those whose pulumi-plugin.json a distribution of the environment lists among
// its files (as a wheel's RECORD does), whatever the distribution is called; a distribution
// without one brings none.
func TestRequiredPackagesFromTheEnvironment(t *testing.T) {
	python := "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		python = "python3"
	}
	root := t.TempDir()
	venv := filepath.Join(root, "venv")
	if out, err := exec.Command(python, "-m", "venv", "--without-pip", venv).CombinedOutput(); err != nil {
		t.Skipf("cannot make a virtual environment here: %v\n%s", err, out)
	}
	site, err := filepath.Glob(filepath.Join(venv, "lib", "python3*", "site-packages"))
	if err != nil || len(site) != 1 {
		t.Fatalf("site-packages of %s: %v %v", venv, site, err)
	}
	write := func(rel, text string) {
		path := filepath.Join(site[0], rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("pulumi_thing/pulumi-plugin.json", `{"resource": true, "name": "thing", "server": "https://example.com/p"}`)
	write("pulumi_thing-1.2.3.dist-info/METADATA", "Metadata-Version: 2.1\nName: pulumi-thing\nVersion: 1.2.3\n")
	write("pulumi_thing-1.2.3.dist-info/RECORD", "pulumi_thing/pulumi-plugin.json,,\npulumi_thing-1.2.3.dist-info/METADATA,,\n")
	write("plain-0.1.dist-info/METADATA", "Metadata-Version: 2.1\nName: plain\nVersion: 0.1\n")
	write("plain-0.1.dist-info/RECORD", "plain-0.1.dist-info/METADATA,,\n")

	deps, err := requiredPackages(context.Background(), programInfo(t, root, map[string]any{"virtualenv": "venv"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(deps) != 1 {
		t.Fatalf("want one plugin, got %v", deps)
	}
	d := deps[0]
	if d.Name != "thing" || d.Version != "v1.2.3" || d.Kind != "resource" || d.Server != "https://example.com/p" {
		t.Errorf("got %+v", d)
	}
}

// installStream is the engine's end of InstallDependencies: what the host streams, as text.
type installStream struct {
	grpc.ServerStream
	ctx context.Context
	out strings.Builder
}

func (s *installStream) Context() context.Context { return s.ctx }

func (s *installStream) Send(resp *pulumirpc.InstallDependenciesResponse) error {
	s.out.Write(resp.GetStdout())
	s.out.Write(resp.GetStderr())
	return nil
}

// `pulumi install` makes the virtualenv the options name, relative to the project's root, when it
// is missing; with no requirements.txt, that is all it does.
func TestInstallMakesTheVirtualenv(t *testing.T) {
	root := t.TempDir()
	stream := &installStream{ctx: context.Background()}
	err := (&pythonHost{}).InstallDependencies(&pulumirpc.InstallDependenciesRequest{
		Info: programInfo(t, root, map[string]any{"virtualenv": "venv"}),
	}, stream)
	if err != nil {
		t.Fatalf("%v\n%s", err, stream.out.String())
	}
	venv := filepath.Join(root, "venv")
	if _, err := os.Stat(filepath.Join(venv, "pyvenv.cfg")); err != nil {
		t.Errorf("no virtual environment in %s: %v\n%s", venv, err, stream.out.String())
	}
	if !strings.Contains(stream.out.String(), "Creating the virtual environment "+venv) {
		t.Errorf("the output does not say it made %s: %q", venv, stream.out.String())
	}
}
