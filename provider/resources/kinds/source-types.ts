// The table of base source types, by the API's sourceType (the generic Source reads it): what
// each one requires, with hints; its own fields, fixed values, defaults, server-set outputs and
// rules across fields. How a fact of the source-type sheet goes in: source-type.ts. The types
// that share a sourceType and differ by contentType: source-variants.ts.
import { z } from "zod";
import { CREDENTIAL_KEY } from "./fields";
import { stringSchema } from "./schemas";
import {
  AUTH_HEADER_OUTPUTS,
  COMMON_FIELDS,
  type CommonFieldName,
  dockerMetricSchema,
} from "./source-fields";
import {
  configName,
  docker,
  eventMessage,
  messagePerRequest,
  remoteFileAuth,
} from "./source-rules";
import { checkedTable, type SourceType } from "./source-type";

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
        doc: 'The files\' character set: "UTF-8", "UTF-16", "UTF-16BE" or "UTF-16LE".',
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
      "keyPassword (the key's passphrase) is taken with either authMethod: the vendor's documentation ties it to the other method, which looks like a slip.",
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
      "allowlist/denylist take a comma-separated string or a list (the vendor's documentation lists a list in its table and sends a string in its example); no hostName (the host comes from each event).",
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
    decision:
      "interval (milliseconds) is taken: the vendor's example sets it, though its table of fields leaves it out.",
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
    decision:
      "all five fields are required, as the vendor's table of fields says (and the local service does).",
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
      "interval is in milliseconds, at least 60000 (the vendor's table says seconds, its example uses milliseconds); the ;-separated fields take a string or a list.",
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
        schema: z.array(dockerMetricSchema, {
          error: "metrics must be a list of { category, metric }",
        }),
        doc: '`[{ category, metric }]`, e.g. `{ category: "CPU", metric: "cpu_usage.percpu_usage" }`; absent: all.',
      },
    },
    required: DOCKER_HINTS,
    fixed: { contentType: "DockerMetrics" },
    refine: docker,
    decision:
      'metrics are objects { category, metric }, as the vendor\'s documentation gives them (and the local service takes them); the class sends contentType "DockerMetrics" (for stats as logs, use Source).',
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
        doc: 'Host metric names (CPU_…, Mem_…, TCP_…, Net_…, Disk_…), e.g. ["CPU_User", "Mem_Used"]; absent: all.',
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
        schema: z
          .object(
            {
              type: stringSchema("schemaRef.type")
                .max(128, { error: "schemaRef.type must be at most 128 characters" })
                .describe('The integration, e.g. "Okta"; a new one replaces the source.'),
              version: stringSchema("schemaRef.version")
                .optional()
                .describe('Its version, set by the service; "latest" asks for an upgrade.'),
            },
            { error: 'schemaRef must be an object { type, version? }, e.g. { type: "Okta" }' },
          )
          .describe("The Cloud-to-Cloud integration the source runs."),
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
        secretKeys: CREDENTIAL_KEY,
        doc: "The integration's settings; keys naming a key, secret, token, password or credentials are secrets.",
      },
    },
    required: {
      schemaRef: 'the integration, e.g. { type: "Okta" }',
      config: "the integration's settings, e.g. { domain, apiKey }",
    },
    outputs: {
      state: z
        .object({
          state: z
            .string()
            .describe(
              "Pending, Started, Initialized, Authenticated, Collecting, Error, Stopping (after a delete) or Upgrading.",
            ),
        })
        .loose()
        .describe("Where the integration is: `{ state }`."),
    },
    refine: configName,
    decision:
      "name is sent both as config.name (as the vendor's documentation shows it) and at the top level; common fields go inside config; schemaRef.version is compared with the program's value only (\"latest\" asks for an upgrade); config keys naming a key, secret, token, password or credentials are the secrets (a rule of thumb: the vendor documents no list of an integration's secret keys).",
  },
} satisfies Record<string, SourceType>;

/** Every source type this package models, by the API's sourceType. */
export const SOURCE_TYPES = checkedTable(TABLE);

/** The source type of this name (own entries only: "toString" is not one). */
export function sourceTypeNamed(name: unknown): SourceType | undefined {
  return typeof name === "string" && Object.hasOwn(SOURCE_TYPES, name)
    ? (SOURCE_TYPES as Readonly<Record<string, SourceType>>)[name]
    : undefined;
}
