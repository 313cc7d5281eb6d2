// scripts/release/smoke-plugin.ts, the release workflow's run of the darwin and Windows
// executables on their runners, here on Linux against the plugin itself: provider/plugin/main.ts
// bundled as build-plugin does, started through a shell wrapper that names node by its absolute
// path (the smoke run empties PATH). The executables of a release are run here only by
// test/e2e/release.test.ts (linux-amd64, linux-arm64 under qemu); the darwin and Windows ones only
// in the workflow.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageInfoOf, packageManifest } from "../../provider/plugin/version";
import { smokePlugin } from "../../scripts/release/smoke-plugin";
import { withoutPath } from "../../scripts/release/start-plugin";
import { repoRoot } from "../../scripts/toolchain/pulumi-workspace";

const ROOT = repoRoot(__dirname);
const info = packageInfoOf(packageManifest(ROOT));

let tmp: string;
let plugin: string;

function script(name: string, body: string): string {
  const file = join(tmp, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "smoke-plugin-test-"));
  const bundle = join(tmp, "plugin.js");
  buildSync({
    entryPoints: [join(ROOT, "provider", "plugin", "main.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    logLevel: "error",
    define: { PACKAGE_INFO: JSON.stringify(info) },
  });
  plugin = script("plugin", `exec "${process.execPath}" "${bundle}" "$@"`);
});

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("smoke-plugin", () => {
  it("starts the plugin with an empty PATH, reads its port and gets its version over gRPC", async () => {
    const result = await smokePlugin(plugin, info.version);
    expect(result.version).toBe(info.version);
    expect(result.port).toBeGreaterThan(0);
  });

  it("fails when the plugin answers another version than the release's", async () => {
    await expect(smokePlugin(plugin, "9.9.9")).rejects.toThrow(
      `${plugin} answers GetPluginInfo with version ${info.version}, the release is 9.9.9`,
    );
  });

  it("fails with the program's output when its first line is not a port, or it exits", async () => {
    const chatty = script("chatty", "echo starting up; sleep 5");
    await expect(smokePlugin(chatty, info.version)).rejects.toThrow(
      /printed no port on its first line\nstdout: starting up/,
    );
    const dying = script("dying", "echo 'cannot load the blob' >&2; exit 7");
    await expect(smokePlugin(dying, info.version)).rejects.toThrow(
      /exited \(7\) before printing a port\nstdout: \nstderr: cannot load the blob/,
    );
  });

  it("runs it with PATH empty in whatever case the platform spells it, the rest kept", async () => {
    expect(withoutPath({ Path: "C:\\node", SystemRoot: "C:\\Windows", HOME: "/h" })).toEqual({
      SystemRoot: "C:\\Windows",
      HOME: "/h",
      PATH: "",
    });
    const needsPath = script("needs-path", '[ -z "$PATH" ] || { echo "PATH=$PATH" >&2; exit 3; }');
    // Exits 0 (no port) only when PATH was empty: the exit code tells which branch ran.
    await expect(smokePlugin(needsPath, info.version)).rejects.toThrow(/exited \(0\)/);
  });
});
