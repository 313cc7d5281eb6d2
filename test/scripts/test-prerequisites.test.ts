// `npm test`'s first step (scripts/toolchain/test-prerequisites.mts), where it can be tried without
// uninstalling anything: on this machine it finds every package (else the suite could not run),
// and a user who is not root, on a PATH without qemu-aarch64 or shellcheck, gets the stop with the
// one command to run, before anything is built. Installing through apt-get as root is what CI's
// fresh machine does at every run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/toolchain/pulumi-workspace";

const SCRIPT = join(repoRoot(__dirname), "scripts", "toolchain", "test-prerequisites.mts");
/** Drops root for the stop case, as a contributor's own account runs it. */
const SETPRIV = ["/usr/bin/setpriv", "/bin/setpriv"].find(existsSync);
const asRoot = process.getuid?.() === 0;

function runScript(env: NodeJS.ProcessEnv, dropRoot: boolean) {
  const command = [process.execPath, SCRIPT];
  const [file, ...args] =
    dropRoot && SETPRIV
      ? [SETPRIV, "--reuid=65534", "--regid=65534", "--clear-groups", ...command]
      : command;
  return spawnSync(file as string, args, { env, encoding: "utf8", timeout: 60_000 });
}

describe("npm test's Debian packages", () => {
  it("finds every package on a machine that runs the suite, and installs nothing", () => {
    const result = runScript(process.env, false);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("stops a user who cannot install them, naming the missing ones and the one command", () => {
    if (asRoot && !SETPRIV) {
      throw new Error("running as root without setpriv (util-linux) to drop root for this case");
    }
    // Node.js alone on the PATH: qemu-aarch64 and shellcheck are not found.
    const result = runScript({ PATH: dirname(process.execPath) }, asRoot);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("qemu-user: the release test runs the linux-arm64 executables");
    expect(result.stderr).toContain("shellcheck: actionlint checks");
    expect(result.stderr).toMatch(
      /^ {2}sudo apt-get update && sudo apt-get install -y qemu-user .*shellcheck$/m,
    );
    expect(result.stderr).not.toContain("installing");
  });
});
