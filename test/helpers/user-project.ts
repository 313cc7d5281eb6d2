// A user's project outside the repository, with pulumi-collectors in its node_modules as
// `npm install <tarball>` would put it there (unpacked from `npm pack`), next to this
// repository's other dependencies (symlinked, so there is one copy of @pulumi/pulumi and no
// download). `npm pack` needs the build (`npm test` builds first).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runOrFail } from "../../scripts/pulumi-workspace";
import { ROOT } from "./pulumi";

/** A new folder holding node_modules with the packed package; the caller removes it. */
export async function userProject(prefix = "collectors-user-"): Promise<string> {
  const app = mkdtempSync(join(tmpdir(), prefix));
  const pack = await runOrFail("npm", ["pack", "--silent", "--pack-destination", app], ROOT);
  const tarball = join(app, pack.stdout.trim().split("\n").at(-1) as string);
  const modules = join(app, "node_modules");
  mkdirSync(join(modules, "pulumi-collectors"), { recursive: true });
  await runOrFail(
    "tar",
    ["-xzf", tarball, "-C", join(modules, "pulumi-collectors"), "--strip-components=1"],
    app,
  );
  rmSync(tarball);
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    if (entry !== "pulumi-collectors") {
      symlinkSync(join(ROOT, "node_modules", entry), join(modules, entry));
    }
  }
  return app;
}
