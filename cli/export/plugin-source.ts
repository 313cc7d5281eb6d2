// Where a YAML project gets the collectors provider plugin, so that the printed steps work as
// printed: the plugin tarball `npm run build` makes and the package ships
// (dist/plugin/pulumi-resource-collectors-v<version>-<os>-<arch>.tar.gz, named by
// scripts/build/plugin.ts), installed with `pulumi plugin install` from this very installation.
// The self-contained `collectors` executable carries no tarball: it sends the user to the release
// page instead, where the plugin's own self-contained executables are.
// The project itself names no path: the engine finds the plugin among the installed ones by its
// name, `collectors`, as it does for examples/yaml.
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { shellWord } from "../shared/shell";
import type { ProjectSetup } from "./report";

/** The tarball of this version's plugin in the package at `root`, if the build made one. */
export function pluginTarball(root: string, version: string): string | undefined {
  const folder = join(root, "dist", "plugin");
  if (!existsSync(folder)) return undefined;
  const name = readdirSync(folder).find(
    (file) =>
      file.startsWith(`pulumi-resource-collectors-v${version}-`) && file.endsWith(".tar.gz"),
  );
  return name === undefined ? undefined : join(folder, name);
}

/** What the summary says of the plugin, and the step that installs it from `tarball`. */
export function pluginSetup(tarball: string, version: string, out: string): ProjectSetup {
  const path = relative(out, tarball).split("\\").join("/");
  return {
    language: "yaml",
    note:
      "The program runs on the collectors provider plugin, installed once per machine from the " +
      `tarball ${path} (this package's own; it runs with the \`node\` on the PATH, 22.19 or newer).`,
    steps: [`pulumi plugin install resource collectors ${version} --file ${shellWord(path)}`],
  };
}

/** The step that installs the plugin from its release page (`server`, the schema's download URL). */
export function releasePluginSetup(version: string, server: string): ProjectSetup {
  return {
    language: "yaml",
    note:
      "The program runs on the collectors provider plugin, installed once per machine from its " +
      `release page ${server} (a self-contained executable: no Node.js needed).`,
    steps: [`pulumi plugin install resource collectors ${version} --server ${shellWord(server)}`],
  };
}
