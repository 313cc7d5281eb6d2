// One file of JavaScript with every dependency in it, for Node.js 22: how the plugin (its launcher
// tarball, and the release's executables) and the release's self-contained `collectors` are built.
// The package's info is written in (PACKAGE_INFO), as no package.json is beside a bundle; a caller
// may write in more (the plugin's schema: scripts/build/plugin.ts).
import { buildSync } from "esbuild";
import { packageInfoOf, packageManifest } from "../../provider/plugin/version";
import { repoRoot } from "../toolchain/pulumi-workspace";

/**
 * Bundles `entry` (a .ts file) into `outfile`, minified, its licences in `<outfile>.LEGAL.txt`;
 * `define` replaces more identifiers, as esbuild's option of that name.
 */
export function bundleForNode(
  entry: string,
  outfile: string,
  define: Record<string, string> = {},
): void {
  const info = packageInfoOf(packageManifest(repoRoot(__dirname)));
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    minify: true,
    legalComments: "linked",
    logLevel: "warning",
    define: { PACKAGE_INFO: JSON.stringify(info), ...define },
  });
}
