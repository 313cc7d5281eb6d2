// The package's `engines.node` must be true to what it runs on: every Node version it admits must
// be admitted by every package it loads at run time (its dependencies, their dependencies, and
// the @pulumi/pulumi peer a user installs beside it), as installed in node_modules.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");

interface Manifest {
  name: string;
  version: string;
  license?: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;

/** The folder a package `name` resolves to from `fromDir`, as Node's require would find it. */
function packageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Every installed package reachable at run time from the root's runtime and peer dependencies. */
function runtimeClosure(): Map<string, Manifest> {
  const root = readManifest(ROOT);
  const seen = new Map<string, Manifest>();
  const queue: [string, string][] = Object.keys({
    ...root.dependencies,
    ...root.peerDependencies,
  }).map((name) => [name, ROOT]);
  while (queue.length > 0) {
    const [name, from] = queue.shift() as [string, string];
    const dir = packageDir(name, from);
    if (!dir || seen.has(dir)) continue; // an optional dependency for another platform
    const manifest = readManifest(dir);
    seen.set(dir, manifest);
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      queue.push([dep, dir]);
    }
  }
  return seen;
}

describe("package manifest", () => {
  const ours = readManifest(ROOT).engines?.node as string;

  it("admits only Node versions every runtime dependency admits", () => {
    expect(semver.validRange(ours), `engines.node "${ours}"`).not.toBeNull();
    const closure = runtimeClosure();
    // undici, zod, fastify, commander, @pulumi/pulumi and their own dependencies at least.
    expect(closure.size).toBeGreaterThan(20);
    const stricter = [...closure.values()]
      .filter((m) => m.engines?.node && !semver.subset(ours, m.engines.node))
      .map((m) => `${m.name}@${m.version} needs node ${m.engines?.node}`);
    expect(stricter, `engines.node "${ours}" admits versions these refuse`).toEqual([]);
  });

  it("is no stricter than the strictest runtime dependency needs", () => {
    const floors = [...runtimeClosure().values()]
      .map((m) => m.engines?.node && semver.minVersion(m.engines.node))
      .filter((v): v is semver.SemVer => Boolean(v));
    const strictest = floors.reduce((a, b) => (semver.gt(a, b) ? a : b));
    expect(semver.minVersion(ours)?.version).toBe(strictest.version);
  });

  it("ships the license it names", () => {
    expect(readManifest(ROOT).license).toBe("Apache-2.0");
    const text = readFileSync(join(ROOT, "LICENSE"), "utf8");
    expect(text).toMatch(/^Apache License\s+Version 2\.0, January 2004/);
    expect(text).toContain("END OF TERMS AND CONDITIONS");
  });

  it("runs its own scripts on a Node it admits (the pinned `node` devDependency)", () => {
    const require = createRequire(join(ROOT, "package.json"));
    const pinned = (require("node/package.json") as Manifest).version;
    expect(semver.satisfies(pinned, ours), `node ${pinned} vs "${ours}"`).toBe(true);
    expect(semver.satisfies(process.versions.node, ours), process.version).toBe(true);
  });
});
