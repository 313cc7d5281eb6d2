// The plugin front end's program: the plan of a stage (samples.ts) as a Pulumi YAML project file,
// written as JSON (which is YAML), each source's collectorId an interpolation of its collector's
// id. An Installed Collector gets `retainOnDelete: true`, as README says a plugin program must
// (the plugin refuses to delete one: the API cannot create it again).
import { ALLOW_DELETE, PLUGIN_INPUTS } from "../../../provider/plugin/plugin-inputs";
import type { Planned } from "./samples";

export function yamlProgram(project: string, planned: readonly Planned[]): string {
  const resources = Object.fromEntries(
    planned.map(({ kind, name, parent, args }) => [
      name,
      {
        type: `collectors:index:${kind}`,
        properties: parent === undefined ? args : { ...args, collectorId: `\${${parent}.id}` },
        ...(PLUGIN_INPUTS[kind]?.[ALLOW_DELETE] ? { options: { retainOnDelete: true } } : {}),
      },
    ]),
  );
  return `${JSON.stringify({ name: project, runtime: "yaml", resources }, null, 2)}\n`;
}
