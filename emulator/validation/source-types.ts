import type { CollectorType } from "../model/collector";
import * as common from "./common";
import {
  bool,
  int,
  invalid,
  type Json,
  listOf,
  obj,
  oneOf,
  port,
  type Rule,
  str,
  stringMap,
  strList,
  strOrList,
} from "./values";

/** One source type: which collector kind it belongs to, its own fields, and fixed values. */
export interface SourceTypeSpec {
  collector: CollectorType;
  fields: Record<string, Rule>;
  required: string[];
  /** Values the server fills in when absent and refuses to change (e.g. SystemStats contentType). */
  fixed?: Json;
  /** Defaults of the type's own fields. */
  defaults?: Json;
  /** Cross-field rules. */
  check?: (config: Json) => void;
}

const FILTER_TYPES = ["Exclude", "Include", "Hash", "Mask", "Forward"];

/** Fields every source has (live facts, "Common fields on every source"). */
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
  defaultDateFormats: listOf({ format: str, locator: str }, ["format"]),
  filters: listOf({ name: str, filterType: oneOf(...FILTER_TYPES), regexp: str, mask: str }, [
    "name",
    "filterType",
    "regexp",
  ]),
  hashAlgorithm: oneOf("MD5", "SHA-256"),
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

/** Every filter of type Mask needs its mask. */
export function checkFilters(config: Json): void {
  const filters = (config.filters ?? []) as Json[];
  filters.forEach((f, i) => {
    if (f.filterType === "Mask" && f.mask === undefined)
      invalid(`source.filters[${i}].mask`, "is required for a Mask filter");
  });
}

const windowsEventLog: Record<string, Rule> = {
  logNames: strList,
  renderMessages: bool,
  eventFormat: int(0, 1),
  eventMessage: int(0, 2),
  allowlist: strOrList,
  denylist: strOrList,
};

/** The source types of live-service-facts.md, installed first, then hosted. */
export const SOURCE_TYPES: Record<string, SourceTypeSpec> = {
  LocalFile: {
    collector: "Installable",
    fields: { pathExpression: str, denylist: strList, encoding: str },
    required: ["pathExpression"],
    defaults: { encoding: "UTF-8", denylist: [] },
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
    check: (c) => {
      if (c.authMethod === "password" && c.remotePassword === undefined) {
        invalid("source.remotePassword", 'is required when authMethod is "password"');
      }
      if (c.authMethod === "key" && c.keyPath === undefined)
        invalid("source.keyPath", 'is required when authMethod is "key"');
    },
  },
  LocalWindowsEventLog: {
    collector: "Installable",
    fields: windowsEventLog,
    required: ["logNames"],
  },
  RemoteWindowsEventLog: {
    collector: "Installable",
    fields: { ...windowsEventLog, domain: str, username: str, password: str, hosts: strList },
    required: ["logNames", "domain", "username", "password", "hosts"],
  },
  LocalWindowsPerfMon: {
    collector: "Installable",
    fields: { wmiQueries: listOf({ name: str, query: str }, ["name", "query"]) },
    required: ["wmiQueries"],
  },
  RemoteWindowsPerfMon: {
    collector: "Installable",
    fields: {
      domain: str,
      remoteUser: str,
      remotePassword: str,
      remoteHosts: strList,
      wmiQueries: listOf({ name: str, query: str }, ["name", "query"]),
    },
    required: [],
  },
  ActiveDirectory: {
    collector: "Installable",
    fields: {
      nameSuffixes: strList,
      filter: str,
      additionalAttr: strOrList,
      excludedAttr: strOrList,
      interval: int(1),
    },
    required: [],
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
      cronExpression: str,
    },
    required: ["commands", "cronExpression"],
  },
  DockerLog: {
    collector: "Installable",
    fields: {
      uri: str,
      allContainers: bool,
      specifiedContainers: strList,
      certPath: str,
      collectEvents: bool,
    },
    required: ["uri", "allContainers", "collectEvents"],
  },
  DockerStats: {
    collector: "Installable",
    fields: {
      uri: str,
      allContainers: bool,
      specifiedContainers: strList,
      certPath: str,
      metrics: strList,
      pollInterval: int(1),
    },
    required: ["uri", "allContainers"],
    fixed: { contentType: "DockerMetrics" },
  },
  SystemStats: {
    collector: "Installable",
    fields: { interval: int(1), metrics: strList },
    required: ["interval"],
    fixed: { contentType: "HostMetrics" },
  },
  StreamingMetrics: {
    collector: "Installable",
    fields: { contentType: str, protocol: oneOf("UDP", "TCP"), port },
    required: [],
  },
  HTTP: {
    collector: "Hosted",
    fields: { messagePerRequest: bool },
    required: [],
    defaults: { messagePerRequest: false },
    check: (c) => {
      if (c.messagePerRequest === true && c.multilineProcessingEnabled !== false) {
        invalid("source.messagePerRequest", "needs multilineProcessingEnabled set to false");
      }
    },
  },
  Cloudsyslog: { collector: "Hosted", fields: {}, required: [] },
  Polling: {
    collector: "Hosted",
    fields: { contentType: str, scanInterval: int(1), paused: bool, thirdPartyRef: obj },
    required: ["contentType"],
  },
  Universal: { collector: "Hosted", fields: {}, required: [] },
};

/** Server-assigned fields: never taken from a request body. */
export const SERVER_FIELDS = new Set(["id", "alive", "url", "token", "state"]);
