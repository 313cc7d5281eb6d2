// The sources: the fields every source has, each type's own fields, and the table of source
// types (what each one requires, with hints; its fixed values, server-set outputs and rules
// across fields). Source and every typed source class are views of this table: adding a type is
// one entry here and a class of a few lines in program/sources.ts.
//
// How a fact of the source-type sheet goes in:
// - a field, its type and allowed values: a spec in TYPE_FIELDS (a name means the same in every
//   type), or in the type's `own` when this type's differs (StreamingMetrics' contentType);
// - required, with what to give: `required` (it must match the client's
//   REQUIRED_FIELDS_BY_SOURCE_TYPE, checked when this module loads);
// - a secret: `secret: true` (the whole value), `secretPaths` for credentials inside it
//   ("resources[].authentication.awsKey"), `secretKeys` for credential-like keys anywhere in it
//   (a Cloud-to-Cloud config); set `keepInput` where the service reads it back masked;
// - not modifiable after create: `replace: true` (a change replaces the source);
// - a fixed value every source of the type carries: `fixed`;
// - a server-set output: `computed` for the secret ones (url, token), `outputs` for the others
//   with their shape (a Universal source's `state`);
// - a rule across fields: `refine`, skipping unknown preview values (known()).
import { setTimeout as wait } from "node:timers/promises";
import { z } from "zod";
import {
  type CollectorsClient,
  FILTER_TYPES,
  isGone,
  REQUIRED_FIELDS_BY_SOURCE_TYPE,
} from "../../api";
import { resourceError } from "../provider/errors";
import {
  type CheckFailure,
  containsUnknown,
  type FieldSpecs,
  isObject,
  isUnset,
  type JsonObject,
  secretLeaves,
} from "../provider/fields";
import type { EntityApi, EntityKind, Inputs } from "../provider/lifecycle";
import type { Runtime } from "../provider/settings";
import {
  adoptSchema,
  booleanSchema,
  categorySchema,
  cutoffRelativeTimeSchema,
  cutoffTimestampSchema,
  descriptionSchema,
  hostNameSchema,
  idSchema,
  metadataFieldsSchema,
  nameSchema,
  portSchema,
  positiveIntSchema,
  stringListSchema,
  stringSchema,
  timeZoneSchema,
  toId,
} from "./schemas";

export const filterSchema = z
  .object(
    {
      name: stringSchema("a filter's name"),
      filterType: z.enum(FILTER_TYPES, {
        error: (issue) =>
          `filterType ${JSON.stringify(issue.input)} is not one of ${FILTER_TYPES.join(", ")}`,
      }),
      regexp: stringSchema("a filter's regexp"),
      mask: z.string({ error: "mask must be a string" }).optional(),
    },
    { error: "each filter must be an object { name, filterType, regexp, mask? }" },
  )
  .refine((filter) => filter.filterType !== "Mask" || !!filter.mask, {
    error: "a Mask filter needs `mask`: the text that replaces what regexp matches",
    path: ["mask"],
  });

export const dateFormatSchema = z.object(
  { format: stringSchema("a date format's format"), locator: z.string().optional() },
  { error: "each default date format must be an object { format, locator? }" },
);

const listOf = <T extends z.ZodType>(item: T, what: string) =>
  z.array(item, { error: `${what} must be a list` });

