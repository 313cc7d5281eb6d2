// The sources: the fields every source has, each type's own fields, and the table of source
// types (what each one requires, with hints; its fixed values, defaults, server-set outputs and
// rules across fields). Source and every typed source class are views of this table: adding a
// type is one entry here and a class of two lines in program/sources.ts.
//
// Two tables: TABLE, the base types by the API's sourceType (the generic Source reads it), and
// VARIANTS, the types that share a sourceType and differ by contentType (Polling S3Source, …;
// HTTP KinesisLogSource, …), by that contentType. A variant fixes its contentType and types its
// thirdPartyRef (kinds/third-party.ts).
//
// How a fact of the source-type sheet goes in:
// - a field, its type and allowed values: a spec in TYPE_FIELDS (a name means the same in every
//   type), or in the type's `own` when this type's differs (StreamingMetrics' contentType) or
//   only it has the field (a Cloud-to-Cloud `config`); `common` when the type takes only some of
//   the common fields at its top level (Universal: name; local Windows types: no hostName);
// - required, with what to give: `required` (covering the client's
//   REQUIRED_FIELDS_BY_SOURCE_TYPE, checked when this module loads);
// - a secret: `secret: true` (the whole value), `secretPaths` for credentials inside it
//   ("resources[].authentication.awsKey"), `secretKeys` for credential-like keys anywhere in it
//   (a Cloud-to-Cloud config); set `keepInput` where the service reads it back as it was given
//   but possibly in another form, `subset` where it reads back more (server-set members) and
//   masks secrets as ********;
// - not modifiable after create: `replace: true` (a change replaces the source), or `replaceOn`
//   for the members of a subset object that are (schemaRef.type);
// - a fixed value every source of the type carries: `fixed`; a value the service requires and
//   the sheet gives a default for: `defaults` (sent on create when unset);
// - a server-set output: `computed` for the secret ones (url, token), `outputs` for the others
//   with their shape (a Universal source's `state`);
// - a rule across fields: `refine`, skipping unknown preview values (known());
// - where the sheet is uncertain: `decision`, listed in the README.
import { z } from "zod";
import { FILTER_TYPES, REQUIRED_FIELDS_BY_SOURCE_TYPE } from "../../api";
import { resourceError } from "./errors";
import {
  type CheckFailure,
  containsUnknown,
  type FieldSpec,
  type FieldSpecs,
  isObject,
  isUnset,
  type JsonObject,
} from "./fields";
import type { EntityKind, Inputs } from "./kind";
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
} from "./schemas";
import {
  ALL_AUTH_SECRET_PATHS,
  type AuthType,
  AWS_AUTH,
  type PathType,
  scanIntervalSchema,
  thirdPartyRefSpec,
} from "./third-party";

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
  eventFormat: {
    schema: z.union([z.literal(0), z.literal(1)], {
      error: "eventFormat must be 0 (legacy XML) or 1 (JSON)",
    }),
    doc: "0 legacy XML (needs eventMessage), 1 JSON.",
  },
  eventMessage: {
    schema: z.union([z.literal(0), z.literal(1), z.literal(2)], {
      error: "eventMessage must be 0 (full message), 1 (title line) or 2 (metadata only)",
    }),
  },
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
  nameSuffixes: {
    schema: z.union([z.string(), stringListSchema("nameSuffixes")], {
      error: "nameSuffixes must be a string (;-separated) or a list of strings",
    }),
  },
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
  cronExpression: {
    schema: stringSchema("cronExpression").refine(
      (cron) => [6, 7].includes(cron.trim().split(/\s+/).length),
      {
        error:
          'cronExpression must be a Quartz expression of 6 or 7 fields, e.g. "0 0/15 * * * ? *"',
      },
    ),
    doc: 'A Quartz expression, e.g. "0 0/15 * * * ? *".',
  },
  // DockerLog, DockerStats
  uri: {
    schema: stringSchema("uri").regex(/^(unix|tcp|https?):\/\/\S+$/, {
      error:
        'uri must be a Docker endpoint such as "unix:///var/run/docker.sock" or "https://host:2376"',
    }),
    doc: 'e.g. "unix:///var/run/docker.sock"; https needs certPath.',
  },
  allContainers: { schema: booleanSchema("allContainers") },
  specifiedContainers: { schema: stringListSchema("specifiedContainers") },
  certPath: { schema: stringSchema("certPath") },
  collectEvents: { schema: booleanSchema("collectEvents") },
  pollInterval: {
    schema: z
      .number({ error: "pollInterval must be a number of milliseconds" })
      .int({ error: "pollInterval must be a whole number of milliseconds" })
      .refine((ms) => ms === 0 || ms >= 1000, {
        error: "pollInterval must be 0 (continuous) or at least 1000 milliseconds",
      }),
  },
  // SystemStats, DockerStats
  metrics: { schema: stringListSchema("metrics"), doc: 'e.g. ["CPU_User", "CPU_Sys"].' },
  // Polling, StreamingMetrics
  contentType: { schema: stringSchema("contentType") },
  scanInterval: {
    schema: scanIntervalSchema,
    default: 300000,
    doc: "Milliseconds between scans (default 300000), or -1 (automatic).",
  },
  paused: { schema: booleanSchema("paused"), default: false },
  thirdPartyRef: {
    schema: z.record(z.string(), z.unknown(), { error: "thirdPartyRef must be an object" }),
    secret: true,
    subset: true,
    secretPaths: ALL_AUTH_SECRET_PATHS,
    doc: "Polling sources: bucket, path and authentication (access keys or a role ARN).",
  },
} as const satisfies FieldSpecs;

