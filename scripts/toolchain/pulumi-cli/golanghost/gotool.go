package main

// Finding and running the `go` command: every method of this host but Handshake and
// GetPluginInfo needs it, and each says the same thing when it is missing.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// defaultGo is where Go's official installer puts the toolchain: a machine that has Go there
// but not on the PATH the engine passes to its plugins still runs Go programs. (A variable so
// that a test can take it away.)
var defaultGo = "/usr/local/go/bin/go"

// findGo returns the go command to use: `go` on PATH, else defaultGo.
func findGo() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	if st, err := os.Stat(defaultGo); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
		return defaultGo, nil
	}
	return "", errors.New("cannot run a Go program: the Go toolchain was not found (no `go` on " +
		"PATH and no " + defaultGo + "). Install Go (https://go.dev/dl/) and put its bin folder " +
		"on PATH, then run the command again")
}

func goCommand(ctx context.Context, goBin, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, goBin, args...)
	cmd.Dir = dir
	return cmd
}

// goOutput runs `go <args>` in dir and returns its stdout; on failure the error carries the
// command line and everything go printed on stderr, which is what says what is wrong.
func goOutput(ctx context.Context, goBin, dir string, args ...string) ([]byte, error) {
	cmd := goCommand(ctx, goBin, dir, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("`go %s` in %s failed:\n%s", strings.Join(args, " "), dir, msg)
	}
	return out, nil
}
