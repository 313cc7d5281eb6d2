// The six platforms a release serves, in Pulumi's names (the engine asks for
// pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz), each with the Node.js binary its
// executables (the plugin, and the `collectors` command beside it) are made from: scripts/release/node-binaries.json pins the version (the one published
// on the npm registry for all six) and, per platform, the npm package, its integrity and the
// sha256 of the binary inside.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../toolchain/pulumi-workspace";

export const PLUGIN = "pulumi-resource-collectors";
/** The `collectors` command, released as an executable of its own for users without Node.js. */
export const CLI = "collectors";

export interface NodeBinary {
  /** The npm package that carries it (a repackaging of Node.js's own archive). */
  package: string;
  /** The npm registry's integrity of that package's tarball. */
  integrity: string;
  /** Its path inside the package, under package/. */
  binary: string;
  /** The binary's sha256, as first fetched and checked. */
  sha256: string;
  /** Node.js's own name of the platform (node-v<version>-<upstream>.tar.gz on nodejs.org). */
  upstream: string;
}

export interface NodeBinaries {
  version: string;
  platforms: Record<string, NodeBinary>;
}

export interface Platform {
  /** Pulumi's name: linux-amd64, darwin-arm64, windows-amd64, … */
  name: string;
  os: "linux" | "darwin" | "windows";
  arch: "amd64" | "arm64";
  node: NodeBinary;
}

export function nodeBinaries(): NodeBinaries {
  const file = join(repoRoot(__dirname), "scripts", "release", "node-binaries.json");
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Every platform of the release, in a fixed order. */
export function platforms(table: NodeBinaries = nodeBinaries()): Platform[] {
  return Object.entries(table.platforms).map(([name, node]) => {
    const [os, arch] = name.split("-") as [Platform["os"], Platform["arch"]];
    return { name, os, arch, node };
  });
}

/** Pulumi's name of the machine this runs on. */
export function hostPlatform(): string {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch];
  if (!arch) throw new Error(`no Pulumi plugin name for the architecture ${process.arch}`);
  return `${os}-${arch}`;
}

/** The file name of `program` (PLUGIN or CLI) on the platform: the one at its archive's root. */
export const executableName = (program: string, platform: Pick<Platform, "os">): string =>
  platform.os === "windows" ? `${program}.exe` : program;

/** `program`'s archive for a platform; both programs' archives are .tar.gz, as the engine wants. */
export const archiveName = (version: string, platform: string, program = PLUGIN): string =>
  `${program}-v${version}-${platform}.tar.gz`;