export type TypeFieldName = keyof typeof TYPE_FIELDS;

/** Server-assigned outputs that hold a secret token. */
export const SECRET_COMPUTED = ["url", "token"] as const;

/**
 * What an HTTP source of a variant with auth-header ingestion (plain, Zipkin, Otlp, KinesisLog:
 * sheet 5 and the live facts) also gets: `token` (a secret, in `computed`) and its `baseUrl`.
 */
const AUTH_HEADER_OUTPUTS = { baseUrl: z.string() };

export interface SourceType {
  /** The API's sourceType. */
  sourceType: string;
  /** The kind of collector it belongs on (the service refuses it on the other kind). */
  collector: "Installed" | "Hosted";
  /** The typed resource class of the type, if it has one: "HttpSource". */
  kind?: string;
  /** The common fields the type takes at its top level, when not all (Universal: only name). */
  common?: readonly CommonFieldName[];
  /** Own fields besides the common ones. */
  fields: readonly TypeFieldName[];
  /**
   * This type's spec of an own field where it differs from the shared one (TYPE_FIELDS): its
   * allowed values, its shape; or a field only this type has (a Cloud-to-Cloud `config`). The
   * typed class checks and types the field with it; Source keeps the shared spec.
   */
  own?: FieldSpecs;
  /**
   * Own fields that must be set, with what to give: at least the client's required fields
   * (REQUIRED_FIELDS_BY_SOURCE_TYPE) that `fixed` and `defaults` do not give; checked when this
   * module loads. A type may require more (RemoteWindowsPerfMon requires all five fields).
   */
  required: Readonly<Record<string, string>>;
  /** Values every source of the type carries, sent on create (a variant's contentType). */
  fixed?: JsonObject;
  /**
   * Values the service requires that the sheet gives a default for, sent on create when the
   * program leaves them unset (Polling scanInterval 300000, paused false, as TF does).
   */
  defaults?: JsonObject;
  /** Server-assigned secret outputs (the typed class declares them as outputs). */
  computed?: readonly ("url" | "token")[];
  /**
   * Other server-set outputs of the type, with their shape: copied from the service's object to
   * the outputs, never kept in `unmanaged` nor sent back, never compared.
   */
  outputs?: Readonly<Record<string, z.ZodType>>;
  refine?: (inputs: Readonly<Record<string, unknown>>) => CheckFailure[];
  /** A variant's thirdPartyRef: the path and authentication types its contentType allows. */
  ref?: RefOptions<PathType, AuthType>;
  /** Where the sheet is uncertain, what this package chose (the README lists them). */
  decision?: string;
}

