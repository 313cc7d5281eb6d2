// Which programs the end-to-end tests may run without ts-node's type check. Pulumi's Node.js host
// type-checks a TypeScript program on every engine run unless PULUMI_NODEJS_TRANSPILE_ONLY says
// otherwise: seconds of processor time and about 120 MiB per run, hundreds of runs in `npm test`.
// For a program of this repository that check is `npm run typecheck`'s already (tsconfig.json
// includes it), so a run only transpiles. A program tsconfig.json leaves out (an older release's,
// under test/upgrade) or one outside the repository (a user's project with the packed package)
// keeps the check: there, that it compiles is part of what the test shows.
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import picomatch from "picomatch";

interface TsConfig {
  include?: string[];
  exclude?: string[];
}

/** Whether `npm run typecheck` checks the program in `programDir` (a folder under `root`). */
export function typecheckedByTheRepository(root: string, programDir: string): boolean {
  const path = relative(root, programDir).split(sep).join("/");
  if (path === "" || path.startsWith("..")) return false;
  const config = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8")) as TsConfig;
  // A pattern names a folder and everything in it, as tsconfig.json's patterns do.
  const under = (patterns: string[] = []) =>
    picomatch(patterns.flatMap((pattern) => [pattern, `${pattern}/**`]));
  return under(config.include)(path) && !under(config.exclude)(path);
}

/** The environment of an engine run that skips ts-node's type check. */
export const TRANSPILE_ONLY = { PULUMI_NODEJS_TRANSPILE_ONLY: "true" };
