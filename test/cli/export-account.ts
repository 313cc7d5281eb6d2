// An account for the export tests, made through the API as a user would have made it by hand,
// with bodies the local service (strict, from the fact sheet (docs/internals/service-research/source-types.md)) takes: Hosted and Installed
// Collectors; sources of 17 types, with secrets the service returns (installed-collector
// credentials) and secrets it shows masked as "********" (a Polling source's awsKey, Cloud-to-
// Cloud config keys); awkward names (spaces, periods, unicode, quotes, reserved words, names that
// collide once made identifiers); and a collector in Json source mode.
import type { CollectorsClient } from "../../provider/api";

/** Registers an Installed Collector through the local service's control API; returns its id. */
export type Register = (body: Record<string, unknown>) => Promise<number>;

/** How the service shows a secret it never returns. */
export const HIDDEN = "********";

const AWS_KEY = "aws-secret-key/with+chars=";
const OKTA_KEY = "00Okta-api-key";
const DUO_KEYS = ["DIWJ8X6AEYOR5OMC6TQ1", "duo-secret-key-Zh5"];

/** What the account holds, for the tests' assertions. */
export interface SeededAccount {
  collectors: number;
  /** Sources the export declares (not those of the Json-mode collector). */
  exportedSources: number;
  /** Sources the export skips. */
  skippedSources: number;
  /** Source types among the exported sources. */
  sourceTypes: number;
  /** Secret values the service returns (each is asserted on stdout, never in a file). */
  returnedSecrets: string[];
  /** Secret values the service shows masked (never read back: in no file, not on stdout). */
  maskedSecrets: string[];
  /** Names of the sources with a secret to set that the service hides (the user supplies it). */
  hiddenSecretSources: string[];
  /**
   * Names of the Cloud-to-Cloud sources, whose masked config keys are secrets to set where the
   * class reads the mask as the program's value, else written as the mask.
   */
  maskedPassthroughSources: string[];
  /** How many masked config keys those sources have. */
  passthroughSecrets: number;
}

const installed = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  collectorVersion: "19.440-7",
  osName: "Linux",
  osVersion: "6.1",
  osArch: "amd64",
  ephemeral: false,
  sourceSyncMode: "UI",
  ...extra,
});

