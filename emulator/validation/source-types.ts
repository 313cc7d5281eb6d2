// One rule table per sourceType of the source-types fact sheet (docs/internals/service-research/source-types.md,
// sections 2–8), written from the sheet alone: the emulator shares no code with provider/.
import type { CollectorType } from "../model/collector";
import * as common from "./common";
import type { OnUpdate } from "./server-set";
import {
  HTTP_REF_VARIANTS,
  POLLING_VARIANTS,
  readThirdPartyRef,
  scanInterval,
} from "./third-party";
import {
  bool,
  entryOf,
  int,
  intAtLeast,
  invalid,
  isObject,
  type Json,
  listOf,
  listOfRule,
  maxString,
  missing,
  obj,
  oneOf,
  port,
  type Rule,
  str,
  stringMap,
  strList,
  strOrList,
} from "./values";

/**
 * What the service issues to a new source of a type (sheet 7): an HTTP receiver URL (and, for
 * the variants of AUTH_HEADER_VARIANTS, a token and its base URL), a Polling source's SNS
 * endpoint, a Cloudsyslog token.
 */
export type ServerSet = "httpUrl" | "eventUrl" | "syslogToken";

/** One source type: where it belongs, its own fields and the rules between them. */
export interface SourceTypeSpec {
  collector: CollectorType;
  fields: Record<string, Rule>;
  required: string[];
  /** Values the server fills in when absent and refuses to change (e.g. SystemStats contentType). */
  fixed?: Json;
  /** Defaults of the type's own fields. */
  defaults?: Json;
  /** Fields refused outright, with the reason and fix (legacy names, unsupported fields). */
  refused?: Record<string, string>;
  /** Own fields a PUT may omit or send back unchanged, never change (sheet 8). */
  notModifiable?: (current: Json) => string[];
  /** Cross-field rules; may normalise `config` (e.g. a checked thirdPartyRef). */
  check?: (config: Json) => void;
  /** What the service issues on create. */
  server?: ServerSet;
}

const FILTER_TYPES = ["Exclude", "Include", "Hash", "Mask", "Forward"];

/** Fields every log source has (live-service facts (docs/internals/service-research/live-service-facts.md), "Common fields on every source", and sheet 2). */
export const COMMON_FIELDS: Record<string, Rule> = {
  name: common.name,
  description: common.description,
  category: str,
  hostName: common.hostName,
  timeZone: common.timeZone,
  forceTimeZone: bool,
  automaticDateParsing: bool,
  multilineProcessingEnabled: bool,
  useAutolineMatching: bool,
  manualPrefixRegexp: str,
  defaultDateFormat: str,
  defaultDateFormats: listOf({ format: str, locator: str }, ["format"]),
  filters: listOf(
    {
      name: maxString(32),
      filterType: oneOf(...FILTER_TYPES),
      regexp: str,
      mask: str,
      sinkId: int(0),
      transparentForwarding: bool,
    },
    ["name", "filterType", "regexp"],
  ),
  hashAlgorithm: oneOf("MD5", "SHA-256"),
  encoding: str,
  cutoffTimestamp: int(0),
  cutoffRelativeTime: common.relativeTime,
  fields: stringMap,
};

export const COMMON_DEFAULTS: Json = {
  automaticDateParsing: true,
  multilineProcessingEnabled: true,
  useAutolineMatching: true,
  forceTimeZone: false,
  filters: [],
  cutoffTimestamp: 0,
};

/** Fields not modifiable on any source type (sheet 8). */
export const ALWAYS_NOT_MODIFIABLE = ["cutoffRelativeTime"];

/** Every filter of type Mask needs its mask. */
export function checkFilters(config: Json): void {
  const filters = (config.filters ?? []) as Json[];
  filters.forEach((f, i) => {
    if (f.filterType === "Mask" && f.mask === undefined)
      invalid(`source.filters[${i}].mask`, "is required for a Mask filter");
  });
}

/** Old spellings some tools still send (sheet 3 and 4, L): refused with the current name. */
const OLD_LIST_NAMES: Record<string, string> = {
  blacklist: 'is the old name of "denylist": send denylist instead',
  whitelist: 'is the old name of "allowlist": send allowlist instead',
};

