// On a Node.js older than the package needs, `collectors` and the plugin's launcher say which
// version they need and exit 1, instead of failing inside undici with a stack trace. The old
// Node.js is this machine's own /usr/bin/node (20; the npm scripts run the pinned 22).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MINIMUM_NODE, unsupportedNode } from "../../provider/node-version";
import { nodeBinaries } from "../../scripts/release/platforms";
import { runProcess } from "../../scripts/toolchain/pulumi-workspace";

const ROOT = join(__dirname, "..", "..");
const OLD_NODE = "/usr/bin/node";

describe("the Node.js version check", () => {
  it("is package.json's engines.node", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(manifest.engines.node).toBe(`>=${MINIMUM_NODE}`);
  });

  it("pins the Node.js the release's executables carry, which npm has for all six platforms", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    // node@22.23.3 has no darwin-arm64 binary on the registry: `npm ci` fails on Apple silicon.
    expect(manifest.devDependencies.node).toBe(nodeBinaries().version);
  });

  it("refuses what is older, and only that", () => {
    expect(unsupportedNode("20.20.2")).toMatch(
      /^needs Node\.js 22\.19\.0 or newer; .* is v20\.20\.2$/,
    );
    expect(unsupportedNode("v22.18.9")).toMatch(/is v22\.18\.9$/);
    for (const ok of ["22.19.0", "22.23.2", "23.0.0", "24.1.0"])
      expect(unsupportedNode(ok)).toBeUndefined();
  });

  const old = execFileSync(OLD_NODE, ["--version"], { encoding: "utf8" }).trim();

  it(`collectors on ${old} says what it needs and exits 1`, async () => {
    expect(unsupportedNode(old), `${OLD_NODE} must be older than ${MINIMUM_NODE}`).toBeDefined();
    const run = await runProcess(OLD_NODE, [join(ROOT, "dist", "cli", "main.js"), "list"], {
      cwd: ROOT,
      env: process.env,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `collectors needs Node.js ${MINIMUM_NODE} or newer; ${OLD_NODE} is ${old}. ` +
        "Install a newer Node.js (https://nodejs.org/) and put it first on the PATH.\n",
    );
  });

  it(`the plugin's launcher on ${old} says what it needs and exits 1`, async () => {
    const run = await runProcess(
      join(ROOT, "dist", "plugin", "bin", "pulumi-resource-collectors"),
      [],
      {
        cwd: ROOT,
        env: { ...process.env, PULUMI_COLLECTORS_NODE: OLD_NODE },
      },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      new RegExp(
        `^pulumi-resource-collectors needs Node\\.js ${MINIMUM_NODE} or newer; .* is ${old}\\. Put a newer node first`,
      ),
    );
  });
});