/** Fields every source type has. */
export const COMMON_FIELDS = {
  name: {
    schema: nameSchema,
    keepWhenUnset: true,
    doc: "Unique on its collector, at most 128 characters. Default: the logical name plus a random suffix.",
  },
  description: { schema: descriptionSchema },
  category: { schema: categorySchema, doc: "The `_sourceCategory` of the data." },
  hostName: {
    schema: hostNameSchema,
    doc: "The `_sourceHost` of the data, at most 128 characters.",
  },
  timeZone: { schema: timeZoneSchema, doc: 'A tz database name, e.g. "UTC".' },
  forceTimeZone: { schema: booleanSchema("forceTimeZone"), default: false },
  automaticDateParsing: { schema: booleanSchema("automaticDateParsing"), default: true },
  multilineProcessingEnabled: {
    schema: booleanSchema("multilineProcessingEnabled"),
    default: true,
  },
  useAutolineMatching: { schema: booleanSchema("useAutolineMatching"), default: true },
  manualPrefixRegexp: { schema: stringSchema("manualPrefixRegexp") },
  defaultDateFormats: {
    schema: listOf(dateFormatSchema, "defaultDateFormats"),
    doc: "`[{ format, locator? }]`",
  },
  filters: {
    schema: listOf(filterSchema, "filters"),
    doc: `\`[{ name, filterType, regexp, mask? }]\`, filterType one of ${FILTER_TYPES.join(", ")}; Mask needs mask.`,
  },
  hashAlgorithm: {
    schema: z.enum(["MD5", "SHA-256"], { error: 'hashAlgorithm must be "MD5" or "SHA-256"' }),
  },
  cutoffTimestamp: { schema: cutoffTimestampSchema, default: 0 },
  cutoffRelativeTime: {
    schema: cutoffRelativeTimeSchema,
    replace: true,
    keepInput: true,
    doc: 'e.g. "-1d"; changing it replaces the source.',
  },
  fields: { schema: metadataFieldsSchema, doc: "Key/value metadata." },
} as const satisfies FieldSpecs;

const secret = (what: string) => ({
  schema: stringSchema(what),
  secret: true,
  // The service may mask credentials when read back: compare with what the program gave.
  keepInput: true,
});

/** Every type's own fields (a name means the same in every type that has it). */
export const TYPE_FIELDS = {
  // HTTP
  messagePerRequest: {
    schema: booleanSchema("messagePerRequest"),
    default: false,
    doc: "One message per request; needs multilineProcessingEnabled: false.",
  },
  // LocalFile, RemoteFileV2
  pathExpression: { schema: stringSchema("pathExpression"), doc: 'e.g. "/var/log/*.log".' },
  denylist: {
    schema: z.union([stringListSchema("denylist"), z.string()], {
      error: "denylist must be a list of path expressions (or, for Windows event logs, a string)",
    }),
  },
  encoding: { schema: stringSchema("encoding"), default: "UTF-8" },
  // RemoteFileV2, RemoteWindowsPerfMon
  remoteHosts: { schema: stringListSchema("remoteHosts").min(1, "remoteHosts must not be empty") },
  remotePort: { schema: portSchema("remotePort") },
  remoteUser: { schema: stringSchema("remoteUser") },
  authMethod: {
    schema: z.enum(["password", "key"], { error: 'authMethod must be "password" or "key"' }),
  },
  remotePassword: secret("remotePassword"),
  keyPath: { schema: stringSchema("keyPath") },
  keyPassword: secret("keyPassword"),
  // LocalWindowsEventLog, RemoteWindowsEventLog
  logNames: { schema: stringListSchema("logNames").min(1, "logNames must not be empty") },
  renderMessages: { schema: booleanSchema("renderMessages") },
  eventFormat: { schema: z.number({ error: "eventFormat must be a number (0 or 1)" }).int() },
  eventMessage: { schema: z.number({ error: "eventMessage must be a number" }).int() },
  allowlist: { schema: z.union([z.string(), stringListSchema("allowlist")]) },
  domain: { schema: stringSchema("domain") },
  username: { schema: stringSchema("username") },
  password: secret("password"),
  hosts: { schema: stringListSchema("hosts").min(1, "hosts must not be empty") },
  // LocalWindowsPerfMon, RemoteWindowsPerfMon
  wmiQueries: {
    schema: listOf(
      z.object(
        { name: stringSchema("a WMI query's name"), query: stringSchema("a WMI query") },
        { error: "each WMI query must be an object { name, query }" },
      ),
      "wmiQueries",
    ).min(1, "wmiQueries must not be empty"),
  },
  // ActiveDirectory
  nameSuffixes: { schema: stringListSchema("nameSuffixes") },
  filter: { schema: z.string({ error: "filter must be a string" }) },
  additionalAttr: { schema: z.union([z.string(), stringListSchema("additionalAttr")]) },
  excludedAttr: { schema: z.union([z.string(), stringListSchema("excludedAttr")]) },
  // SystemStats, ActiveDirectory
  interval: { schema: positiveIntSchema("interval", " of milliseconds") },
  // Syslog, StreamingMetrics
  protocol: { schema: z.enum(["UDP", "TCP"], { error: 'protocol must be "UDP" or "TCP"' }) },
  port: { schema: portSchema("port") },
  // Script
  commands: {
    schema: stringListSchema("commands").min(1, "commands must not be empty"),
    doc: 'The interpreter, e.g. ["/bin/bash"].',
  },
  file: { schema: stringSchema("file") },
  workingDir: { schema: stringSchema("workingDir") },
  timeout: {
    schema: z.number({ error: "timeout must be a number of milliseconds" }).int().min(0),
  },
  script: { schema: stringSchema("script") },
  cronExpression: { schema: stringSchema("cronExpression"), doc: 'e.g. "0 0/15 * * * ? *".' },
  // DockerLog, DockerStats
  uri: { schema: stringSchema("uri"), doc: 'e.g. "unix:///var/run/docker.sock".' },
  allContainers: { schema: booleanSchema("allContainers") },
  specifiedContainers: { schema: stringListSchema("specifiedContainers") },
  certPath: { schema: stringSchema("certPath") },
  collectEvents: { schema: booleanSchema("collectEvents") },
  pollInterval: { schema: positiveIntSchema("pollInterval", " of milliseconds") },
  // SystemStats, DockerStats
  metrics: { schema: stringListSchema("metrics"), doc: 'e.g. ["CPU_User", "CPU_Sys"].' },
  // Polling, StreamingMetrics
  contentType: { schema: stringSchema("contentType") },
  scanInterval: { schema: positiveIntSchema("scanInterval", " of milliseconds") },
  paused: { schema: booleanSchema("paused") },
  thirdPartyRef: {
    schema: z.record(z.string(), z.unknown(), { error: "thirdPartyRef must be an object" }),
    secret: true,
    keepInput: true,
    doc: "Polling sources: bucket, path and authentication (access keys or a role ARN).",
  },
} as const satisfies FieldSpecs;