/** Legacy sourceType names (sheet 3, L): refused, naming the type to use. */
export const LEGACY_TYPES: Record<string, string> = {
  RemoteFile: '"RemoteFileV2"',
  Graphite: '"StreamingMetrics" with contentType "Graphite"',
  RemoteWindowsPerformance: '"RemoteWindowsPerfMon"',
};

const HOST_FROM_EVENT = "is not supported on this source type: the host comes from each event";
const ENCODINGS = ["UTF-8", "UTF-16", "UTF-16BE", "UTF-16LE"];
const wmiQueries = listOf({ name: str, query: str }, ["name", "query"]);

/** A Quartz cron expression: 6 or 7 space-separated fields (seconds first). */
const cron: Rule = (value, path) => {
  const s = str(value, path) as string;
  const parts = s.trim().split(/\s+/);
  return parts.length === 6 || parts.length === 7
    ? s
    : invalid(path, 'must be a Quartz cron expression of 6 or 7 fields, e.g. "0 0/5 * * * ?"');
};

/** A Docker endpoint: unix socket, tcp, http or https. */
const dockerUri: Rule = (value, path) => {
  const s = str(value, path) as string;
  return /^(unix|tcp|https?):\/\/\S+$/.test(s)
    ? s
    : invalid(path, 'must be a Docker endpoint such as "unix:///var/run/docker.sock"');
};

function docker(config: Json): void {
  if (typeof config.uri === "string" && config.uri.startsWith("https://") && !config.certPath)
    missing("source.certPath");
  if (config.allContainers === false) {
    const named = config.specifiedContainers;
    if (!Array.isArray(named) || named.length === 0) {
      invalid(
        "source.specifiedContainers",
        "must name at least one container when allContainers is false",
      );
    }
  }
}

const windowsEventLog: Record<string, Rule> = {
  logNames: strList,
  renderMessages: bool,
  eventFormat: int(0, 1),
  eventMessage: int(0, 2),
  allowlist: strOrList,
  denylist: strOrList,
};

/** eventMessage belongs to the legacy XML format (eventFormat 0), which needs it when chosen. */
function eventMessage(config: Json): void {
  if (config.eventFormat === 0 && config.eventMessage === undefined) missing("source.eventMessage");
  if (config.eventFormat === 1 && config.eventMessage !== undefined) {
    invalid(
      "source.eventMessage",
      "applies to eventFormat 0 (legacy XML) only: leave it out with eventFormat 1",
    );
  }
}

