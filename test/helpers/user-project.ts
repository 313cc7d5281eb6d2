// A user's project outside the repository, with pulumi-collectors in its node_modules as
// `npm install <tarball>` would put it there (unpacked from `npm pack`), next to this
// repository's other dependencies (symlinked, so there is one copy of @pulumi/pulumi and no
// download). `npm pack` needs the build (`npm test` builds first).
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runOrFail } from "../../scripts/toolchain/pulumi-workspace";
import { ROOT } from "./pulumi";

let packed: Promise<string> | undefined;

/**
 * The tarball `npm pack` makes of this checkout, packed once per process (seconds of processor
 * each time, and the build does not change during a run). It stays in dist/test-pack/<pid>, out
 * of the package's files, until the next build empties dist/: a test process may end without
 * running exit handlers.
 */
export function packedTarball(): Promise<string> {
  packed ??= (async () => {
    const dir = join(ROOT, "dist", "test-pack", String(process.pid));
    mkdirSync(dir, { recursive: true });
    const pack = await runOrFail("npm", ["pack", "--silent", "--pack-destination", dir], ROOT);
    return join(dir, pack.stdout.trim().split("\n").at(-1) as string);
  })().catch((error: unknown) => {
    packed = undefined;
    throw error;
  });
  return packed;
}

/** A new folder holding node_modules with the packed package; the caller removes it. */
export async function userProject(prefix = "collectors-user-"): Promise<string> {
  const app = mkdtempSync(join(tmpdir(), prefix));
  const modules = join(app, "node_modules");
  mkdirSync(join(modules, "pulumi-collectors"), { recursive: true });
  await runOrFail(
    "tar",
    [
      "-xzf",
      await packedTarball(),
      "-C",
      join(modules, "pulumi-collectors"),
      "--strip-components=1",
    ],
    app,
  );
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    if (entry !== "pulumi-collectors") {
      symlinkSync(join(ROOT, "node_modules", entry), join(modules, entry));
    }
  }
  return app;
}