export type TypeFieldName = keyof typeof TYPE_FIELDS;

/** Server-assigned outputs that hold a secret token. */
export const SECRET_COMPUTED = ["url", "token"] as const;

export interface SourceType {
  /** The API's sourceType. */
  sourceType: string;
  /** The typed resource class of the type, if it has one: "HttpSource". */
  kind?: string;
  /** Own fields besides the common ones. */
  fields: readonly TypeFieldName[];
  /**
   * This type's spec of an own field where it differs from the shared one (TYPE_FIELDS): its
   * allowed values, its shape. The typed class checks and types the field with it; Source keeps
   * the shared spec (as before this table had own specs; tightening it is the next issue's call).
   */
  own?: FieldSpecs;
  /** Own fields that must be set (the client's table), with what to give. */
  required: Readonly<Partial<Record<TypeFieldName, string>>>;
  /** Values every source of the type carries, sent on create. */
  fixed?: JsonObject;
  /** Server-assigned secret outputs (the typed class declares them as outputs). */
  computed?: readonly ("url" | "token")[];
  /**
   * Other server-set outputs of the type, with their shape: copied from the service's object to
   * the outputs, never kept in `unmanaged` nor sent back, never compared.
   */
  outputs?: Readonly<Record<string, z.ZodType>>;
  refine?: (inputs: Readonly<Record<string, unknown>>) => CheckFailure[];
}

const remoteFileAuth = (inputs: Readonly<Record<string, unknown>>): CheckFailure[] => {
  if (inputs.authMethod === "password" && isUnset(inputs.remotePassword)) {
    return [
      {
        property: "remotePassword",
        reason: 'remotePassword is required when authMethod is "password"',
      },
    ];
  }
  if (inputs.authMethod === "key" && isUnset(inputs.keyPath)) {
    return [
      {
        property: "keyPath",
        reason:
          'keyPath is required when authMethod is "key": the private key file on the collector host',
      },
    ];
  }
  return [];
};

