// `npm run python-env`'s command line: what it refuses, before it asks for a Debian package or
// makes anything (making an environment is the end-to-end tests' part: test/helpers/python.ts,
// and the release's wheel in test/e2e/release.test.ts).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureBuilt, REPO } from "../emulator/serve-process";

const SCRIPT = join(REPO, "dist", "scripts", "toolchain", "python-env.js");

describe("npm run python-env's command line", () => {
  let dir: string;
  beforeAll(() => ensureBuilt(), 300_000);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "python-env-cli-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // As npm runs it: from the package's folder, with INIT_CWD the folder npm was run in.
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [SCRIPT, ...args], {
      cwd: REPO,
      env: { ...process.env, INIT_CWD: dir },
      encoding: "utf8",
    });

  it.each([
    [[], /^python-env: give one folder\nusage: npm run python-env -- DIR \[--wheel FILE\]\n$/],
    [["venv", "other"], /^python-env: give one folder\n/],
    [["venv", "--whl", "x.whl"], /^python-env: Unknown option '--whl'/],
    [
      ["venv", "--wheel", "missing.whl"],
      /^python-env: no file \/\S+\/python-env-cli-\w+\/missing\.whl: --wheel takes a pulumi_collectors wheel/,
    ],
  ])("%j exits 2, says why, and makes nothing", (args, said) => {
    const result = run(...args);
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toMatch(said);
    expect(existsSync(join(dir, "venv"))).toBe(false);
    expect(existsSync(join(REPO, "venv"))).toBe(false);
  });
});
