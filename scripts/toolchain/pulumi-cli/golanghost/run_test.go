package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/pulumi-collectors/pulumi-cli/hostkit"
)

// Without a Go toolchain, Run says so and where it looked, rather than failing on exec.
func TestRunWithoutGo(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	saved := defaultGo
	defaultGo = filepath.Join(t.TempDir(), "go")
	t.Cleanup(func() { defaultGo = saved })

	resp, err := (&goHost{}).Run(context.Background(), &pulumirpc.RunRequest{
		Info: &pulumirpc.ProgramInfo{ProgramDirectory: t.TempDir(), EntryPoint: "."},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Go toolchain was not found", "no `go` on PATH", defaultGo} {
		if !strings.Contains(resp.GetError(), want) {
			t.Errorf("the error does not mention %q: %q", want, resp.GetError())
		}
	}
}

// The runtime option binary names a program relative to the program's folder; one that is not
// there is an error that names it, and nothing is built.
func TestRunBinaryOption(t *testing.T) {
	dir := t.TempDir()
	opts, err := structpb.NewStruct(map[string]any{"binary": "bin/missing"})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := (&goHost{}).Run(context.Background(), &pulumirpc.RunRequest{
		Info: &pulumirpc.ProgramInfo{ProgramDirectory: dir, EntryPoint: ".", Options: opts},
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "bin", "missing"); !strings.Contains(resp.GetError(), want) {
		t.Errorf("the error does not name %s: %q", want, resp.GetError())
	}

	bad, _ := structpb.NewStruct(map[string]any{"binary": 3.0})
	resp, err = (&goHost{}).Run(context.Background(), &pulumirpc.RunRequest{
		Info: &pulumirpc.ProgramInfo{ProgramDirectory: dir, EntryPoint: ".", Options: bad},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(resp.GetError(), "runtime option binary") {
		t.Errorf("a non-string binary option is not refused: %q", resp.GetError())
	}
}

// The program gets the engine's settings in the variables the Go SDK reads, PULUMI_PLUGINS (which
// would make it exit at once) is not passed on, and its exit code 32 means "already reported".
func TestRunEnvironment(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "env.txt")
	script := filepath.Join(dir, "program")
	body := "#!/bin/sh\nenv > " + out + "\nexit 32\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PULUMI_PLUGINS", "true")
	opts, _ := structpb.NewStruct(map[string]any{"binary": "program"})
	host := &goHost{Engine: hostkit.Engine{Address: "127.0.0.1:1234"}}
	resp, err := host.Run(context.Background(), &pulumirpc.RunRequest{
		Project: "proj", Stack: "dev", Organization: "org", MonitorAddress: "127.0.0.1:5678",
		Config:           map[string]string{"proj:key": "value"},
		ConfigSecretKeys: []string{"proj:key"},
		DryRun:           true,
		Parallel:         8,
		Info: &pulumirpc.ProgramInfo{
			RootDirectory: "/root/dir", ProgramDirectory: dir, EntryPoint: ".", Options: opts,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !resp.GetBail() || resp.GetError() != "" {
		t.Errorf("exit code 32: got bail=%v error=%q, want bail and no error", resp.GetBail(), resp.GetError())
	}
	env, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"PULUMI_MONITOR=127.0.0.1:5678", "PULUMI_ENGINE=127.0.0.1:1234", "PULUMI_PROJECT=proj",
		"PULUMI_STACK=dev", "PULUMI_ORGANIZATION=org", "PULUMI_ROOT_DIRECTORY=/root/dir",
		`PULUMI_CONFIG={"proj:key":"value"}`, `PULUMI_CONFIG_SECRET_KEYS=["proj:key"]`,
		"PULUMI_DRY_RUN=true", "PULUMI_PARALLEL=8",
	} {
		if !strings.Contains("\n"+string(env), "\n"+want+"\n") {
			t.Errorf("the program's environment lacks %s", want)
		}
	}
	if strings.Contains(string(env), "PULUMI_PLUGINS=") {
		t.Error("PULUMI_PLUGINS reached the program")
	}
}