type CommonFieldName = keyof typeof COMMON_FIELDS;
type Rule = (inputs: Readonly<Record<string, unknown>>) => CheckFailure[];
const remoteFileAuth: Rule = (inputs) => {
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

const messagePerRequest: Rule = (inputs) =>
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

/** Docker: an https engine needs its certificates; allContainers false needs the containers. */
const docker: Rule = (inputs) => {
  const failures: CheckFailure[] = [];
  if (
    typeof inputs.uri === "string" &&
    inputs.uri.startsWith("https://") &&
    isUnset(inputs.certPath)
  ) {
    failures.push({
      property: "certPath",
      reason:
        "certPath is required with an https:// uri: the directory of the engine's TLS certificates",
    });
  }
  const named = inputs.specifiedContainers;
  if (
    inputs.allContainers === false &&
    !containsUnknown(named) &&
    (!Array.isArray(named) || named.length === 0)
  ) {
    failures.push({
      property: "specifiedContainers",
      reason:
        "specifiedContainers must name at least one container when allContainers is false " +
        "(or set allContainers: true)",
    });
  }
  return failures;
};

/** Windows event logs: eventMessage belongs to the legacy XML format (eventFormat 0). */
const eventMessage: Rule = (inputs) => {
  if (inputs.eventFormat === 0 && isUnset(inputs.eventMessage)) {
    return [
      {
        property: "eventMessage",
        reason:
          "eventMessage is required with eventFormat 0 (legacy XML): 0 full message, 1 title " +
          "line, 2 metadata only",
      },
    ];
  }
  if (inputs.eventFormat === 1 && !isUnset(inputs.eventMessage)) {
    return [
      {
        property: "eventMessage",
        reason:
          "eventMessage applies to eventFormat 0 only: leave it out with eventFormat 1 (JSON)",
      },
    ];
  }
  return [];
};

/** Cloud-to-Cloud: the name lives in config on the service; the class takes it as `name`. */
const configName: Rule = (inputs) => {
  const config = inputs.config;
  if (!isObject(config) || isUnset(config.name) || containsUnknown(config.name)) return [];
  if (containsUnknown(inputs.name) || config.name === inputs.name) return [];
  return [
    {
      property: "config.name",
      reason: "config.name is the source's name: set `name` instead (it is sent as config.name)",
    },
  ];
};

/** The source type of this name (own entries only: "toString" is not one). */
export function sourceTypeNamed(name: unknown): SourceType | undefined {
  return typeof name === "string" && Object.hasOwn(SOURCE_TYPES, name)
    ? (SOURCE_TYPES as Readonly<Record<string, SourceType>>)[name]
    : undefined;
}

/**
 * A source type whose `required` cover the client's required fields for it, each with the hint
 * given here (the type may require more; its fixed values and defaults give some). A required
 * field without a hint, or a hint for a field the type does not have, is a mistake in this
 * table: refused when the module loads.
 */
function withRequired(type: SourceType): SourceType {
  const name = type.sourceType;
  const keys = Object.hasOwn(REQUIRED_FIELDS_BY_SOURCE_TYPE, name)
    ? (REQUIRED_FIELDS_BY_SOURCE_TYPE[name] ?? [])
    : [];
  const hints: Readonly<Record<string, string | undefined>> = type.required;
  const given = { ...type.fixed, ...type.defaults };
  const missing = keys.filter((key) => hints[key] === undefined && !Object.hasOwn(given, key));
  const fields = [...type.fields, ...Object.keys(type.own ?? {})] as string[];
  const foreign = Object.keys(hints).filter((key) => !fields.includes(key));
  if (missing.length + foreign.length > 0) {
    throw resourceError("badTable", { name, missing, foreign });
  }
  return type;
}

const SECRET_KEY = /key|secret|token|password|credentials/i;

/** Host metric names (sheet 4, SystemStats). */
const HOST_METRICS = [
  ...["User", "Sys", "Nice", "Idle", "IOWait", "Irq", "SoftIrq", "Stolen", "Total"].map(
    (m) => `CPU_${m}`,
  ),
  ...["1min", "5min", "15min"].map((m) => `CPU_LoadAvg_${m}`),
  ...[
    "Total",
    "Free",
    "Used",
    "ActualFree",
    "ActualUsed",
    "UsedPercent",
    "FreePercent",
    "PhysicalRam",
  ].map((m) => `Mem_${m}`),
  ...[
    "InboundTotal",
    "OutboundTotal",
    "Established",
    "Listen",
    "Idle",
    "Closing",
    "CloseWait",
    "Close",
    "TimeWait",
  ].map((m) => `TCP_${m}`),
  ...["InPackets", "OutPackets", "InBytes", "OutBytes"].map((m) => `Net_${m}`),
  ...[
    "Reads",
    "ReadBytes",
    "Writes",
    "WriteBytes",
    "Queue",
    "InodesAvailable",
    "Used",
    "UsedPercent",
    "Available",
  ].map((m) => `Disk_${m}`),
];

const intervalAtLeast = (min: number, what: string) =>
  z
    .number({ error: `interval must be a number of milliseconds` })
    .int({ error: "interval must be a whole number of milliseconds" })
    .min(min, { error: `interval must be at least ${min} milliseconds (${what})` });

const WINDOWS_EVENT_LOG = [
  "logNames",
  "renderMessages",
  "eventFormat",
  "eventMessage",
  "allowlist",
  "denylist",
] as const;
const ALL_BUT_HOST = (Object.keys(COMMON_FIELDS) as CommonFieldName[]).filter(
  (key) => key !== "hostName",
);
const DOCKER_HINTS = {
  uri: 'the Docker engine, e.g. "unix:///var/run/docker.sock"',
  allContainers: "true, or false with specifiedContainers",
};

const TABLE = {
  HTTP: {
    sourceType: "HTTP",
    collector: "Hosted",
    kind: "HttpSource",
    fields: ["messagePerRequest", "contentType"],
    own: {
      contentType: {
        schema: z.enum(["Zipkin", "Otlp"], {
          error:
            'contentType of an HttpSource must be "Zipkin" or "Otlp", or left out (logs and ' +
            "metrics); the other HTTP variants have classes of their own (KinesisLogSource, …)",
        }),
        doc: 'Left out: logs and metrics; "Zipkin" traces; "Otlp" OTLP/HTTP.',
      },
    },
    required: {},
    computed: ["url", "token"],
    outputs: AUTH_HEADER_OUTPUTS,
    refine: messagePerRequest,
  },
  Cloudsyslog: {
    sourceType: "Cloudsyslog",
    collector: "Hosted",
    kind: "CloudSyslogSource",
    fields: [],
    required: {},
    computed: ["token"],
  },
  LocalFile: {
    sourceType: "LocalFile",
    collector: "Installed",
    kind: "LocalFileSource",
    fields: ["pathExpression", "denylist", "encoding"],
    own: {
      encoding: {
        schema: z.enum(["UTF-8", "UTF-16", "UTF-16BE", "UTF-16LE"], {
          error: 'encoding must be "UTF-8", "UTF-16", "UTF-16BE" or "UTF-16LE"',
        }),
        default: "UTF-8",
      },
    },
    required: { pathExpression: 'the files to collect, e.g. "/var/log/*.log"' },
  },
  RemoteFileV2: {
    sourceType: "RemoteFileV2",
    collector: "Installed",
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
    decision:
      "keyPassword is taken with either authMethod (the sheet ties it to the wrong one, M).",
  },
  LocalWindowsEventLog: {
    sourceType: "LocalWindowsEventLog",
    collector: "Installed",
    kind: "WindowsEventLogSource",
    common: ALL_BUT_HOST,
    fields: WINDOWS_EVENT_LOG,
    required: { logNames: 'the event logs, e.g. ["Security", "Application"]' },
    refine: eventMessage,
    decision:
      "allowlist/denylist take a comma-separated string or a list (the sheet's table and example disagree, M); no hostName (the host comes from each event).",
  },
  RemoteWindowsEventLog: {
    sourceType: "RemoteWindowsEventLog",
    collector: "Installed",
    kind: "RemoteWindowsEventLogSource",
    fields: [...WINDOWS_EVENT_LOG, "domain", "username", "password", "hosts"],
    required: {
      logNames: 'the event logs, e.g. ["Security"]',
      domain: "the Windows domain",
      username: "the user to connect as",
      password: "the user's password",
      hosts: "the hosts to read from",
    },
    refine: eventMessage,
  },
  LocalWindowsPerfMon: {
    sourceType: "LocalWindowsPerfMon",
    collector: "Installed",
    kind: "WindowsPerfMonSource",
    common: ALL_BUT_HOST,
    fields: ["wmiQueries", "interval"],
    required: { wmiQueries: '[{ name, query: "select * from Win32_PerfFormattedData_…" }]' },
    decision: "interval (ms) is taken: the sheet's example has it, its table does not (M).",
  },
  RemoteWindowsPerfMon: {
    sourceType: "RemoteWindowsPerfMon",
    collector: "Installed",
    kind: "RemoteWindowsPerfMonSource",
    fields: ["domain", "remoteUser", "remotePassword", "remoteHosts", "wmiQueries", "interval"],
    required: {
      domain: "the Windows domain",
      remoteUser: "the user to connect as",
      remotePassword: "the user's password",
      remoteHosts: "the hosts to read from",
      wmiQueries: "[{ name, query }]",
    },
    decision: "all five fields are required (the sheet's table; the local service agrees).",
  },
  ActiveDirectory: {
    sourceType: "ActiveDirectory",
    collector: "Installed",
    kind: "ActiveDirectorySource",
    fields: ["nameSuffixes", "filter", "additionalAttr", "excludedAttr", "interval"],
    own: {
      interval: {
        schema: intervalAtLeast(60000, "1 minute"),
        doc: "Milliseconds between scans, at least 60000 (the service's default: 24 h).",
      },
    },
    required: {},
    decision:
      "interval is in milliseconds, at least 60000 (the sheet's table says seconds, its example ms, M); the ;-separated fields take a string or a list.",
  },
  Syslog: {
    sourceType: "Syslog",
    collector: "Installed",
    kind: "SyslogSource",
    fields: ["protocol", "port"],
    required: { protocol: '"UDP" or "TCP"', port: "the port to listen on, e.g. 514" },
  },
  Script: {
    sourceType: "Script",
    collector: "Installed",
    kind: "ScriptSource",
    fields: ["commands", "file", "workingDir", "timeout", "script", "cronExpression"],
    required: {
      commands: 'the interpreter, e.g. ["/bin/bash"]',
      cronExpression: 'when to run, e.g. "0 0/15 * * * ? *"',
    },
  },
  DockerLog: {
    sourceType: "DockerLog",
    collector: "Installed",
    kind: "DockerLogSource",
    fields: ["uri", "allContainers", "specifiedContainers", "certPath", "collectEvents"],
    required: { ...DOCKER_HINTS, collectEvents: "whether to collect Docker events too" },
    refine: docker,
  },
  DockerStats: {
    sourceType: "DockerStats",
    collector: "Installed",
    kind: "DockerStatsSource",
    fields: ["uri", "allContainers", "specifiedContainers", "certPath", "metrics", "pollInterval"],
    own: {
      metrics: {
        schema: z.array(
          z.object(
            {
              category: stringSchema("a metric's category"),
              metric: stringSchema("a metric's name"),
            },
            {
              error:
                'each metric must be an object { category, metric }, e.g. { category: "CPU", metric: "cpu_usage.percpu_usage" }',
            },
          ),
          { error: "metrics must be a list of { category, metric }" },
        ),
        doc: '`[{ category, metric }]`, e.g. `{ category: "CPU", metric: "cpu_usage.percpu_usage" }`; absent: all.',
      },
    },
    required: DOCKER_HINTS,
    fixed: { contentType: "DockerMetrics" },
    refine: docker,
    decision:
      'metrics are objects { category, metric } (the sheet; the local service agrees); the class sends contentType "DockerMetrics" (stats as logs: Source).',
  },
  SystemStats: {
    sourceType: "SystemStats",
    collector: "Installed",
    kind: "SystemStatsSource",
    fields: ["interval", "metrics"],
    own: {
      interval: {
        schema: intervalAtLeast(1000, "1 second"),
        doc: "Milliseconds between samples, e.g. 60000.",
      },
      metrics: {
        schema: z.array(
          z.enum(HOST_METRICS, {
            error:
              "each of metrics must be a host metric name such as CPU_User, Mem_Used or Disk_Reads",
          }),
          { error: "metrics must be a list of host metric names" },
        ),
        doc: 'e.g. ["CPU_User", "Mem_Used"]; absent: all.',
      },
    },
    required: { interval: "milliseconds between samples, e.g. 60000" },
    fixed: { contentType: "HostMetrics" },
  },
  StreamingMetrics: {
    sourceType: "StreamingMetrics",
    collector: "Installed",
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
    collector: "Hosted",
    fields: ["contentType", "scanInterval", "paused", "thirdPartyRef"],
    required: {
      contentType: 'what to poll, e.g. "AwsS3Bucket" or "AwsCloudTrailBucket"',
      thirdPartyRef: "{ resources: [{ serviceType: <the contentType>, path, authentication }] }",
    },
    defaults: { scanInterval: 300000, paused: false },
    computed: ["url"],
  },
  Universal: {
    sourceType: "Universal",
    collector: "Hosted",
    kind: "CloudToCloudSource",
    common: ["name"],
    fields: [],
    own: {
      schemaRef: {
        schema: z.object(
          {
            type: stringSchema("schemaRef.type").max(128, {
              error: "schemaRef.type must be at most 128 characters",
            }),
            version: stringSchema("schemaRef.version").optional(),
          },
          { error: 'schemaRef must be an object { type, version? }, e.g. { type: "Okta" }' },
        ),
        subset: true,
        replaceOn: ["type"],
        keepMembers: ["version"],
        doc: 'The integration, e.g. { type: "Okta" }; a new type replaces the source; version "latest" asks for an upgrade.',
      },
      config: {
        schema: z.record(z.string(), z.unknown(), {
          error: "config must be an object of the integration's settings",
        }),
        subset: true,
        secretKeys: SECRET_KEY,
        doc: "The integration's settings; keys naming a key, secret, token, password or credentials are secrets.",
      },
    },
    required: {
      schemaRef: 'the integration, e.g. { type: "Okta" }',
      config: "the integration's settings, e.g. { domain, apiKey }",
    },
    outputs: { state: z.object({ state: z.string() }).loose() },
    refine: configName,
    decision:
      "name is sent both as config.name (the sheet) and at the top level; common fields go inside config; schemaRef.version is compared with the program's value only (\"latest\" asks for an upgrade); config keys naming a key, secret, token, password or credentials are the secrets (the sheet's heuristic, L).",
  },
} satisfies Record<string, SourceType>;

/** A Polling type of one contentType (sheet 6.2, 6.3): scanInterval, paused and thirdPartyRef. */
/** What a variant's thirdPartyRef allows; generic so each class keeps its own path and auth types. */
interface RefOptions<P extends PathType, A extends AuthType> {
  paths: readonly P[];
  auths: readonly A[];
  optionalParts?: boolean;
  replace?: boolean;
}

function polling<P extends PathType, A extends AuthType>(
  contentType: string,
  kind: string,
  ref: RefOptions<P, A>,
) {
  return {
    sourceType: "Polling",
    collector: "Hosted",
    kind,
    fields: ["scanInterval", "paused", "thirdPartyRef"],
    own: { thirdPartyRef: thirdPartyRefSpec({ serviceType: contentType, ...ref }) },
    required: {
      thirdPartyRef: `{ resources: [{ serviceType: "${contentType}", path, authentication }] }`,
    },
    fixed: { contentType },
    defaults: { scanInterval: 300000, paused: false },
    computed: ["url"],
    ref,
  } as const satisfies SourceType;
}

/** An HTTP variant with a thirdPartyRef (sheet 6.1). */
function httpVariant<P extends PathType, A extends AuthType, F extends TypeFieldName = never>(
  contentType: string,
  kind: string,
  ref: RefOptions<P, A>,
  fields: readonly F[] = [],
) {
  return {
    sourceType: "HTTP",
    collector: "Hosted",
    kind,
    fields: [...fields, "thirdPartyRef"],
    own: { thirdPartyRef: thirdPartyRefSpec({ serviceType: contentType, ...ref }) },
    required: {
      thirdPartyRef: `{ resources: [{ serviceType: "${contentType}", path, authentication }] }`,
    },
    fixed: { contentType },
    computed: ["url"],
    refine: messagePerRequest,
    ref,
  } as const satisfies SourceType;
}

/** Event Hub logs are pushed, not scanned: scanInterval is -1 unless given (TF forces it). */
function azureEventHubLog() {
  const base = polling("AzureEventHubLog", "AzureEventHubLogSource", {
    paths: ["AzureEventHubPath"],
    auths: ["AzureEventHubAuthentication"],
  });
  const scanInterval = {
    ...TYPE_FIELDS.scanInterval,
    default: -1,
    doc: "Milliseconds between scans, or -1 (automatic, the default for this type).",
  };
  return {
    ...base,
    own: { ...base.own, scanInterval },
    defaults: { scanInterval: -1, paused: false },
    decision: "scanInterval defaults to -1 (event-driven), as TF forces.",
  } as const;
}

const S3_FAMILY = { paths: ["S3BucketPathExpression"], auths: AWS_AUTH } as const;
const ROLE = ["AWSRoleBasedAuthentication"] as const;

/**
 * The types that share a sourceType with a base type and differ by contentType (Polling, HTTP),
 * by that contentType: each has its class, its fixed contentType and its typed thirdPartyRef.
 */
const VARIANTS = {
  AwsS3Bucket: polling("AwsS3Bucket", "S3Source", S3_FAMILY),
  AwsElbBucket: polling("AwsElbBucket", "ElbSource", S3_FAMILY),
  AwsCloudFrontBucket: polling("AwsCloudFrontBucket", "CloudFrontSource", S3_FAMILY),
  AwsCloudTrailBucket: polling("AwsCloudTrailBucket", "CloudTrailSource", S3_FAMILY),
  AwsS3AuditBucket: polling("AwsS3AuditBucket", "S3AuditSource", S3_FAMILY),
  AwsS3ArchiveBucket: polling("AwsS3ArchiveBucket", "S3ArchiveSource", S3_FAMILY),
  AwsCloudWatch: polling("AwsCloudWatch", "CloudWatchMetricsSource", {
    paths: ["CloudWatchPath"],
    auths: AWS_AUTH,
  }),
  AwsMetadata: polling("AwsMetadata", "AwsMetadataSource", {
    paths: ["AwsMetadataPath"],
    auths: AWS_AUTH,
  }),
  AwsInventory: polling("AwsInventory", "AwsInventorySource", {
    paths: ["AwsInventoryPath"],
    auths: ROLE,
  }),
  AwsXRay: polling("AwsXRay", "AwsXRaySource", { paths: ["AwsXRayPath"], auths: AWS_AUTH }),
  GcpMetrics: polling("GcpMetrics", "GcpMetricsSource", {
    paths: ["GcpMetricsPath"],
    auths: ["service_account"],
  }),
  AzureEventHubLog: azureEventHubLog(),
  AzureMetrics: polling("AzureMetrics", "AzureMetricsSource", {
    paths: ["AzureMetricsPath"],
    auths: ["AzureClientSecretAuthentication"],
  }),
  GoogleCloudLogs: {
    ...httpVariant(
      "GoogleCloudLogs",
      "GcpLogsSource",
      {
        paths: ["NoPathExpression"],
        auths: ["NoAuthentication"],
        optionalParts: true,
        replace: true,
      },
      ["messagePerRequest"],
    ),
    required: {},
    decision:
      'contentType "GoogleCloudLogs" is sent (as TF does); thirdPartyRef is optional and not modifiable (a change replaces the source).',
  },
  KinesisLog: {
    ...httpVariant(
      "KinesisLog",
      "KinesisLogSource",
      {
        paths: ["NoPathExpression", "KinesisLogPath"],
        auths: ["NoAuthentication", ...AWS_AUTH],
      },
      ["messagePerRequest"],
    ),
    required: {},
    computed: ["url", "token"],
    outputs: AUTH_HEADER_OUTPUTS,
    decision:
      "thirdPartyRef is optional: the live service takes a KinesisLog source without one (the reference provider's acceptance test creates one).",
  },
  KinesisMetric: httpVariant("KinesisMetric", "KinesisMetricsSource", {
    paths: ["KinesisMetricPath"],
    auths: AWS_AUTH,
  }),
  Rum: httpVariant("Rum", "RumSource", { paths: ["RumPath"], auths: ["NoAuthentication"] }),
  O365AuditNotification: {
    ...httpVariant(
      "O365AuditNotification",
      "O365AuditSource",
      { paths: ["O365NotificationPath"], auths: ["O365AppRegistrationAuthentication"] },
      ["messagePerRequest"],
    ),
    decision:
      "contentType is sent (the service would fill it in); Zipkin and Otlp are HttpSource's contentType.",
  },
} satisfies Record<string, SourceType>;

/** Every source type this package models, by the API's sourceType. */
export const SOURCE_TYPES = Object.fromEntries(
  Object.entries(TABLE).map(([name, type]) => [name, withRequired(type)]),
) as { readonly [Name in keyof typeof TABLE]: (typeof TABLE)[Name] };

/** The types that share a base type's sourceType, by the contentType that selects them. */
export const SOURCE_VARIANTS = Object.fromEntries(
  Object.entries(VARIANTS).map(([name, type]) => [name, withRequired(type)]),
) as { readonly [Name in keyof typeof VARIANTS]: (typeof VARIANTS)[Name] };

/** Every table entry: base types by sourceType, variants by contentType. */
export const SOURCE_ENTRIES = { ...SOURCE_TYPES, ...SOURCE_VARIANTS };

/** The source types with a typed resource class, by the class's name. */
export const TYPED_SOURCES: Readonly<Record<string, SourceType>> = Object.fromEntries(
  Object.values(SOURCE_ENTRIES as Readonly<Record<string, SourceType>>).flatMap((type) =>
    type.kind ? [[type.kind, type]] : [],
  ),
);

/**
 * The typed class for a source as the service shows it: the entry of its sourceType whose fixed
 * values it carries, the most specific first (S3Source before a Polling source without a class);
 * undefined when only the generic Source fits.
 */
export function typedSourceOf(
  source: Readonly<Record<string, unknown>>,
): { kind: string; type: SourceType } | undefined {
  const fits = Object.values(TYPED_SOURCES).filter(
    (type) =>
      type.sourceType === source.sourceType &&
      Object.entries(type.fixed ?? {}).every(([key, value]) => source[key] === value),
  );
  const best = fits.sort(
    (a, b) => Object.keys(b.fixed ?? {}).length - Object.keys(a.fixed ?? {}).length,
  )[0];
  if (!best?.kind) return undefined;
  // A plain HTTP source whose contentType HttpSource does not take belongs to Source.
  if (best.kind === "HttpSource" && !isUnset(source.contentType)) {
    const own = best.own?.contentType?.schema.safeParse(source.contentType);
    if (!own?.success) return undefined;
  }
  return { kind: best.kind, type: best };
}

/**
 * Service fields never kept in `unmanaged` nor sent back (sheet 7): url, token and baseUrl are
 * outputs of their own (a class that has them, and Source); a Universal source's `state` is
 * CloudToCloudSource's; `status` (undocumented) nobody's.
 */
export const SOURCE_VOLATILE = [
  "id",
  "alive",
  "url",
  "token",
  "baseUrl",
  "state",
  "status",
] as const;

/** The plain server-set outputs of the generic Source (it may be any type, HTTP included). */
export const GENERIC_OUTPUTS: Readonly<Record<string, z.ZodType>> = AUTH_HEADER_OUTPUTS;

/** The source types whose delete ends later, on the service. */
export const ASYNC_DELETE_TYPES: ReadonlySet<string> = new Set(["Universal"]);

/** The field specs of a typed source kind. */
export function typedSpecs(type: SourceType): FieldSpecs {
  const common = Object.fromEntries(
    (type.common ?? (Object.keys(COMMON_FIELDS) as CommonFieldName[])).map((key) => [
      key,
      COMMON_FIELDS[key] as FieldSpec,
    ]),
  );
  const own = Object.fromEntries(
    type.fields.map((field) => [field, type.own?.[field] ?? TYPE_FIELDS[field]]),
  );
  return { ...common, ...own, ...type.own };
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
      if (type.common) {
        for (const key of Object.keys(COMMON_FIELDS)) {
          if ((type.common as readonly string[]).includes(key) || isUnset(values[key])) continue;
          failures.push({
            property: key,
            reason:
              type.sourceType === "Universal"
                ? `${key} is not a top-level field of a Universal source: put it in passthrough.config`
                : `${key} is not a field of ${type.sourceType} sources`,
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
      // Fields the generic Source has (a Universal schemaRef and config go in passthrough).
      ...Object.fromEntries(
        Object.entries(type?.required ?? {}).filter(([key]) => Object.hasOwn(GENERIC_SPECS, key)),
      ),
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
  const outputs = type ? (type.outputs ?? {}) : GENERIC_OUTPUTS;
  const expected = (inputs: Record<string, unknown>) =>
    type ? type.sourceType : String(inputs.sourceType);
  return {
    kind: options.kind,
    collection: "sources",
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
    fixed: (inputs) => {
      const of = type ?? sourceTypeNamed(inputs.sourceType);
      return { sourceType: expected(inputs), ...of?.defaults, ...type?.fixed };
    },
    serverSet: ["sourceType", ...SECRET_COMPUTED, ...Object.keys(outputs)],
    volatile: [...SOURCE_VOLATILE, ...Object.keys(outputs)],
    mismatch: (entity, inputs) => {
      if (entity.sourceType !== expected(inputs)) {
        return `it is a ${String(entity.sourceType)} source, not ${expected(inputs)}`;
      }
      // A typed class takes only its own variant (an S3Source no CloudTrail source).
      const shown = type ? typedSourceOf(entity)?.kind : undefined;
      return shown !== undefined && shown !== type?.kind
        ? `it is a ${shown} (contentType ${String(entity.contentType)}), not a ${type?.kind}`
        : undefined;
    },
  };
}
