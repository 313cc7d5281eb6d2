// The Go unit tests of our Go language host (scripts/pulumi-cli/golanghost/*_test.go): which
// resource plugins a program's Go packages declare, and what the user is told when `go list`
// fails. Run through `go test` so that `npm test` covers them; end to end, the host is tested by
// test/e2e/go.test.ts. -trimpath, as scripts/pulumi-cli.sh builds it, so the packages compiled for
// the CLI are reused from Go's build cache.
import { join } from "node:path";
import { expect, it } from "vitest";
import { goCommand } from "../../scripts/build-sdks";
import { repoRoot, runProcess } from "../../scripts/pulumi-workspace";

const ROOT = repoRoot(__dirname);

it(
  "go test ./golanghost passes",
  async () => {
    const result = await runProcess(
      goCommand(),
      ["test", "-count=1", "-trimpath", "./golanghost"],
      {
        cwd: join(ROOT, "scripts", "pulumi-cli"),
        env: { ...process.env, GOFLAGS: "-mod=readonly" },
        timeoutMs: 10 * 60_000,
      },
    );
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^ok\s+github\.com\/pulumi-collectors\/pulumi-cli\/golanghost/m);
  },
  10 * 60_000,
);
