// The look-up functions as the plugin's invokes (`collectors:index:getCollector`, …): the
// look-ups the program's functions run too (resources/steps/lookups.ts), on the plugin's
// runtime, each with the zod schema of its arguments (checked before any request) and of its
// result (for the package schema). Lists come back under a property, as an invoke returns an object.
// A collector or source comes back with its `id` as its resource's id (ids.ts), the string the
// SDKs' `get` and `pulumi import` take, not the service's number.
import { z } from "zod";
import { COLLECTOR_FILTERS, otCollectorFiltersSchema } from "../api";
import { WHOLE, withSecretCredentials } from "./credentials";
import { sourcePluginId } from "./ids";
import {
  buildTargetSchema,
  collectorSchema,
  ENTITY_KINDS,
  holdsSecret,
  otCollectorSchema,
  type Queries,
  queries,
  type Runtime,
  SECRET_COMPUTED,
  sourceSchema,
  sourceTemplateSchema,
  toId,
} from "./layer";
import type { Values } from "./values";

export interface Invoke {
  description: string;
  args: z.ZodObject;
  result: z.ZodObject;
  /** The name of what it returns, for the schema's types: "CollectorInfo". */
  returns: string;
  /** Result properties that are secrets. */
  secrets: readonly string[];
  run(lookups: Queries, args: Values): Promise<unknown>;
}

const id = (what: string) => z.string().describe(`The ${what}'s numeric id, e.g. "123".`);
const name = (what: string) => z.string().describe(`The ${what}'s name.`);

/** Every property of a source some table holds a credential in, and the server-set secrets. */
const SOURCE_SECRETS: readonly string[] = [
  ...new Set([
    ...SECRET_COMPUTED,
    ...Object.values(ENTITY_KINDS).flatMap((kind) =>
      Object.entries(kind.fields).flatMap(([key, spec]) => (holdsSecret(spec) ? [key] : [])),
    ),
  ]),
];

/** Key/value metadata as programs set it: strings (the service's fields are the program's). */
const fieldsResult = z
  .record(z.string(), z.string())
  .nullish()
  .describe(String(collectorSchema.shape.fields.description));

/** A collector as a look-up returns it: the service's, its id its resource's. */
const collectorInfo = collectorSchema
  .extend({
    id: z
      .string()
      .describe(
        "The collector's id, as its resource's id is: what `HostedCollector.get` and `InstalledCollector.get` take, e.g. \"100000001\".",
      ),
    fields: fieldsResult,
  })
  .describe("A collector as the service shows it, its id its resource's.");

/** A source as a look-up returns it: the service's, its id its resource's. */
const sourceInfo = sourceSchema
  .extend({
    id: z
      .string()
      .describe(
        "The source's id, as its resource's id is: `<collectorId>/<sourceId>`, what a source resource's `get` takes, e.g. \"100000001/200000001\".",
      ),
    fields: fieldsResult,
  })
  .describe("A source as the service shows it, its id its resource's.");

/** A collector or source as the service returns it: its id a number (a listed source's, always). */
type Entity = { id?: number };

/** A collector with its resource's id. */
const asCollectorInfo = (collector: Entity) => ({ ...collector, id: String(collector.id) });

/** A source of the collector `collectorId` with its resource's id. */
const asSourceInfo = (collectorId: string) => (source: Entity) => ({
  ...source,
  id: sourcePluginId(toId(collectorId), String(source.id)),
});

const collectors = z.object({ collectors: z.array(collectorInfo).describe("The collectors.") });

const hexId = (what: string) =>
  z.string().describe(`The ${what}'s id, 16 hexadecimal characters, e.g. "0000000005F5E105".`);

/** The service's search filters, flat: the getOtCollectors arguments besides `search`. */
const otFilters = otCollectorFiltersSchema.shape;

