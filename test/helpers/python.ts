// Python programs on the plugin: one virtual environment for every test file that runs one, made
// by `npm run python-env`'s makePythonEnv once per content of what goes into it (the schema, the
// stand-ins, the script itself, the Pulumi SDK's version), and kept in the temporary folder
// between runs. Test files run in parallel workers: the first one makes it under a lock, the
// others wait for it.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makePythonEnv, type PythonEnv } from "../../scripts/toolchain/python-env";
import { ROOT } from "./pulumi";

const MINUTE = 60_000;

/** Every file of a folder, recursively, sorted: what a hash of its contents reads. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".pyc"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function contentKey(): string {
  const hash = createHash("sha256");
  for (const file of [
    join(ROOT, "dist", "plugin", "schema.json"),
    join(ROOT, "dist", "scripts", "toolchain", "python-env.js"),
    join(ROOT, "scripts", "toolchain", "pulumi-cli", "go.mod"),
    ...filesUnder(join(ROOT, "scripts", "toolchain", "python-env")),
  ]) {
    hash.update(file).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 12);
}

async function waitFor(done: string, lock: string): Promise<void> {
  for (;;) {
    if (existsSync(done)) return;
    // A lock older than the longest make is a crashed maker's: take over.
    if (!existsSync(lock) || Date.now() - statSync(lock).mtimeMs > 10 * MINUTE) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

let shared: Promise<PythonEnv> | undefined;

/** The one virtual environment of the Python tests (made at the first call, minutes at most). */
export function sharedPythonEnv(): Promise<PythonEnv> {
  shared ??= (async () => {
    const dir = join(tmpdir(), `pulumi-collectors-python-env-${contentKey()}`);
    const done = join(dir, ".made.json");
    const lock = `${dir}.lock`;
    for (;;) {
      if (existsSync(done)) return JSON.parse(readFileSync(done, "utf8")) as PythonEnv;
      try {
        mkdirSync(lock);
      } catch {
        await waitFor(done, lock);
        if (!existsSync(done)) rmSync(lock, { recursive: true, force: true });
        continue;
      }
      try {
        rmSync(dir, { recursive: true, force: true });
        const env = await makePythonEnv(dir);
        writeFileSync(done, JSON.stringify(env));
        return env;
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    }
  })();
  return shared;
}

/** Points the project file in `projectDir` at the environment (runtime.options.virtualenv). */
export function useVirtualenv(projectDir: string, env: PythonEnv): void {
  const file = join(projectDir, "Pulumi.yaml");
  const text = readFileSync(file, "utf8");
  const pointed = text.replace(/^(\s+virtualenv:).*$/m, `$1 ${env.dir}`);
  if (pointed === text) throw new Error(`${file} sets no runtime.options.virtualenv`);
  writeFileSync(file, pointed);
}