const messagePerRequest = (inputs: Readonly<Record<string, unknown>>): CheckFailure[] =>
  inputs.messagePerRequest === true &&
  inputs.multilineProcessingEnabled !== false &&
  !containsUnknown(inputs.multilineProcessingEnabled)
    ? [
        {
          property: "messagePerRequest",
          reason:
            "messagePerRequest needs multilineProcessingEnabled: false (the service treats each " +
            "request as one message only without multiline processing)",
        },
      ]
    : [];

/** The source type of this name (own entries only: "toString" is not one). */
export function sourceTypeNamed(name: unknown): SourceType | undefined {
  return typeof name === "string" && Object.hasOwn(SOURCE_TYPES, name)
    ? (SOURCE_TYPES as Readonly<Record<string, SourceType>>)[name]
    : undefined;
}

/**
 * A source type whose `required` are the client's required fields for it, each with the hint
 * given here. A hint missing for a required field, or given for a field the client does not
 * require, is a mistake in this table: refused when the module loads.
 */
function withRequired(type: SourceType): SourceType {
  const name = type.sourceType;
  const keys = Object.hasOwn(REQUIRED_FIELDS_BY_SOURCE_TYPE, name)
    ? (REQUIRED_FIELDS_BY_SOURCE_TYPE[name] ?? [])
    : [];
  const hints: Readonly<Record<string, string | undefined>> = type.required;
  const extra = Object.keys(hints).filter((key) => !keys.includes(key));
  const missing = keys.filter((key) => hints[key] === undefined);
  const foreign = keys.filter((key) => !(type.fields as readonly string[]).includes(key));
  if (extra.length + missing.length + foreign.length > 0) {
    throw resourceError("badTable", { name, extra, missing, foreign });
  }
  return type;
}

