// The source types: each one's own fields, required fields (with a hint on what to give),
// fixed values, server-assigned outputs and rules across fields. Source and the typed classes
// are all views of this table. Which fields a type requires is the client's table
// (REQUIRED_FIELDS_BY_SOURCE_TYPE); this one only adds the hints, one for each of those.
import { REQUIRED_FIELDS_BY_SOURCE_TYPE } from "../../api";
import { type CheckFailure, isUnset } from "../core/fields";
import type { JsonObject } from "../core/plain";
import { containsUnknown } from "../core/unknowns";
import type { TypeFieldName } from "./fields";

export interface SourceType {
  /** The API's sourceType. */
  sourceType: string;
  /** Own fields besides the common ones. */
  fields: readonly TypeFieldName[];
  /** Own fields that must be set (the client's table), with what to give. */
  required: Readonly<Partial<Record<TypeFieldName, string>>>;
  /** Values every source of the type carries, sent on create. */
  fixed?: JsonObject;
  /** Server-assigned secret outputs (the typed class declares them as outputs). */
  computed?: readonly ("url" | "token")[];
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
    throw new Error(
      `source type ${name}: the hints must cover exactly REQUIRED_FIELDS_BY_SOURCE_TYPE.${name} ` +
        `among its own fields (hints without a requirement: ${extra.join(", ") || "none"}; ` +
        `requirements without a hint: ${missing.join(", ") || "none"}; required but not its ` +
        `own fields: ${foreign.join(", ") || "none"})`,
    );
  }
  return type;
}

const TABLE = {
  HTTP: {
    sourceType: "HTTP",
    fields: ["messagePerRequest"],
    required: {},
    computed: ["url"],
    refine: messagePerRequest,
  },
  Cloudsyslog: { sourceType: "Cloudsyslog", fields: [], required: {}, computed: ["token"] },
  LocalFile: {
    sourceType: "LocalFile",
    fields: ["pathExpression", "denylist", "encoding"],
    required: { pathExpression: 'the files to collect, e.g. "/var/log/*.log"' },
  },
  RemoteFileV2: {
    sourceType: "RemoteFileV2",
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
    fields: ["protocol", "port"],
    required: { protocol: '"UDP" or "TCP"', port: "the port to listen on, e.g. 514" },
  },
  Script: {
    sourceType: "Script",
    fields: ["commands", "file", "workingDir", "timeout", "script", "cronExpression"],
    required: {
      commands: 'the interpreter, e.g. ["/bin/bash"]',
      cronExpression: 'when to run, e.g. "0 0/15 * * * ? *"',
    },
  },
  DockerLog: {
    sourceType: "DockerLog",
    fields: ["uri", "allContainers", "specifiedContainers", "certPath", "collectEvents"],
    required: {
      uri: 'the Docker engine, e.g. "unix:///var/run/docker.sock"',
      allContainers: "true, or false with specifiedContainers",
      collectEvents: "whether to collect Docker events too",
    },
  },
  DockerStats: {
    sourceType: "DockerStats",
    fields: ["uri", "allContainers", "specifiedContainers", "certPath", "metrics", "pollInterval"],
    required: {
      uri: 'the Docker engine, e.g. "unix:///var/run/docker.sock"',
      allContainers: "true, or false with specifiedContainers",
    },
    fixed: { contentType: "DockerMetrics" },
  },
  SystemStats: {
    sourceType: "SystemStats",
    fields: ["interval", "metrics"],
    required: { interval: "milliseconds between samples, e.g. 60000" },
    fixed: { contentType: "HostMetrics" },
  },
  StreamingMetrics: {
    sourceType: "StreamingMetrics",
    fields: ["contentType", "protocol", "port"],
    required: {},
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
) as { readonly [Name in keyof typeof TABLE]: SourceType };