export const INVOKES: Readonly<Record<string, Invoke>> = {
  getCollector: {
    description: "One collector, by id or by name.",
    args: z.object({ id: id("collector").optional(), name: name("collector").optional() }),
    result: collectorInfo,
    returns: "CollectorInfo",
    secrets: [],
    run: async (l, args) =>
      asCollectorInfo(
        await l.getCollector(
          args.id !== undefined ? { id: String(args.id) } : { name: String(args.name) },
        ),
      ),
  },
  getCollectors: {
    description: "Every collector (all pages), optionally filtered.",
    args: z.object({
      filter: z
        .enum(COLLECTOR_FILTERS)
        .optional()
        .describe(`Only these: ${COLLECTOR_FILTERS.join(", ")}; absent: all.`),
    }),
    result: collectors,
    returns: "CollectorInfo",
    secrets: [],
    run: async (l, args) => ({ collectors: (await l.getCollectors(args)).map(asCollectorInfo) }),
  },
  getSource: {
    description: "One source of a collector, by id or by name. Its credentials are secrets.",
    args: z.object({
      collectorId: id("collector"),
      id: id("source").optional(),
      name: name("source").optional(),
    }),
    result: sourceInfo,
    returns: "SourceInfo",
    secrets: SOURCE_SECRETS,
    run: async (l, args) => {
      const collectorId = String(args.collectorId);
      const source = await l.getSource(
        args.id !== undefined
          ? { collectorId, id: String(args.id) }
          : { collectorId, name: String(args.name) },
      );
      return asSourceInfo(collectorId)(source);
    },
  },
  getSources: {
    description: "Every source of a collector (a secret: sources may hold credentials).",
    args: z.object({ collectorId: id("collector") }),
    result: z.object({
      sources: z.array(sourceInfo).describe("The sources (a secret: they may hold credentials)."),
    }),
    returns: "SourceInfo",
    secrets: ["sources"],
    run: async (l, args) => {
      const collectorId = String(args.collectorId);
      return { sources: (await l.getSources({ collectorId })).map(asSourceInfo(collectorId)) };
    },
  },
  getUpgradeTargets: {
    description: "The collector builds the service offers, `latest` set on the newest.",
    args: z.object({}),
    result: z.object({ targets: z.array(buildTargetSchema).describe("The builds.") }),
    returns: "UpgradeTarget",
    secrets: [],
    run: async (l) => ({ targets: await l.getUpgradeTargets() }),
  },
  getUpgradableCollectors: {
    description:
      "The Installed Collectors that could move to `toVersion` (default the latest) now.",
    args: z.object({
      toVersion: z
        .string()
        .optional()
        .describe('The build to move to, e.g. "19.470-4"; absent: the latest.'),
    }),
    result: collectors,
    returns: "CollectorInfo",
    secrets: [],
    run: async (l, args) => ({
      collectors: (await l.getUpgradableCollectors(args)).map(asCollectorInfo),
    }),
  },
  getOfflineCollectors: {
    description:
      "The Installed Collectors last seen alive more than `aliveBeforeDays` (default 100) days ago.",
    args: z.object({
      aliveBeforeDays: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe("Days since last seen alive, at least 1. Default 100."),
    }),
    result: collectors,
    returns: "CollectorInfo",
    secrets: [],
    run: async (l, args) => ({
      collectors: (await l.getOfflineCollectors(args)).map(asCollectorInfo),
    }),
  },
  getOtCollector: {
    description: "One OpenTelemetry collector, by id or by name.",
    args: z.object({
      id: hexId("OpenTelemetry collector").optional(),
      name: name("OpenTelemetry collector").optional(),
    }),
    result: otCollectorSchema,
    returns: "OtCollectorInfo",
    secrets: [],
    run: (l, args) =>
      l.getOtCollector(
        args.id !== undefined ? { id: String(args.id) } : { name: String(args.name) },
      ),
  },
  getOtCollectors: {
    description:
      "Every OpenTelemetry collector the search and filters pick (all pages): tags (inner lists ANDed, the lists ORed), os, version range, alive, remotely managed, upgrade available, no template linked.",
    args: z.object({
      search: z
        .string()
        .optional()
        .describe("Free text: an id, or part of a name, description or host name."),
      tags: otFilters.tags.describe(
        "Lists of tags: a collector is picked when it has every tag of one list.",
      ),
      os: otFilters.os.describe('The host\'s operating system, e.g. "Linux".'),
      collectorVersionRange: otFilters.collectorVersionRange.describe(
        "Versions within (or outside) minVersion..maxVersion.",
      ),
      alive: otFilters.alive.describe("Only those alive (true) or not (false)."),
      isRemotelyManaged: otFilters.isRemotelyManaged.describe(
        "Only those the service configures (true) or a local file does (false).",
      ),
      isUpgradeAvailable: otFilters.isUpgradeAvailable.describe(
        "Only those with a newer build available (true) or not.",
      ),
      hasNoSourceTemplateLinked: otFilters.hasNoSourceTemplateLinked.describe(
        "Only remotely managed ones no enabled template links (true).",
      ),
    }),
    result: z.object({
      collectors: z.array(otCollectorSchema).describe("The OpenTelemetry collectors."),
    }),
    returns: "OtCollectorInfo",
    secrets: [],
    run: async (l, args) => ({ collectors: await l.getOtCollectors(args) }),
  },
  getSourceTemplate: {
    description: "One source template, by id or by name, disabled ones included.",
    args: z.object({
      id: hexId("source template").optional(),
      name: name("source template").optional(),
    }),
    result: sourceTemplateSchema,
    returns: "SourceTemplateInfo",
    secrets: [],
    run: (l, args) =>
      l.getSourceTemplate(
        args.id !== undefined ? { id: String(args.id) } : { name: String(args.name) },
      ),
  },
  getSourceTemplates: {
    description: "The source templates, enabled ones only unless `showDisabled`.",
    args: z.object({
      name: name("source template").optional().describe("Only the template of this name."),
      showDisabled: z.boolean().optional().describe("The disabled ones too; default false."),
    }),
    result: z.object({
      templates: z.array(sourceTemplateSchema).describe("The source templates."),
    }),
    returns: "SourceTemplateInfo",
    secrets: [],
    run: async (l, args) => ({ templates: await l.getSourceTemplates(args) }),
  },
};

