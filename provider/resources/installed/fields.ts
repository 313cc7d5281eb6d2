// The fields of an Installed Collector the resource manages: the collector fields every
// collector has (except cutoffRelativeTime, which only a create can set, and Installed
// Collectors are never created through the API), plus sourceSyncMode, targetCpu and version.
import { z } from "zod";
import { COLLECTOR_FIELDS } from "../collectors/fields";
import type { FieldSpecs } from "../core/fields";
import { versionSchema } from "./version";

const { cutoffRelativeTime: _createOnly, ...common } = COLLECTOR_FIELDS;

export const INSTALLED_COLLECTOR_FIELDS = {
  ...common,
  name: {
    ...common.name,
    doc: "Unique in the account, at most 128 characters. Default: the adopted collector's name.",
  },
  sourceSyncMode: {
    schema: z.enum(["UI", "Json"], {
      error:
        'sourceSyncMode must be "UI" (sources managed through the API) or "Json" (a local JSON file)',
    }),
    default: "UI",
    doc: '"UI": sources are managed through the API (and Pulumi); "Json": from a JSON file on the host. Default "UI".',
  },
  targetCpu: {
    schema: z
      .number({ error: "targetCpu must be a whole-number percentage between 1 and 100" })
      .int({ error: "targetCpu must be a whole-number percentage between 1 and 100" })
      .min(1, { error: "targetCpu must be between 1 and 100 (leave it out for no target)" })
      .max(100, { error: "targetCpu must be between 1 and 100 (leave it out for no target)" }),
    // The service shows an unset target as -1, and takes -1 back as "unset".
    default: -1,
    doc: "CPU use (percent) above which the collector slows ingestion from Local and Remote File sources. Default: none.",
  },
  version: {
    schema: versionSchema,
    readFrom: "collectorVersion",
    notSent: true,
    doc: 'The collector build to run, e.g. "19.470-4": a change starts an upgrade or downgrade task and waits for it.',
  },
} as const satisfies FieldSpecs;
