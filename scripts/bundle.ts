// One file of JavaScript with every dependency in it, for Node.js 22: how the plugin (its launcher
// tarball, and the release's executables) and the release's self-contained `collectors` are built.
// The package's info is written in (PACKAGE_INFO), as no package.json is beside a bundle, and so is
// the plugin's schema (PACKAGE_SCHEMA), which the plugin would otherwise make at every start.
import { buildSync } from "esbuild";
import { packageSchema } from "../provider/plugin/schema";
import { packageInfoOf, packageManifest } from "../provider/plugin/version";
import { repoRoot } from "./pulumi-workspace";

/** Bundles `entry` (a .ts file) into `outfile`, minified, its licences in `<outfile>.LEGAL.txt`. */
export function bundleForNode(entry: string, outfile: string): void {
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
    define: {
      PACKAGE_INFO: JSON.stringify(info),
      // A string literal of the JSON: JSON.parse reads it faster than V8 compiles an object literal.
      PACKAGE_SCHEMA: JSON.stringify(JSON.stringify(packageSchema())),
    },
  });
}
