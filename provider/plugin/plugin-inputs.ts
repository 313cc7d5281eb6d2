// An Installed Collector cannot be created again through the API (only its software, reinstalled
// or re-registered on its host, brings a deleted one back), so a `destroy` must not delete one by
// default. The dynamic class gives its resources `retainOnDelete: true` unless the program says
// otherwise; a schema cannot default a resource option, and a provider cannot retain (the engine
// would show "deleted" for a collector left on the service). So the plugin's Delete of an
// InstalledCollector refuses, saying what to do, unless the resource opts in with the
// plugin's own input `allowDelete: true`. An OtCollector is the same: it registers itself. With `retainOnDelete: true` the engine never calls
// Delete: the collector leaves the stack and stays on the service, as with the dynamic class.
import type { PropertySpec } from "./types";
import type { Values } from "./values";

export const ALLOW_DELETE = "allowDelete";

/** The allowDelete input of a kind the API cannot create again ("collector", …). */
function allowDelete(noun: string, again: string): Readonly<Record<string, PropertySpec>> {
  return {
    [ALLOW_DELETE]: {
      type: "boolean",
      description:
        `Let Pulumi delete the ${noun} from the service when the resource is destroyed or ` +
        "removed from the program. Default false: the delete fails with what to do instead " +
        `(give the resource the option \`retainOnDelete: true\` to leave the ${noun} on the ` +
        `service). ${again}`,
    },
  };
}

/** Inputs only the plugin has (none reaches the resource layer), per kind. */
export const PLUGIN_INPUTS: Readonly<Record<string, Readonly<Record<string, PropertySpec>>>> = {
  InstalledCollector: allowDelete(
    "collector",
    "The API cannot create an Installed Collector again.",
  ),
  OtCollector: allowDelete(
    "OpenTelemetry collector",
    "The API cannot create an OpenTelemetry collector again.",
  ),
};

/** What each such kind is, for deleteRefused. */
const NOT_CREATABLE_AGAIN: Readonly<Record<string, string>> = {
  InstalledCollector: "an Installed Collector",
  OtCollector: "an OpenTelemetry collector",
};

/** `values` without the kind's plugin-only inputs, and those inputs. */
export function splitPluginInputs(kind: string, values: Values): { layer: Values; own: Values } {
  const keys = Object.keys(PLUGIN_INPUTS[kind] ?? {});
  const layer: Values = {};
  const own: Values = {};
  for (const [key, value] of Object.entries(values)) {
    if (keys.includes(key)) own[key] = value;
    else layer[key] = value;
  }
  return { layer, own };
}

/** What Check says of a plugin-only input's value (unknown in a preview passes). */
export function checkPluginInputs(own: Values, unknown: string) {
  return Object.entries(own)
    .filter(([, value]) => value !== undefined && value !== null && value !== unknown)
    .filter(([, value]) => typeof value !== "boolean")
    .map(([property]) => ({ property, reason: `${property} must be true or false` }));
}

/** Why Delete leaves an InstalledCollector (or an OtCollector) alone, and the three ways on. */
export function deleteRefused(kind: string, urn: string, id: string, props: Values): string {
  const name = typeof props.name === "string" ? ` "${props.name}"` : "";
  const what = NOT_CREATABLE_AGAIN[kind] ?? "it";
  return (
    `${kind}${name} (id ${id}) was not deleted: the API cannot create ${what} ` +
    "again, so the collectors plugin deletes one only when its resource says " +
    `\`${ALLOW_DELETE}: true\`. To leave it on the service and release it from the stack, give ` +
    "the resource the option `retainOnDelete: true` and run `pulumi up` (a destroy then releases " +
    `it), or run \`pulumi state delete '${urn}'\`. To delete it from the service, set ` +
    `\`${ALLOW_DELETE}: true\` on the resource and run \`pulumi up\` first.`
  );
}
