// What the plugin says of itself: its version, the @pulumi/pulumi versions it works with (the
// package's peer range, which the generated TypeScript SDK peers on too) and the registry
// metadata of its schema (where the engine downloads the plugin, the project's pages). All of it
// is package.json's; the bundle has it written in by the build (esbuild's `define`, as there is no
// package.json beside it).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

declare const PACKAGE_INFO: PackageInfo | undefined;

/** The environment variable a fork or a mirror sets at build time to move the download URL. */
export const DOWNLOAD_URL_VARIABLE = "PULUMI_COLLECTORS_PLUGIN_DOWNLOAD_URL";

interface Manifest {
  name?: string;
  version?: string;
  license?: string;
  homepage?: string;
  repository?: string | { url?: string };
  peerDependencies?: Record<string, string>;
  config?: { pluginDownloadURL?: string };
}

export interface PackageInfo {
  version: string;
  /** The range of @pulumi/pulumi versions the package (and so each SDK) works with. */
  pulumiSdkRange: string;
  /** Where the engine fetches `pulumi-resource-collectors-v<version>-<os>-<arch>.tar.gz`. */
  pluginDownloadURL: string;
  homepage: string;
  repository: string;
  license: string;
}

let found: PackageInfo | undefined;

/** This package's info: the build's when bundled, else the nearest package.json's. */
export function packageInfo(): PackageInfo {
  if (typeof PACKAGE_INFO === "object") return PACKAGE_INFO;
  found ??= packageInfoOf(packageManifest(__dirname));
  return found;
}

/**
 * Whether this runs from a bundle (the plugin's, or the self-contained `collectors`): then no
 * package folder is beside it, only what the build wrote in.
 */
export const isBundled = (): boolean => typeof PACKAGE_INFO === "object";

export const pluginVersion = (): string => packageInfo().version;
export const pulumiSdkRange = (): string => packageInfo().pulumiSdkRange;

/** A manifest's info; `env` may move the download URL (DOWNLOAD_URL_VARIABLE). */
export function packageInfoOf(manifest: Manifest, env = process.env): PackageInfo {
  const missing = (field: string): never => {
    throw new Error(`package.json has no ${field}`);
  };
  const repository =
    typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
  return {
    version: manifest.version ?? missing("version"),
    pulumiSdkRange:
      manifest.peerDependencies?.["@pulumi/pulumi"] ?? missing("@pulumi/pulumi peer dependency"),
    pluginDownloadURL:
      env[DOWNLOAD_URL_VARIABLE] ||
      (manifest.config?.pluginDownloadURL ?? missing("config.pluginDownloadURL")),
    homepage: manifest.homepage ?? missing("homepage"),
    // npm's "git+https://…/x.git" form, as a page a person opens.
    repository: (repository ?? missing("repository")).replace(/^git\+/, "").replace(/\.git$/, ""),
    license: manifest.license ?? missing("license"),
  };
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