const TABLE = {
  HTTP: {
    sourceType: "HTTP",
    kind: "HttpSource",
    fields: ["messagePerRequest"],
    required: {},
    computed: ["url"],
    refine: messagePerRequest,
  },
  Cloudsyslog: {
    sourceType: "Cloudsyslog",
    kind: "CloudSyslogSource",
    fields: [],
    required: {},
    computed: ["token"],
  },
  LocalFile: {
    sourceType: "LocalFile",
    kind: "LocalFileSource",
    fields: ["pathExpression", "denylist", "encoding"],
    required: { pathExpression: 'the files to collect, e.g. "/var/log/*.log"' },
  },
  RemoteFileV2: {
    sourceType: "RemoteFileV2",
    kind: "RemoteFileSource",
    fields: [
      "remoteHosts",
      "remotePort",
      "remoteUser",
      "authMethod",
      "remotePassword",
      "keyPath",
      "keyPassword",
      "pathExpression",
      "denylist",
    ],
    required: {
      remoteHosts: 'the hosts to read from, e.g. ["10.0.0.5"]',
      remotePort: "the SSH port, e.g. 22",
      remoteUser: "the SSH user",
      authMethod: '"password" (with remotePassword) or "key" (with keyPath)',
      pathExpression: 'the files to collect, e.g. "/var/log/app.log"',
    },
    refine: remoteFileAuth,
  },
  LocalWindowsEventLog: {
    sourceType: "LocalWindowsEventLog",
    fields: ["logNames", "renderMessages", "eventFormat", "eventMessage", "allowlist", "denylist"],
    required: { logNames: 'the event logs, e.g. ["Security", "Application"]' },
  },
  RemoteWindowsEventLog: {
    sourceType: "RemoteWindowsEventLog",
    fields: [
      "logNames",
      "renderMessages",
      "eventFormat",
      "eventMessage",
      "allowlist",
      "denylist",
      "domain",
      "username",
      "password",
      "hosts",
    ],
    required: {
      logNames: 'the event logs, e.g. ["Security"]',
      domain: "the Windows domain",
      username: "the user to connect as",
      password: "the user's password",
      hosts: "the hosts to read from",
    },
  },
  LocalWindowsPerfMon: {
    sourceType: "LocalWindowsPerfMon",
    fields: ["wmiQueries"],
    required: { wmiQueries: "[{ name, query }]" },
  },
  RemoteWindowsPerfMon: {
    sourceType: "RemoteWindowsPerfMon",
    fields: ["domain", "remoteUser", "remotePassword", "remoteHosts", "wmiQueries"],
    required: {},
  },
  ActiveDirectory: {
    sourceType: "ActiveDirectory",
    fields: ["nameSuffixes", "filter", "additionalAttr", "excludedAttr", "interval"],
    required: {},
  },
  Syslog: {
    sourceType: "Syslog",
    kind: "SyslogSource",
    fields: ["protocol", "port"],
    required: { protocol: '"UDP" or "TCP"', port: "the port to listen on, e.g. 514" },
  },
  Script: {
    sourceType: "Script",
    kind: "ScriptSource",
    fields: ["commands", "file", "workingDir", "timeout", "script", "cronExpression"],
    required: {
      commands: 'the interpreter, e.g. ["/bin/bash"]',
      cronExpression: 'when to run, e.g. "0 0/15 * * * ? *"',
    },
  },
  DockerLog: {
    sourceType: "DockerLog",
    kind: "DockerLogSource",
    fields: ["uri", "allContainers", "specifiedContainers", "certPath", "collectEvents"],
    required: {
      uri: 'the Docker engine, e.g. "unix:///var/run/docker.sock"',
      allContainers: "true, or false with specifiedContainers",
      collectEvents: "whether to collect Docker events too",
    },
  },
  DockerStats: {
    sourceType: "DockerStats",
    kind: "DockerStatsSource",
    fields: ["uri", "allContainers", "specifiedContainers", "certPath", "metrics", "pollInterval"],
    required: {
      uri: 'the Docker engine, e.g. "unix:///var/run/docker.sock"',
      allContainers: "true, or false with specifiedContainers",
    },
    fixed: { contentType: "DockerMetrics" },
  },
  SystemStats: {
    sourceType: "SystemStats",
    kind: "SystemStatsSource",
    fields: ["interval", "metrics"],
    required: { interval: "milliseconds between samples, e.g. 60000" },
    fixed: { contentType: "HostMetrics" },
  },
  StreamingMetrics: {
    sourceType: "StreamingMetrics",
    kind: "StreamingMetricsSource",
    fields: ["contentType", "protocol", "port"],
    required: {},
    own: {
      contentType: {
        schema: z.enum(["Graphite", "Carbon2", "Prometheus"], {
          error: 'contentType must be "Graphite", "Carbon2" or "Prometheus" (pushed plaintext)',
        }),
        doc: 'The metrics format: "Graphite" (the service\'s default), "Carbon2" or "Prometheus".',
      },
    },
  },
  Polling: {
    sourceType: "Polling",
    fields: ["contentType", "scanInterval", "paused", "thirdPartyRef"],
    required: { contentType: 'what to poll, e.g. "AwsS3Bucket" or "AwsCloudTrailBucket"' },
  },
  Universal: { sourceType: "Universal", fields: [], required: {} },
} satisfies Record<string, SourceType>;

/** Every source type this package models, by the API's sourceType. */
export const SOURCE_TYPES = Object.fromEntries(
  Object.entries(TABLE).map(([name, type]) => [name, withRequired(type)]),
) as { readonly [Name in keyof typeof TABLE]: (typeof TABLE)[Name] };

/** The source types with a typed resource class, by the class's name. */
export const TYPED_SOURCES: Readonly<Record<string, SourceType>> = Object.fromEntries(
  Object.values(SOURCE_TYPES as Readonly<Record<string, SourceType>>).flatMap((type) =>
    type.kind ? [[type.kind, type]] : [],
  ),
);

/** Service fields never kept in `unmanaged` nor sent back; url and token are outputs of their own. */
export const SOURCE_VOLATILE = ["id", "alive", "url", "token"] as const;