/** The invoke of a token: "collectors:index:getCollector". */
export function invokeNamed(tok: string): Invoke | undefined {
  const name = tok.replace(/^collectors:index:/, "");
  return Object.hasOwn(INVOKES, name) ? INVOKES[name] : undefined;
}

export interface InvokeOutcome {
  result?: Values;
  failures: { property: string; reason: string }[];
}

/** Runs an invoke: its arguments checked first (failures, no request), its secrets wrapped. */
export async function runInvoke(
  invoke: Invoke,
  runtime: Runtime,
  args: Values,
): Promise<InvokeOutcome> {
  const parsed = invoke.args.strict().safeParse(args);
  if (!parsed.success) {
    const known = Object.keys(invoke.args.shape);
    return {
      failures: parsed.error.issues.flatMap((issue) =>
        issue.code === "unrecognized_keys"
          ? issue.keys.map((key) => ({
              property: key,
              reason: `${key} is not an argument of this function; its arguments are ${known.join(", ") || "none"}`,
            }))
          : [{ property: issue.path.join("."), reason: issue.message }],
      ),
    };
  }
  // A look-up of one object takes its id or its name (a list's `name` is only a filter).
  const one = Object.hasOwn(invoke.args.shape, "id") && Object.hasOwn(invoke.args.shape, "name");
  if (one && args.id === undefined && args.name === undefined) {
    return { failures: [{ property: "id", reason: "give either id or name" }] };
  }
  const result = (await invoke.run(queries(runtime), parsed.data as Values)) as Values;
  const secrets = Object.fromEntries(invoke.secrets.map((key) => [key, WHOLE]));
  return { result: withSecretCredentials(secrets, result), failures: [] };
}
