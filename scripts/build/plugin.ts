// Builds the provider plugin (part of `npm run build`): dist/plugin/schema.json (the package
// schema the SDK generator reads) and the plugin tarball
// dist/plugin/pulumi-resource-collectors-v<version>-<os>-<arch>.tar.gz, which holds
// `pulumi-resource-collectors` (a launcher) and `pulumi-resource-collectors.js` (the provider
// and every dependency, bundled by esbuild into one file).
//
// The bundle is the plugin's one build. This tarball (the plugin of a development build, which
// the tests install) wraps it in a launcher: ~2 MB, the same on every platform, made without
// postject or code signing, running on the Node.js the package already needs (a `node` of 22.19
// or newer on the PATH, or in PULUMI_COLLECTORS_NODE). A release makes its archives from the
// same bundle instead: Node.js single executable applications, one per platform, each carrying
// its own Node.js (~100 MB), so that a user needs none (scripts/release/index.ts,
// scripts/release/executables.ts).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageSchema } from "../../provider/plugin/schema";
import { packageInfoOf, packageManifest } from "../../provider/plugin/version";
import { archiveName, hostPlatform, PLUGIN } from "../release/platforms";
import { repoRoot } from "../toolchain/pulumi-workspace";
import { bundleForNode } from "./bundle";

const ROOT = repoRoot(__dirname);
const OUT = join(ROOT, "dist", "plugin");

const version = packageInfoOf(packageManifest(ROOT)).version;

export const tarballName = () => archiveName(version, hostPlatform());

const LAUNCHER = `#!/bin/sh
# Runs the bundled collectors provider with Node.js (22.19 or newer): $PULUMI_COLLECTORS_NODE, else
# the node on the PATH.
exec "\${PULUMI_COLLECTORS_NODE:-node}" "$(dirname "$0")/${PLUGIN}.js" "$@"
`;

function main(): void {
  rmSync(OUT, { recursive: true, force: true });
  const stage = join(OUT, "bin");
  mkdirSync(stage, { recursive: true });
  const schema = packageSchema();
  writeFileSync(join(OUT, "schema.json"), `${JSON.stringify(schema, null, 2)}\n`);
  // The plugin serves the schema written in (servedSchema) instead of making it at every start:
  // a string literal of the JSON, which JSON.parse reads faster than V8 compiles an object literal.
  bundleForNode(join(ROOT, "provider", "plugin", "main.ts"), join(stage, `${PLUGIN}.js`), {
    PACKAGE_SCHEMA: JSON.stringify(JSON.stringify(schema)),
  });
  writeFileSync(join(stage, PLUGIN), LAUNCHER);
  chmodSync(join(stage, PLUGIN), 0o755);
  const tarball = join(OUT, tarballName());
  execFileSync("tar", ["-czf", tarball, "-C", stage, "."]);
  process.stdout.write(`${tarball}\n`);
}

if (require.main === module) main();