/** The source types whose delete ends later, on the service. */
export const ASYNC_DELETE_TYPES: ReadonlySet<string> = new Set(["Universal"]);

/**
 * Deleting a Universal (Cloud-to-Cloud) source is asynchronous: the DELETE is accepted, the
 * source shows state Stopping for a while, and its name stays taken until it is gone (spec 3,
 * live facts). A delete that returned at once would make the create of a replacement with the
 * same name fail, so the delete of such a source reads it until the service no longer knows it,
 * and fails after the runtime's stoppingLimitMs.
 */
async function waitUntilGone(
  runtime: Runtime,
  client: CollectorsClient,
  collectorId: number,
  id: string,
): Promise<void> {
  const started = runtime.now();
  const { stoppingPollMs, stoppingLimitMs } = runtime.defaults;
  let state: unknown;
  for (;;) {
    try {
      state = (await client.sources.get(collectorId, id)).source.state;
    } catch (error) {
      if (isGone(error)) return;
      throw error;
    }
    const elapsed = runtime.now() - started;
    if (elapsed >= stoppingLimitMs) {
      const seconds = Math.round(elapsed / 1000);
      throw resourceError("stillStopping", { id, collectorId, state, seconds });
    }
    await wait(Math.min(stoppingPollMs * runtime.timeScale, stoppingLimitMs - elapsed));
  }
}

/** The sources of one collector as an EntityApi. */
export function sourceApi(
  runtime: Runtime,
  client: CollectorsClient,
  collectorId: number,
  options: {
    /** From the state: whether a delete waits until the source is gone (Universal sources). */
    sourceType?: unknown;
    /** Values the client keeps out of messages and logs (secret and pass-through inputs). */
    secrets?: readonly string[];
  } = {},
): EntityApi {
  const { sourceType } = options;
  const req = { secrets: options.secrets };
  const api = client.sources;
  const found = (r: { source: Record<string, unknown>; etag: string | undefined }) => ({
    entity: r.source,
    etag: r.etag,
  });
  return {
    get: async (id) => found(await api.get(collectorId, id)),
    findByName: async (name) => {
      const match = await api.findByName(collectorId, name);
      return match === undefined ? undefined : found(match);
    },
    create: async (body) =>
      found(await api.create(collectorId, body as Parameters<typeof api.create>[1], req)),
    update: async (id, body, etag) =>
      found(await api.update(collectorId, id, body as Parameters<typeof api.update>[2], etag, req)),
    delete: async (id) => {
      await api.delete(collectorId, id);
      if (typeof sourceType === "string" && ASYNC_DELETE_TYPES.has(sourceType)) {
        await waitUntilGone(runtime, client, collectorId, id);
      }
    },
  };
}

/** The field specs of a typed source kind. */
export function typedSpecs(type: SourceType): FieldSpecs {
  const own = Object.fromEntries(
    type.fields.map((field) => [field, type.own?.[field] ?? TYPE_FIELDS[field]]),
  );
  return { ...COMMON_FIELDS, ...own };
}

const KNOWN_TYPES = Object.keys(SOURCE_TYPES);
/** How the service's source type names are written: "LocalFile", "HTTP", "RemoteFileV2". */
const TYPE_NAME = /^[A-Z][A-Za-z0-9_]*$/;

/** A known source type, or another one written like the service's (not "toString"). */
const sourceTypeSchema = z
  .string({ error: "sourceType must be a string" })
  .min(1, { error: "sourceType must not be empty" })
  .superRefine((value, ctx) => {
    if (sourceTypeNamed(value)) return;
    const known = KNOWN_TYPES.find((name) => name.toLowerCase() === value.toLowerCase());
    if (known) {
      ctx.addIssue({
        code: "custom",
        message: `sourceType ${JSON.stringify(value)} is not a source type (they are case-sensitive); did you mean "${known}"?`,
      });
    } else if (!TYPE_NAME.test(value)) {
      ctx.addIssue({
        code: "custom",
        message:
          `sourceType ${JSON.stringify(value)} is not a source type name: those start with a ` +
          `capital, then letters and digits, e.g. ${KNOWN_TYPES.join(", ")}`,
      });
    }
  });

