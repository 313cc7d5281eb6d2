// Builds the provider plugin (part of `npm run build`): dist/plugin/schema.json (the package
// schema the SDK generator reads) and the plugin tarball
// dist/plugin/pulumi-resource-collectors-v<version>-<os>-<arch>.tar.gz, which holds
// `pulumi-resource-collectors` (a launcher) and `pulumi-resource-collectors.js` (the provider
// and every dependency, bundled by esbuild into one file).
//
// A launcher for one bundled file rather than a Node single executable application: the
// tarball is ~2 MB instead of ~100 MB (a SEA carries a whole Node.js), builds the same on every
// platform without postject or code signing, and runs on the Node.js the package already needs;
// the cost is that a `node` of 22.19 or newer must be on the PATH (or in PULUMI_COLLECTORS_NODE).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { packageSchema } from "../provider/plugin/schema";
import { packageInfoOf, packageManifest } from "../provider/plugin/version";
import { repoRoot } from "./pulumi-workspace";

const ROOT = repoRoot(__dirname);
const OUT = join(ROOT, "dist", "plugin");
export const EXECUTABLE = "pulumi-resource-collectors";

/** Pulumi's names for this platform: linux-amd64, darwin-arm64, windows-amd64. */
export function platformName(): string {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch];
  if (!arch) throw new Error(`no Pulumi plugin name for the architecture ${process.arch}`);
  return `${os}-${arch}`;
}

const info = packageInfoOf(packageManifest(ROOT));
const version = info.version;

export const tarballName = () => `${EXECUTABLE}-v${version}-${platformName()}.tar.gz`;

const LAUNCHER = `#!/bin/sh
# Runs the bundled collectors provider with Node.js (22.19 or newer): $PULUMI_COLLECTORS_NODE, else
# the node on the PATH.
exec "\${PULUMI_COLLECTORS_NODE:-node}" "$(dirname "$0")/${EXECUTABLE}.js" "$@"
`;

function main(): void {
  rmSync(OUT, { recursive: true, force: true });
  const stage = join(OUT, "bin");
  mkdirSync(stage, { recursive: true });
  writeFileSync(join(OUT, "schema.json"), `${JSON.stringify(packageSchema(), null, 2)}\n`);
  buildSync({
    entryPoints: [join(ROOT, "provider", "plugin", "main.ts")],
    outfile: join(stage, `${EXECUTABLE}.js`),
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    minify: true,
    legalComments: "linked",
    logLevel: "warning",
    define: { PACKAGE_INFO: JSON.stringify(info) },
  });
  writeFileSync(join(stage, EXECUTABLE), LAUNCHER);
  chmodSync(join(stage, EXECUTABLE), 0o755);
  const tarball = join(OUT, tarballName());
  execFileSync("tar", ["-czf", tarball, "-C", stage, "."]);
  process.stdout.write(`${tarball}\n`);
}

if (require.main === module) main();
