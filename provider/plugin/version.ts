// The plugin's version, and the @pulumi/pulumi versions it works with (the package's peer
// range, which the generated TypeScript SDK peers on too). The bundle has both written in by the
// build (esbuild's `define`, as there is no package.json beside it); run from the package, they
// are the package's.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

declare const PLUGIN_VERSION: string | undefined;
declare const PULUMI_SDK_RANGE: string | undefined;

interface Manifest {
  name?: string;
  version?: string;
  peerDependencies?: Record<string, string>;
}

let found: Manifest | undefined;

export function pluginVersion(): string {
  if (typeof PLUGIN_VERSION === "string") return PLUGIN_VERSION;
  found ??= packageManifest(__dirname);
  return found.version as string;
}

/** The range of @pulumi/pulumi versions the package (and so each SDK) works with. */
export function pulumiSdkRange(): string {
  if (typeof PULUMI_SDK_RANGE === "string") return PULUMI_SDK_RANGE;
  found ??= packageManifest(__dirname);
  return sdkRangeOf(found);
}

export function sdkRangeOf(manifest: Manifest): string {
  const range = manifest.peerDependencies?.["@pulumi/pulumi"];
  if (!range) throw new Error("package.json names no @pulumi/pulumi peer dependency");
  return range;
}

/** The nearest pulumi-collectors package.json above `dir`. */
export function packageManifest(dir: string): Manifest {
  for (let at = dir; ; at = dirname(at)) {
    const file = join(at, "package.json");
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
      if (manifest.name === "pulumi-collectors" && manifest.version) return manifest;
    }
    if (dirname(at) === at) throw new Error(`no pulumi-collectors package.json above ${dir}`);
  }
}

/** The version in the nearest pulumi-collectors package.json above `dir`. */
export function packageVersion(dir: string): string {
  return packageManifest(dir).version as string;
}
