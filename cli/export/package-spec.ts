// Where the generated project gets pulumi-collectors from, so that the printed `npm install`
// works as printed: the spec given with --package-spec, or else the way this very command was
// installed — from a tarball (the project depends on that file), from a folder such as a
// checkout of the repository (that folder, installed as a copy), or from a registry (the
// version range). Paths are written relative to the project, as `npm install <path>` writes them.
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { UsageError } from "../shared/output";
import type { ProjectSetup } from "./report";

export interface PackageSource {
  /** The dependency's spec in the generated package.json. */
  spec: string;
  /**
   * The spec is a folder: npm must install it as a copy (`install-links`), not a symlink, or the
   * program would load a second @pulumi/pulumi from the folder's own node_modules.
   */
  folder: boolean;
  /** Where it comes from, for the summary: "the tarball ../x.tgz", "the registry". */
  from: string;
}

/** What the summary says of the package's source, and the step that installs it. */
export function packageSetup(source: PackageSource): ProjectSetup {
  return {
    language: "typescript",
    note:
      `The project installs pulumi-collectors from ${source.from} (\`${source.spec}\` in ` +
      "package.json; --package-spec chooses another).",
    steps: ["npm install"],
  };
}

/** Whether npm reads a spec as a path (npm-package-arg's rules for file and directory specs). */
function pathOf(spec: string): string | undefined {
  if (spec.startsWith("file:")) return spec.slice("file:".length);
  if (/^(\.{1,2}([\\/]|$)|[\\/]|~[\\/])/.test(spec) || /\.(tgz|tar\.gz|tar)$/.test(spec)) {
    return spec;
  }
  return undefined;
}

/** A path spec as the project at `out` reaches it. */
function fromPath(path: string, out: string, what: string): PackageSource {
  if (!existsSync(path)) {
    throw new UsageError(
      `${what} ${path}: no such file or folder; give the tarball \`npm pack\` made, the package's folder, or a version range`,
    );
  }
  const folder = statSync(path).isDirectory();
  const rel = relative(out, path).split("\\").join("/") || ".";
  const spec = `file:${rel}`;
  return { spec, folder, from: `${folder ? "the folder" : "the tarball"} ${rel}` };
}

/** The spec for --package-spec as given (paths relative to `cwd`). */
export function givenSource(given: string, out: string, cwd: string): PackageSource {
  const path = pathOf(given);
  if (path === undefined) return { spec: given, folder: false, from: `npm, as ${given}` };
  return fromPath(resolve(cwd, path), out, "--package-spec");
}

/** The registry's version range; `why` says why not a file (after "the registry"). */
export function registrySource(version: string, why = ""): PackageSource {
  return { spec: `^${version}`, folder: false, from: `the registry${why}` };
}

/**
 * How the package at `root` (this command's own) was installed, as a spec for a project at
 * `out`: the tarball or folder npm recorded for it, else the registry's version range.
 */
export function installedSource(root: string, version: string, out: string): PackageSource {
  const registry = (why = ""): PackageSource => registrySource(version, why);
  // Not inside a node_modules folder: a checkout (or a folder npm linked), used as it is.
  if (basename(dirname(root)) !== "node_modules") return fromPath(root, out, "installed from");
  const project = dirname(dirname(root));
  const resolved = recordedSpec(project, `node_modules/${basename(root)}`);
  if (resolved === undefined) {
    return registry(" (npm recorded no tarball or folder for this installation)");
  }
  const path = resolve(project, resolved);
  return existsSync(path)
    ? fromPath(path, out, "installed from")
    : registry(` (it was installed from ${path}, which is gone)`);
}

/** The `file:` path npm recorded for a package of the project, when it came from one. */
function recordedSpec(project: string, entry: string): string | undefined {
  for (const name of ["node_modules/.package-lock.json", "package-lock.json"]) {
    let resolved: unknown;
    try {
      resolved = JSON.parse(readFileSync(join(project, name), "utf8")).packages?.[entry]?.resolved;
    } catch {
      continue; // no such lockfile: try the next one
    }
    return typeof resolved === "string" && resolved.startsWith("file:")
      ? resolved.slice("file:".length)
      : undefined;
  }
  return undefined;
}