export async function seedAccount(
  client: CollectorsClient,
  register: Register,
): Promise<SeededAccount> {
  // biome-ignore lint/suspicious/noExplicitAny: bodies of every source type, as the API takes them
  const source = (collectorId: number, body: Record<string, any>) =>
    client.sources.create(collectorId, body as Parameters<typeof client.sources.create>[1]);
  const hosted = async (body: Record<string, unknown>) =>
    (await client.collectors.create(body as Parameters<typeof client.collectors.create>[0]))
      .collector.id;

  // Hosted: a name with spaces and periods, and one that becomes the same identifier.
  const web = await hosted({
    name: "web logs.prod",
    description: "Front door",
    category: "prod/web",
    timeZone: "UTC",
    fields: { team: "web", _budget: "standard" },
  });
  await source(web, {
    sourceType: "HTTP",
    name: "access log",
    category: "prod/web/access",
    filters: [
      { name: "no-health", filterType: "Exclude", regexp: ".*GET /health.*" },
      { name: "cards", filterType: "Mask", regexp: "\\d{16}", mask: "****" },
    ],
  });
  await source(web, { sourceType: "HTTP", name: "access-log", description: "the same, twice" });
  await source(web, {
    sourceType: "HTTP",
    name: "json events",
    messagePerRequest: true,
    multilineProcessingEnabled: false,
  });
  await source(web, { sourceType: "Cloudsyslog", name: "firewall", category: "prod/fw" });
  await source(web, {
    sourceType: "Polling",
    name: "S3 bucket",
    contentType: "AwsS3Bucket",
    scanInterval: 300000,
    paused: false,
    thirdPartyRef: {
      resources: [
        {
          serviceType: "AwsS3Bucket",
          path: { type: "S3BucketPathExpression", bucketName: "logs-bucket", pathExpression: "*" },
          authentication: {
            type: "S3BucketAuthentication",
            awsId: "AKIAEXAMPLEEXAMPLE01",
            awsKey: AWS_KEY,
          },
        },
      ],
    },
  });
  await source(web, {
    sourceType: "Universal",
    name: "okta",
    schemaRef: { type: "Okta" },
    config: { name: "okta", domain: "example.okta.com", apiKey: OKTA_KEY, collectAll: true },
  });
  await source(web, { sourceType: "HTTP", name: "traces", contentType: "Zipkin" });

  const webDash = await hosted({ name: "web-logs.prod", category: "prod/web2" });
  await source(webDash, { sourceType: "HTTP", name: "access log", timeZone: "Europe/Berlin" });
  await source(webDash, { sourceType: "Cloudsyslog", name: "syslog" });
  await source(webDash, {
    sourceType: "HTTP",
    name: "with dates",
    defaultDateFormats: [{ format: "yyyy-MM-dd HH:mm:ss", locator: "\\[(.*)\\]" }],
    automaticDateParsing: false,
  });

  // Unicode, a leading digit, a reserved word, quotes.
  const cafe = await hosted({ name: "Café ünïcode 日志", description: "données «test»" });
  await source(cafe, { sourceType: "HTTP", name: "données" });
  await source(cafe, { sourceType: "Cloudsyslog", name: "αβγ syslog" });
  await source(cafe, {
    sourceType: "Universal",
    name: "duo",
    schemaRef: { type: "Duo" },
    config: {
      name: "duo",
      domain: "api-1.duosecurity.com",
      integration_key: DUO_KEYS[0],
      secret_key: DUO_KEYS[1],
      supported_apis: ["authentication", "administrator"],
    },
  });
  const archive = await hosted({ name: "2024 archive", ephemeral: true, cutoffTimestamp: 1 });
  await source(archive, {
    sourceType: "Polling",
    name: "cloudtrail",
    contentType: "AwsCloudTrailBucket",
    scanInterval: 60000,
    paused: true,
    thirdPartyRef: {
      resources: [
        {
          serviceType: "AwsCloudTrailBucket",
          path: {
            type: "S3BucketPathExpression",
            bucketName: "trail",
            pathExpression: "AWSLogs/*",
          },
          authentication: {
            type: "AWSRoleBasedAuthentication",
            roleARN: "arn:aws:iam::123456789012:role/sumo",
          },
        },
      ],
    },
  });
  await source(archive, { sourceType: "HTTP", name: "uploads", fields: { "x-env": "prod" } });
  const reserved = await hosted({ name: "delete" });
  await source(reserved, { sourceType: "HTTP", name: "say \"hi\" to 'them'\\now" });
  await hosted({ name: "empty hosted" });

  // Installed: sources of every installed type, with secrets.
  const db = await register(installed("db-01.prod", { hostName: "db-01", targetCpu: 50 }));
  await source(db, {
    sourceType: "LocalFile",
    name: "app logs",
    pathExpression: "/var/log/app/*.log",
    denylist: ["/var/log/app/debug.log"],
    encoding: "UTF-16",
  });
  await source(db, {
    sourceType: "RemoteFileV2",
    name: "remote auth",
    remoteHosts: ["10.0.0.5", "10.0.0.6"],
    remotePort: 22,
    remoteUser: "collector",
    authMethod: "password",
    remotePassword: "p@ss w'rd",
    pathExpression: "/var/log/remote.log",
  });
  await source(db, {
    sourceType: "RemoteFileV2",
    name: "remote key",
    remoteHosts: ["10.0.0.7"],
    remotePort: 2222,
    remoteUser: "collector",
    authMethod: "key",
    keyPath: "/etc/collector/id_rsa",
    keyPassword: "k3y pass!",
    pathExpression: "/var/log/other.log",
  });
  await source(db, { sourceType: "Syslog", name: "syslog 514", protocol: "UDP", port: 514 });
  await source(db, {
    sourceType: "Script",
    name: "disk check",
    commands: ["/bin/bash"],
    script: 'df -h | grep "/data"\necho done',
    cronExpression: "0 0/15 * * * ? *",
    timeout: 60000,
  });
  await source(db, { sourceType: "SystemStats", name: "host metrics", interval: 60000 });
  await source(db, {
    sourceType: "DockerLog",
    name: "docker",
    uri: "unix:///var/run/docker.sock",
    allContainers: false,
    specifiedContainers: ["web", "db"],
    collectEvents: true,
  });
  await source(db, {
    sourceType: "DockerStats",
    name: "docker stats",
    uri: "unix:///var/run/docker.sock",
    allContainers: true,
    pollInterval: 5000,
  });
  await source(db, {
    sourceType: "LocalWindowsEventLog",
    name: "win events",
    logNames: ["Security", "Application"],
    eventFormat: 1,
  });
  await source(db, {
    sourceType: "RemoteWindowsEventLog",
    name: "remote win",
    logNames: ["Security"],
    domain: "CORP",
    username: "svc-collector",
    password: "W1ndows!",
    hosts: ["dc1.corp"],
  });
  await source(db, {
    sourceType: "StreamingMetrics",
    name: "graphite",
    contentType: "Graphite",
    protocol: "TCP",
    port: 2003,
  });
  await source(db, {
    sourceType: "LocalWindowsPerfMon",
    name: "perf",
    wmiQueries: [{ name: "cpu", query: "SELECT * FROM Win32_PerfFormattedData_PerfOS_Processor" }],
    interval: 60000,
  });
  await source(db, {
    sourceType: "RemoteWindowsPerfMon",
    name: "remote perf",
    domain: "CORP",
    remoteUser: "svc-perf",
    remotePassword: "perf-Pa55",
    remoteHosts: ["app1.corp"],
    wmiQueries: [{ name: "mem", query: "SELECT * FROM Win32_PerfFormattedData_PerfOS_Memory" }],
  });
  await source(db, {
    sourceType: "ActiveDirectory",
    name: "ad",
    filter: "(objectClass=user)",
    interval: 60000,
  });

  const db2 = await register(installed("db-02.prod"));
  await source(db2, { sourceType: "LocalFile", name: "app logs", pathExpression: "/srv/*.log" });
  await source(db2, { sourceType: "SystemStats", name: "host metrics", interval: 10000 });
  await source(db2, { sourceType: "Syslog", name: "syslog tcp", protocol: "TCP", port: 1514 });
  await source(db2, {
    sourceType: "Script",
    name: "backup check",
    commands: ["/usr/bin/python3"],
    file: "/opt/checks/backup.py",
    workingDir: "/opt/checks",
    cronExpression: "0 0 * * * ? *",
  });

  // A collector whose sources are managed from a file on the host: the export skips them.
  const legacy = await register(installed("legacy json"));
  await source(legacy, { sourceType: "LocalFile", name: "messages", pathExpression: "/a" });
  await source(legacy, { sourceType: "LocalFile", name: "secure", pathExpression: "/b" });
  const { collector, etag } = await client.collectors.get(legacy);
  await client.collectors.update(legacy, { ...collector, sourceSyncMode: "Json" }, etag as string);

  const web03 = await register(
    installed("web 03", { timeZone: "Europe/Paris", collectorVersion: "19.403-1" }),
  );
  await source(web03, {
    sourceType: "LocalFile",
    name: "nginx",
    pathExpression: "/var/log/nginx/*",
  });

  return {
    collectors: 10,
    exportedSources: 35,
    skippedSources: 2,
    sourceTypes: 17,
    returnedSecrets: ["p@ss w'rd", "k3y pass!", "W1ndows!", "perf-Pa55"],
    maskedSecrets: [AWS_KEY, OKTA_KEY, ...DUO_KEYS],
    hiddenSecretSources: ["S3 bucket"],
    maskedPassthroughSources: ["okta", "duo"],
    passthroughSecrets: 3,
  };
}
