// The collectors provider plugin as a user installs it: from the tarball `npm run build` makes.
// Free of the test runner: scripts/fixtures/record-states.ts installs it the same way.
import { join } from "node:path";
import { packageVersion } from "../../provider/plugin/version";
import { tarballName } from "../../scripts/build/plugin";
import { type PulumiWorkspace, repoRoot } from "../../scripts/toolchain/pulumi-workspace";

const ROOT = repoRoot(__dirname);

export const PLUGIN_TARBALL = join(ROOT, "dist", "plugin", tarballName());

/** `pulumi plugin install resource collectors <version> --file <tarball>`'s arguments. */
export const PLUGIN_INSTALL = [
  "plugin",
  "install",
  "resource",
  "collectors",
  packageVersion(ROOT),
  "--file",
  PLUGIN_TARBALL,
];

/** Installs the plugin from its tarball into the workspace's PULUMI_HOME. */
export async function installPlugin(ws: PulumiWorkspace): Promise<void> {
  await ws.pulumi(PLUGIN_INSTALL);
}