/** Host metric names (sheet 4, SystemStats). */
const HOST_METRICS = [
  ...["User", "Sys", "Nice", "Idle", "IOWait", "Irq", "SoftIrq", "Stolen", "Total"].map(
    (m) => `CPU_${m}`,
  ),
  "CPU_LoadAvg_1min",
  "CPU_LoadAvg_5min",
  "CPU_LoadAvg_15min",
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
const hostMetric: Rule = (value, path) => {
  const s = str(value, path) as string;
  return HOST_METRICS.includes(s)
    ? s
    : invalid(path, "must be a host metric name such as CPU_User, Mem_Used or Disk_Reads");
};

/** The HTTP contentTypes (sheet 5 and 6.1); absent means plain logs or metrics. */
export const HTTP_CONTENT_TYPES = ["Zipkin", "Otlp", ...Object.keys(HTTP_REF_VARIANTS)];
/** HTTP variants whose body carries contentType itself (6.1 "top-level extras"). */
const HTTP_CONTENT_TYPE_SENT = ["KinesisLog", "KinesisMetric", "Rum"];

/**
 * HTTP sources that also get a `token` and `baseUrl` for auth-header ingestion (sheet 5; the
 * facts: plain, Zipkin, KinesisLog and Otlp), by contentType; absent is plain.
 */
const AUTH_HEADER_VARIANTS = [undefined, "Zipkin", "Otlp", "KinesisLog"];

/** Whether the service gives this HTTP source (its stored config) a token and a baseUrl. */
export function takesAuthHeader(config: Json): boolean {
  return AUTH_HEADER_VARIANTS.includes(config.contentType as string | undefined);
}

function serviceTypeOf(ref: unknown): unknown {
  if (!isObject(ref) || !Array.isArray(ref.resources) || !isObject(ref.resources[0]))
    return undefined;
  return ref.resources[0].serviceType;
}

/** HTTP: the variant comes from contentType or, without one, from the thirdPartyRef. */
function http(config: Json): void {
  if (config.messagePerRequest === true && config.multilineProcessingEnabled !== false)
    invalid("source.messagePerRequest", "needs multilineProcessingEnabled set to false");
  const fromRef = serviceTypeOf(config.thirdPartyRef);
  const type = config.contentType ?? (typeof fromRef === "string" ? fromRef : undefined);
  const variant = typeof type === "string" ? entryOf(HTTP_REF_VARIANTS, type) : undefined;
  if (!variant) {
    if (config.thirdPartyRef !== undefined) {
      invalid(
        "source.thirdPartyRef",
        `is only for the HTTP variants ${Object.keys(HTTP_REF_VARIANTS).join(", ")}: set contentType or leave thirdPartyRef out`,
      );
    }
    return;
  }
  const name = type as string;
  if (config.contentType === undefined) {
    if (HTTP_CONTENT_TYPE_SENT.includes(name)) missing("source.contentType");
    if (name === "O365AuditNotification") config.contentType = name; // the server fills it in
  }
  if (config.thirdPartyRef === undefined) {
    if (variant.optionalParts || variant.optionalRef) return;
    missing("source.thirdPartyRef");
  }
  config.thirdPartyRef = readThirdPartyRef(config.thirdPartyRef, name, variant);
}

function polling(config: Json): void {
  const type = config.contentType as string;
  const variant = entryOf(POLLING_VARIANTS, type);
  if (variant) config.thirdPartyRef = readThirdPartyRef(config.thirdPartyRef, type, variant);
}

/** The source types of the sheet's master index (section 3), installed first, then hosted. */
export const SOURCE_TYPES: Record<string, SourceTypeSpec> = {
  LocalFile: {
    collector: "Installable",
    fields: { pathExpression: str, denylist: strList, encoding: oneOf(...ENCODINGS) },
    required: ["pathExpression"],
    defaults: { encoding: "UTF-8", denylist: [] },
    refused: OLD_LIST_NAMES,
  },
  RemoteFileV2: {
    collector: "Installable",
    fields: {
      remoteHosts: strList,
      remotePort: port,
      remoteUser: str,
      authMethod: oneOf("password", "key"),
      remotePassword: str,
      keyPath: str,
      keyPassword: str,
      pathExpression: str,
      denylist: strList,
    },
    required: ["remoteHosts", "remotePort", "remoteUser", "authMethod", "pathExpression"],
    defaults: { denylist: [] },
    refused: OLD_LIST_NAMES,
    check: (c) => {
      if (c.authMethod === "password" && c.remotePassword === undefined)
        missing("source.remotePassword");
      if (c.authMethod === "key" && c.keyPath === undefined) missing("source.keyPath");
    },
  },
  LocalWindowsEventLog: {
    collector: "Installable",
    fields: windowsEventLog,
    required: ["logNames"],
    refused: { ...OLD_LIST_NAMES, hostName: HOST_FROM_EVENT },
    check: eventMessage,
  },
  RemoteWindowsEventLog: {
    collector: "Installable",
    fields: { ...windowsEventLog, domain: str, username: str, password: str, hosts: strList },
    required: ["logNames", "domain", "username", "password", "hosts"],
    refused: OLD_LIST_NAMES,
    check: eventMessage,
  },
  LocalWindowsPerfMon: {
    collector: "Installable",
    fields: { wmiQueries, interval: int(1) },
    required: ["wmiQueries"],
    refused: { hostName: HOST_FROM_EVENT },
  },
  RemoteWindowsPerfMon: {
    collector: "Installable",
    fields: {
      domain: str,
      remoteUser: str,
      remotePassword: str,
      remoteHosts: strList,
      wmiQueries,
      interval: int(1),
    },
    required: ["domain", "remoteUser", "remotePassword", "remoteHosts", "wmiQueries"],
  },
  ActiveDirectory: {
    collector: "Installable",
    fields: {
      nameSuffixes: strOrList,
      filter: str,
      additionalAttr: strOrList,
      excludedAttr: strOrList,
      interval: intAtLeast(60_000),
    },
    required: [],
    defaults: { interval: 24 * 60 * 60_000 },
  },
  Syslog: {
    collector: "Installable",
    fields: { protocol: oneOf("UDP", "TCP"), port },
    required: ["protocol", "port"],
  },
  Script: {
    collector: "Installable",
    fields: {
      commands: strList,
      file: str,
      workingDir: str,
      timeout: int(0),
      script: str,
      cronExpression: cron,
    },
    required: ["commands", "cronExpression"],
  },
  DockerLog: {
    collector: "Installable",
    fields: {
      uri: dockerUri,
      allContainers: bool,
      specifiedContainers: strList,
      certPath: str,
      collectEvents: bool,
    },
    required: ["uri", "allContainers", "collectEvents"],
    check: docker,
  },
  DockerStats: {
    collector: "Installable",
    fields: {
      uri: dockerUri,
      allContainers: bool,
      specifiedContainers: strList,
      certPath: str,
      contentType: oneOf("DockerMetrics"),
      metrics: listOf({ category: str, metric: str }, ["category", "metric"]),
      pollInterval: intAtLeast(1000, 0),
    },
    required: ["uri", "allContainers"],
    check: docker,
  },
  SystemStats: {
    collector: "Installable",
    fields: { interval: intAtLeast(1000), metrics: listOfRule(hostMetric) },
    required: ["interval"],
    fixed: { contentType: "HostMetrics" },
  },
  StreamingMetrics: {
    collector: "Installable",
    fields: {
      contentType: oneOf("Graphite", "Carbon2", "Prometheus"),
      protocol: oneOf("UDP", "TCP"),
      port,
    },
    required: [],
    defaults: { contentType: "Graphite", protocol: "TCP" },
  },
  HTTP: {
    collector: "Hosted",
    fields: {
      messagePerRequest: bool,
      contentType: oneOf(...HTTP_CONTENT_TYPES),
      thirdPartyRef: obj,
    },
    required: [],
    defaults: { messagePerRequest: false },
    notModifiable: (c) =>
      (c.contentType ?? serviceTypeOf(c.thirdPartyRef)) === "GoogleCloudLogs"
        ? ["thirdPartyRef"]
        : [],
    check: http,
    server: "httpUrl",
  },
  Cloudsyslog: { collector: "Hosted", fields: {}, required: [], server: "syslogToken" },
  Polling: {
    collector: "Hosted",
    fields: {
      contentType: oneOf(...Object.keys(POLLING_VARIANTS)),
      scanInterval,
      paused: bool,
      thirdPartyRef: obj,
    },
    required: ["contentType", "scanInterval", "paused", "thirdPartyRef"],
    notModifiable: () => ["contentType"],
    check: polling,
    server: "eventUrl",
  },
};

/**
 * Fields the service sets on sources (sheet 7), and what a PUT may do with them: `url` is not
 * modifiable (sheet 8); the others are ignored. Never taken from a body (a create ignores them
 * all). docs/reference/local-service.md gives the evidence per field; a thirdPartyRef path's
 * snsTopicOrSubscriptionArn and a Universal source's schemaRef.version are in their own tables.
 */
export const SOURCE_SERVER_SET: Readonly<Record<string, OnUpdate>> = {
  url: "notModifiable",
  token: "ignored",
  baseUrl: "ignored",
  alive: "ignored",
  state: "ignored",
  status: "ignored",
};

/** Fields never taken from a request body: the id (checked on its own) and the server-set ones. */
export const SERVER_FIELDS = new Set(["id", ...Object.keys(SOURCE_SERVER_SET)]);
