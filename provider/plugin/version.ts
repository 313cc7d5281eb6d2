// The plugin's version. The bundle has it written in by the build (esbuild's `define`, as there
// is no package.json beside it); run from the package, it is the package's.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

declare const PLUGIN_VERSION: string | undefined;

let found: string | undefined;

export function pluginVersion(): string {
  if (typeof PLUGIN_VERSION === "string") return PLUGIN_VERSION;
  found ??= packageVersion(__dirname);
  return found;
}

/** The version in the nearest pulumi-collectors package.json above `dir`. */
export function packageVersion(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    const file = join(at, "package.json");
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, "utf8")) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === "pulumi-collectors" && manifest.version) return manifest.version;
    }
    if (dirname(at) === at) throw new Error(`no pulumi-collectors package.json above ${dir}`);
  }
}