/** The field specs of the generic Source: every known field, sourceType and the pass-through. */
export const GENERIC_SPECS: FieldSpecs = {
  sourceType: {
    schema: sourceTypeSchema,
    replace: true,
    doc: `The API's sourceType, e.g. ${Object.keys(SOURCE_TYPES).join(", ")}. Changing it replaces the source.`,
  },
  ...COMMON_FIELDS,
  ...TYPE_FIELDS,
  passthrough: {
    schema: z.record(z.string(), z.unknown(), {
      error: "passthrough must be an object of the source's other fields",
    }),
    spread: true,
    secret: true,
    doc: "Type-specific fields this package does not model, sent as they are (a secret).",
  },
};

/** Rules of the generic Source for the sourceType it names. */
function genericRules(inputs: Inputs, base: Omit<SourceKindOptions, "type">) {
  const type = sourceTypeNamed(inputs.sourceType);
  const refine = (values: Readonly<Inputs>): CheckFailure[] => {
    const failures: CheckFailure[] = [];
    if (type) {
      const own = new Set<string>(type.fields);
      for (const key of Object.keys(TYPE_FIELDS)) {
        if (!own.has(key) && !isUnset(values[key])) {
          failures.push({
            property: key,
            reason: `${key} is not a field of ${type.sourceType} sources; its own fields are ${type.fields.join(", ") || "none"}`,
          });
        }
      }
      failures.push(...(type.refine?.(values) ?? []));
    }
    if (isObject(values.passthrough) && !containsUnknown(values.passthrough)) {
      for (const key of Object.keys(values.passthrough)) {
        if (Object.hasOwn(GENERIC_SPECS, key) || key === "id" || key === "collectorId") {
          failures.push({
            property: `passthrough.${key}`,
            reason: `${key} is a property of Source itself: set it there, not in passthrough`,
          });
        }
      }
    }
    return failures;
  };
  return {
    label: type ? `Source (${type.sourceType})` : base.kind,
    required: {
      collectorId: COLLECTOR_ID_HINT,
      sourceType: `one of ${Object.keys(SOURCE_TYPES).join(", ")}, or another type the service knows`,
      ...(type?.required ?? {}),
    },
    refine,
  };
}

const COLLECTOR_ID_HINT = "the id of the collector the source belongs to, e.g. collector.id";

export interface SourceKindOptions {
  kind: string;
  /** The source type of a typed kind; undefined for the generic Source. */
  type?: SourceType;
}

export function sourceKind(options: SourceKindOptions): EntityKind {
  const { type } = options;
  const fields = type ? typedSpecs(type) : GENERIC_SPECS;
  const expected = (inputs: Record<string, unknown>) =>
    type ? type.sourceType : String(inputs.sourceType);
  return {
    kind: options.kind,
    fields,
    controls: {
      collectorId: { schema: idSchema("collectorId") },
      adopt: { schema: adoptSchema },
    },
    parent: "collectorId",
    rules: (inputs) =>
      type
        ? {
            label: options.kind,
            required: { collectorId: COLLECTOR_ID_HINT, ...type.required },
            refine: type.refine,
          }
        : genericRules(inputs, options),
    fixed: (inputs) => ({ sourceType: expected(inputs), ...(type?.fixed ?? {}) }),
    serverSet: ["sourceType", ...SECRET_COMPUTED, ...Object.keys(type?.outputs ?? {})],
    volatile: [...SOURCE_VOLATILE, ...Object.keys(type?.outputs ?? {})],
    api: ({ client, runtime, state }) =>
      sourceApi(runtime, client, toId(state.collectorId), {
        sourceType: type ? type.sourceType : state.sourceType,
        secrets: secretLeaves(fields, state),
      }),
    mismatch: (entity, inputs) =>
      entity.sourceType === expected(inputs)
        ? undefined
        : `it is a ${String(entity.sourceType)} source, not ${expected(inputs)}`,
  };
}
