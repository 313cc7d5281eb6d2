// The Go unit tests of our language hosts and their kit (scripts/toolchain/pulumi-cli/*/*_test.go): the
// kit's answer to a method a host leaves out (what to do instead); for the Go host,
// which resource plugins a program's Go packages declare and what the user is told when `go list`
// fails; for the Python host, the runtime options it refuses, a missing virtual environment, and
// the plugins of the distributions installed in one. Run through one `go test` so that `npm test`
// covers them; end to end, the hosts are tested by test/e2e/go.test.ts and test/e2e/python.test.ts.
// -trimpath, as scripts/toolchain/pulumi-cli.sh builds them, so the packages compiled for the CLI are reused
// from Go's build cache.
import { join } from "node:path";
import { expect, it } from "vitest";
import { goCommand } from "../../scripts/build/sdks";
import { repoRoot, runProcess } from "../../scripts/toolchain/pulumi-workspace";

const ROOT = repoRoot(__dirname);
const PACKAGES = ["hostkit", "golanghost", "pythonhost"];

it(
  "go test ./hostkit ./golanghost ./pythonhost passes",
  async () => {
    const result = await runProcess(
      goCommand(),
      ["test", "-count=1", "-trimpath", ...PACKAGES.map((pkg) => `./${pkg}`)],
      {
        cwd: join(ROOT, "scripts", "toolchain", "pulumi-cli"),
        env: { ...process.env, GOFLAGS: "-mod=readonly" },
        timeoutMs: 10 * 60_000,
      },
    );
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    for (const pkg of PACKAGES) {
      expect(result.stdout).toMatch(
        new RegExp(`^ok\\s+github\\.com/pulumi-collectors/pulumi-cli/${pkg}`, "m"),
      );
    }
  },
  10 * 60_000,
);
