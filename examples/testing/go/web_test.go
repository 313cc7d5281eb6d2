// An integration test with Pulumi's Go Automation API: WebTier as an inline program through the
// real engine, against the local service started by `collectors serve --json` as a process. Needs
// the `pulumi` CLI, the `collectors` command ($COLLECTORS_CLI, e.g. the path of the release's
// self-contained executable, else `collectors` on the PATH), and the collectors plugin installed
// (`pulumi plugin install resource collectors <version>`). Neither needs Node.js.
package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// localService is what `collectors serve --json` prints when it is ready.
type localService struct {
	Endpoint  string `json:"endpoint"`
	AccessID  string `json:"accessId"`
	AccessKey string `json:"accessKey"`
	Pid       int    `json:"pid"`
}

// collectorsCommand is $COLLECTORS_CLI when set, else `collectors` on the PATH.
func collectorsCommand() string {
	if command := os.Getenv("COLLECTORS_CLI"); command != "" {
		return command
	}
	return "collectors"
}

// startLocalService starts the service on a free loopback port; the test stops it at its end.
func startLocalService(t *testing.T) localService {
	t.Helper()
	cmd := exec.Command(collectorsCommand(), "serve", "--port", "0", "--json")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("collectors serve: %v (put the release's collectors executable on the PATH or set "+
			"COLLECTORS_CLI to its path; or npm install -g pulumi-collectors)", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadBytes('\n')
	if err != nil {
		t.Fatalf("collectors serve printed no ready line: %v", err)
	}
	var service localService
	if err := json.Unmarshal(line, &service); err != nil {
		t.Fatalf("collectors serve's ready line %q: %v", line, err)
	}
	return service
}

// get reads an API path as the test's user, the way any HTTP client would.
func get(t *testing.T, service localService, path string, into any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, service.Endpoint+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.SetBasicAuth(service.AccessID, service.AccessKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", path, res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(into); err != nil {
		t.Fatal(err)
	}
}

func TestWebTierAgainstTheLocalService(t *testing.T) {
	ctx := context.Background()
	service := startLocalService(t)

	stack, err := auto.UpsertStackInlineSource(ctx, "go-test", "collectors-testing-go",
		func(ctx *pulumi.Context) error {
			tier, err := WebTier(ctx, "go-test")
			if err != nil {
				return err
			}
			ctx.Export("collectorId", tier.Collector.ID())
			return nil
		},
		// State in a folder of the test's own, its secrets under a passphrase.
		auto.EnvVars(map[string]string{
			"PULUMI_BACKEND_URL":       "file://" + t.TempDir(),
			"PULUMI_CONFIG_PASSPHRASE": "test",
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stack.Workspace().RemoveStack(ctx, "go-test") })
	err = stack.SetAllConfig(ctx, auto.ConfigMap{
		"collectors:endpoint":  {Value: service.Endpoint},
		"collectors:accessId":  {Value: service.AccessID},
		"collectors:accessKey": {Value: service.AccessKey, Secret: true},
	})
	if err != nil {
		t.Fatal(err)
	}

	up, err := stack.Up(ctx)
	if err != nil {
		t.Fatalf("up: %v", err)
	}
	collectorID := fmt.Sprint(up.Outputs["collectorId"].Value)

	var collector struct {
		Collector struct {
			Category string `json:"category"`
		} `json:"collector"`
	}
	get(t, service, "/collectors/"+collectorID, &collector)
	if collector.Collector.Category != "go-test/web" {
		t.Errorf("category = %q, want go-test/web", collector.Collector.Category)
	}
	var sources struct {
		Sources []struct {
			SourceType string `json:"sourceType"`
			Category   string `json:"category"`
		} `json:"sources"`
	}
	get(t, service, "/collectors/"+collectorID+"/sources", &sources)
	if len(sources.Sources) != 1 || sources.Sources[0].Category != "go-test/web/events" {
		t.Errorf("sources = %+v, want the events source", sources.Sources)
	}

	if _, err := stack.Destroy(ctx); err != nil {
		t.Fatalf("destroy: %v", err)
	}
	var after struct {
		Collectors []any `json:"collectors"`
	}
	get(t, service, "/collectors", &after)
	if len(after.Collectors) != 0 {
		t.Errorf("after destroy the service still holds %d collectors", len(after.Collectors))
	}
}
