// Conformance: every sourceType of the source-types fact sheet (docs/internals/service-research/source-types.md)
// against both store backends: a valid create read back with its server-set fields and masked
// secrets, each required field missing, bad values (each 400 naming the field), the wrong
// collector kind; then thirdPartyRef shapes, not-modifiable fields, Universal (Cloud-to-Cloud)
// bodies, masking and the `********` round trip, and the 50-per-account limit.
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../emulator/errors";
import type { CollectorDoc } from "../../emulator/model/collector";
import { renderSource, type SourceDoc } from "../../emulator/model/source";
import { parseSourceCreate, parseSourceUpdate } from "../../emulator/validation/source-body";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import type { HttpResponse, Json } from "../helpers/http";
import { BACKENDS, createHosted, createSource, useEmulator } from "./harness";

const MASK = "********";
const MISSING = "collectors.validation.fields.missing";
const INVALID = "collectors.validation.fields.invalid";
const WMI = [{ name: "cpu", query: "select * from Win32_PerfFormattedData_PerfOS_Processor" }];

type Kind = "installed" | "hosted";
/** [field, value, the field path the error must name (default: field)] */
type Bad = [string, unknown, string?];
interface Case {
  title: string;
  kind: Kind;
  body: Json;
  /** Top-level fields whose absence is refused. */
  required?: string[];
  bad?: Bad[];
  /** What a read shows (server-set fields, defaults, masks). */
  shows?: Json;
}

/** A thirdPartyRef of one resource. */
function ref(serviceType: string, path?: Json, authentication?: Json): Json {
  const resource: Json = { serviceType };
  if (path) resource.path = path;
  if (authentication) resource.authentication = authentication;
  return { resources: [resource] };
}

const S3_KEYS = { type: "S3BucketAuthentication", awsId: "AKIAEXAMPLE", awsKey: "aws-secret-1" };
const ROLE = { type: "AWSRoleBasedAuthentication", roleARN: "arn:aws:iam::1:role/read" };
const S3_PATH = { type: "S3BucketPathExpression", bucketName: "logs", pathExpression: "app/*" };
const GCP_KEY = {
  type: "service_account",
  project_id: "proj",
  private_key_id: "kid-1",
  private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
  client_email: "sa@proj.iam.gserviceaccount.com",
};
const O365_AUTH = {
  type: "O365AppRegistrationAuthentication",
  tenantId: "t-1",
  clientId: "c-1",
  clientSecret: "o365-secret",
};

/** Polling contentType → a valid path and authentication (sheet 6.3). */
const POLLING: [string, Json, Json][] = [
  ...[
    "AwsS3Bucket",
    "AwsElbBucket",
    "AwsCloudFrontBucket",
    "AwsCloudTrailBucket",
    "AwsS3AuditBucket",
    "AwsS3ArchiveBucket",
  ].map((t): [string, Json, Json] => [t, S3_PATH, S3_KEYS]),
  [
    "AwsCloudWatch",
    {
      type: "CloudWatchPath",
      limitToRegions: ["us-east-1"],
      limitToNamespaces: ["AWS/EC2"],
      tagFilters: [{ type: "TagFilters", namespace: "All", tags: ["env=prod"] }],
    },
    ROLE,
  ],
  [
    "AwsMetadata",
    { type: "AwsMetadataPath", limitToNamespaces: ["AWS/EC2"], tagFilters: ["Name"] },
    ROLE,
  ],
  ["AwsInventory", { type: "AwsInventoryPath", limitToNamespaces: ["AWS/RDS"] }, ROLE],
  ["AwsXRay", { type: "AwsXRayPath", limitToRegions: ["eu-west-1"] }, S3_KEYS],
  [
    "GcpMetrics",
    { type: "GcpMetricsPath", limitToServices: ["Compute Engine"], customServices: ["m=a;b"] },
    GCP_KEY,
  ],
  [
    "AzureEventHubLog",
    {
      type: "AzureEventHubPath",
      namespace: "ns",
      eventHubName: "hub",
      consumerGroup: "$Default",
      region: "US Gov",
    },
    {
      type: "AzureEventHubAuthentication",
      sharedAccessPolicyName: "read",
      sharedAccessPolicyKey: "eh-secret",
    },
  ],
  [
    "AzureMetrics",
    {
      type: "AzureMetricsPath",
      environment: "Azure",
      tagFilters: [{ namespace: "Microsoft.Compute/virtualMachines", tags: [{ name: "env" }] }],
    },
    { type: "AzureClientSecretAuthentication", tenantId: "t", clientId: "c", clientSecret: "az" },
  ],
];

/** The masked form of an authentication block as every read shows it. */
function maskedAuth(auth: Json): Json {
  const secret = [
    "awsKey",
    "private_key",
    "private_key_id",
    "sharedAccessPolicyKey",
    "clientSecret",
  ];
  return Object.fromEntries(
    Object.entries(auth).map(([k, v]) => [k, secret.includes(k) ? MASK : v]),
  );
}

const S3_FAMILY = new Set(POLLING.slice(0, 6).map(([t]) => t));
const SNS_NONE = { isSuccess: false, arn: null };

const CASES: Case[] = [
  {
    title: "LocalFile",
    kind: "installed",
    body: { sourceType: "LocalFile", pathExpression: "/var/log/*.log", encoding: "UTF-16LE" },
    required: ["pathExpression"],
    bad: [
      ["encoding", "latin1"],
      ["denylist", "/x"],
      ["blacklist", ["/x"]],
    ],
    shows: { encoding: "UTF-16LE", denylist: [], cutoffTimestamp: 0, filters: [] },
  },
  {
    title: "RemoteFileV2 (password)",
    kind: "installed",
    body: {
      sourceType: "RemoteFileV2",
      remoteHosts: ["10.0.0.5"],
      remotePort: 22,
      remoteUser: "ops",
      authMethod: "password",
      remotePassword: "pw",
      pathExpression: "/var/log/app.log",
    },
    required: [
      "remoteHosts",
      "remotePort",
      "remoteUser",
      "authMethod",
      "pathExpression",
      "remotePassword",
    ],
    bad: [
      ["authMethod", "token"],
      ["remotePort", 70000],
      ["remoteHosts", "10.0.0.5"],
    ],
  },
  {
    title: "RemoteFileV2 (key)",
    kind: "installed",
    body: {
      sourceType: "RemoteFileV2",
      remoteHosts: ["h"],
      remotePort: 22,
      remoteUser: "ops",
      authMethod: "key",
      keyPath: "/home/ops/.ssh/id_rsa",
      keyPassword: "phrase",
      pathExpression: "/var/log/app.log",
    },
    required: ["keyPath"],
  },
  {
    title: "LocalWindowsEventLog",
    kind: "installed",
    body: {
      sourceType: "LocalWindowsEventLog",
      logNames: ["Security"],
      eventFormat: 0,
      eventMessage: 1,
    },
    required: ["logNames", "eventMessage"],
    bad: [
      ["eventFormat", 2],
      ["eventMessage", 3],
      ["eventFormat", 1, "eventMessage"],
      ["hostName", "dc1"],
      ["whitelist", "4624"],
    ],
  },
  {
    title: "RemoteWindowsEventLog",
    kind: "installed",
    body: {
      sourceType: "RemoteWindowsEventLog",
      logNames: ["Security"],
      eventFormat: 1,
      allowlist: "4624,4625",
      domain: "CORP",
      username: "svc",
      password: "pw",
      hosts: ["dc1"],
    },
    required: ["logNames", "domain", "username", "password", "hosts"],
    bad: [["hosts", "dc1"]],
  },
  {
    title: "LocalWindowsPerfMon",
    kind: "installed",
    body: { sourceType: "LocalWindowsPerfMon", wmiQueries: WMI, interval: 300000 },
    required: ["wmiQueries"],
    bad: [
      ["wmiQueries", [{ name: "cpu" }], "wmiQueries[0].query"],
      ["hostName", "h"],
    ],
  },
  {
    title: "RemoteWindowsPerfMon",
    kind: "installed",
    body: {
      sourceType: "RemoteWindowsPerfMon",
      domain: "CORP",
      remoteUser: "svc",
      remotePassword: "pw",
      remoteHosts: ["h1"],
      wmiQueries: WMI,
    },
    required: ["domain", "remoteUser", "remotePassword", "remoteHosts", "wmiQueries"],
    bad: [["remoteHosts", "h1"]],
  },
  {
    title: "ActiveDirectory",
    kind: "installed",
    body: {
      sourceType: "ActiveDirectory",
      filter: "(objectClass=user)",
      nameSuffixes: "dc=a;dc=b",
    },
    bad: [
      ["interval", 59999],
      ["filter", 1],
    ],
    shows: { interval: 86400000, nameSuffixes: "dc=a;dc=b" },
  },
  {
    title: "Syslog",
    kind: "installed",
    body: { sourceType: "Syslog", protocol: "TCP", port: 1514 },
    required: ["protocol", "port"],
    bad: [
      ["protocol", "ICMP"],
      ["port", 0],
    ],
  },
  {
    title: "Script",
    kind: "installed",
    body: {
      sourceType: "Script",
      commands: ["/bin/bash"],
      script: "uptime",
      cronExpression: "0 0/5 * * * ?",
    },
    required: ["commands", "cronExpression"],
    bad: [
      ["cronExpression", "*/5 * * * *"],
      ["timeout", -1],
    ],
  },
  {
    title: "DockerLog",
    kind: "installed",
    body: {
      sourceType: "DockerLog",
      uri: "unix:///var/run/docker.sock",
      allContainers: true,
      collectEvents: true,
    },
    required: ["uri", "allContainers", "collectEvents"],
    bad: [
      ["uri", "docker.sock"],
      ["uri", "https://docker:2376", "certPath"],
      ["allContainers", false, "specifiedContainers"],
      ["collectEvents", "yes"],
    ],
  },
  {
    title: "DockerStats",
    kind: "installed",
    body: {
      sourceType: "DockerStats",
      uri: "https://docker:2376",
      certPath: "/certs",
      allContainers: false,
      specifiedContainers: ["web"],
      contentType: "DockerMetrics",
      metrics: [{ category: "CPU", metric: "cpu_usage.percpu_usage" }],
      pollInterval: 60000,
    },
    required: ["uri", "allContainers"],
    bad: [
      ["pollInterval", 500],
      ["contentType", "HostMetrics"],
      ["metrics", ["cpu"], "metrics[0]"],
    ],
    shows: { contentType: "DockerMetrics" },
  },
  {
    title: "SystemStats",
    kind: "installed",
    body: { sourceType: "SystemStats", interval: 60000, metrics: ["CPU_User", "Mem_Used"] },
    required: ["interval"],
    bad: [
      ["interval", 500],
      ["metrics", ["CPU_Bogus"], "metrics[0]"],
      ["contentType", "DockerMetrics"],
    ],
    shows: { contentType: "HostMetrics" },
  },
  {
    title: "StreamingMetrics",
    kind: "installed",
    body: { sourceType: "StreamingMetrics", port: 2003 },
    bad: [
      ["contentType", "Influx"],
      ["protocol", "SCTP"],
    ],
    shows: { contentType: "Graphite", protocol: "TCP" },
  },
  {
    title: "HTTP (plain)",
    kind: "hosted",
    body: { sourceType: "HTTP" },
    bad: [
      ["messagePerRequest", true],
      ["contentType", "Jaeger"],
      ["thirdPartyRef", ref("AwsS3Bucket"), "thirdPartyRef"],
    ],
    shows: {
      messagePerRequest: false,
      url: expect.stringMatching(/\/receiver\/v1\/http\/\S{16,}/),
      token: expect.stringMatching(/^\S{16,}$/),
      baseUrl: expect.stringMatching(/\/receiver\/v1\/http$/),
    },
  },
  { title: "HTTP Zipkin", kind: "hosted", body: { sourceType: "HTTP", contentType: "Zipkin" } },
  { title: "HTTP Otlp", kind: "hosted", body: { sourceType: "HTTP", contentType: "Otlp" } },
  {
    title: "HTTP GoogleCloudLogs",
    kind: "hosted",
    body: {
      sourceType: "HTTP",
      contentType: "GoogleCloudLogs",
      messagePerRequest: false,
      thirdPartyRef: ref(
        "GoogleCloudLogs",
        { type: "NoPathExpression" },
        { type: "NoAuthentication" },
      ),
    },
    bad: [
      ["thirdPartyRef", ref("KinesisLog"), "thirdPartyRef.resources[0].serviceType"],
      [
        "thirdPartyRef",
        ref("GoogleCloudLogs", { type: "RumPath" }),
        "thirdPartyRef.resources[0].path.type",
      ],
    ],
    shows: { url: expect.stringContaining("/receiver/v1/http/") },
  },
  {
    title: "HTTP GoogleCloudLogs without thirdPartyRef",
    kind: "hosted",
    body: { sourceType: "HTTP", contentType: "GoogleCloudLogs" },
  },
  {
    title: "HTTP KinesisLog",
    kind: "hosted",
    body: {
      sourceType: "HTTP",
      contentType: "KinesisLog",
      messagePerRequest: false,
      thirdPartyRef: ref(
        "KinesisLog",
        { type: "KinesisLogPath", bucketName: "b", pathExpression: "p/*", scanInterval: 300000 },
        S3_KEYS,
      ),
    },
    required: ["contentType"],
    bad: [
      [
        "thirdPartyRef",
        ref("KinesisLog", { type: "NoPathExpression" }, GCP_KEY),
        "thirdPartyRef.resources[0].authentication.type",
      ],
      [
        "thirdPartyRef",
        ref("KinesisLog", { type: "KinesisLogPath", scanInterval: 10 }, ROLE),
        "thirdPartyRef.resources[0].path.scanInterval",
      ],
    ],
    shows: {
      thirdPartyRef: ref(
        "KinesisLog",
        { type: "KinesisLogPath", bucketName: "b", pathExpression: "p/*", scanInterval: 300000 },
        maskedAuth(S3_KEYS),
      ),
      token: expect.stringMatching(/^\S{16,}$/),
    },
  },
  {
    // The live facts: the reference provider's acceptance test creates exactly this.
    title: "HTTP KinesisLog without thirdPartyRef",
    kind: "hosted",
    body: { sourceType: "HTTP", contentType: "KinesisLog" },
    shows: { contentType: "KinesisLog", token: expect.any(String), baseUrl: expect.any(String) },
  },
  {
    title: "HTTP KinesisMetric",
    kind: "hosted",
    body: {
      sourceType: "HTTP",
      contentType: "KinesisMetric",
      thirdPartyRef: ref(
        "KinesisMetric",
        {
          type: "KinesisMetricPath",
          tagFilters: [{ type: "TagFilters", namespace: "All", tags: ["k=v1;v2"] }],
        },
        ROLE,
      ),
    },
    required: ["contentType", "thirdPartyRef"],
    bad: [
      [
        "thirdPartyRef",
        ref("KinesisMetric", { type: "KinesisMetricPath" }, { type: "NoAuthentication" }),
        "thirdPartyRef.resources[0].authentication.type",
      ],
      [
        "thirdPartyRef",
        ref("KinesisMetric", { type: "KinesisMetricPath" }),
        "thirdPartyRef.resources[0].authentication",
      ],
    ],
  },
  {
    title: "HTTP Rum",
    kind: "hosted",
    body: {
      sourceType: "HTTP",
      contentType: "Rum",
      thirdPartyRef: ref(
        "Rum",
        {
          type: "RumPath",
          serviceName: "web",
          samplingRate: 0.5,
          customTags: { team: "a" },
          ignoreUrls: ["/health"],
        },
        { type: "NoAuthentication" },
      ),
    },
    required: ["contentType", "thirdPartyRef"],
    bad: [
      [
        "thirdPartyRef",
        ref(
          "Rum",
          { type: "RumPath", serviceName: "web", samplingRate: 1.5 },
          { type: "NoAuthentication" },
        ),
        "thirdPartyRef.resources[0].path.samplingRate",
      ],
      [
        "thirdPartyRef",
        ref("Rum", { type: "RumPath" }, { type: "NoAuthentication" }),
        "thirdPartyRef.resources[0].path.serviceName",
      ],
    ],
  },
  {
    title: "HTTP O365AuditNotification",
    kind: "hosted",
    body: {
      sourceType: "HTTP",
      messagePerRequest: false,
      thirdPartyRef: ref(
        "O365AuditNotification",
        { type: "O365NotificationPath", workload: "Audit.Exchange", region: "GCC High" },
        O365_AUTH,
      ),
    },
    bad: [
      [
        "thirdPartyRef",
        ref(
          "O365AuditNotification",
          { type: "O365NotificationPath", workload: "Audit.Bogus" },
          O365_AUTH,
        ),
        "thirdPartyRef.resources[0].path.workload",
      ],
      [
        "thirdPartyRef",
        ref(
          "O365AuditNotification",
          { type: "O365NotificationPath", workload: "DLP.All" },
          { ...O365_AUTH, clientSecret: undefined },
        ),
        "thirdPartyRef.resources[0].authentication.clientSecret",
      ],
    ],
    shows: {
      contentType: "O365AuditNotification",
      url: expect.stringContaining("/receiver/v1/http/"),
      thirdPartyRef: ref(
        "O365AuditNotification",
        { type: "O365NotificationPath", workload: "Audit.Exchange", region: "GCC High" },
        maskedAuth(O365_AUTH),
      ),
    },
  },
  {
    title: "Cloudsyslog",
    kind: "hosted",
    body: { sourceType: "Cloudsyslog" },
    shows: { token: expect.stringMatching(/^\S{16,}@41123$/) },
  },
  ...POLLING.map(
    ([contentType, path, auth]): Case => ({
      title: `Polling ${contentType}`,
      kind: "hosted",
      body: {
        sourceType: "Polling",
        contentType,
        scanInterval: contentType === "AzureEventHubLog" ? -1 : 300000,
        paused: false,
        thirdPartyRef: ref(contentType, path, auth),
      },
      required: ["contentType", "scanInterval", "paused", "thirdPartyRef"],
      bad: [
        ["scanInterval", 999],
        ["paused", "no"],
        ["contentType", "AwsBogus"],
        ["thirdPartyRef", ref(contentType, path), "thirdPartyRef.resources[0].authentication"],
        ["thirdPartyRef", ref(contentType, undefined, auth), "thirdPartyRef.resources[0].path"],
        [
          "thirdPartyRef",
          {
            resources: [
              ref(contentType, path, auth).resources,
              ref(contentType, path, auth).resources,
            ].flat(),
          },
          "thirdPartyRef.resources",
        ],
      ],
      shows: {
        url: expect.stringContaining("/receiver/v1/event/"),
        thirdPartyRef: ref(
          contentType,
          S3_FAMILY.has(contentType) ? { ...path, snsTopicOrSubscriptionArn: SNS_NONE } : path,
          maskedAuth(auth),
        ),
      },
    }),
  ),
];

function errorNames(res: HttpResponse, field: string): void {
  expect(res.json.message, res.text).toContain(`'source.${field}'`);
}

describe.each(BACKENDS)("source types ($name store)", (backend) => {
  const ctx = useEmulator(backend);
  const collector = async (kind: Kind) =>
    kind === "hosted"
      ? createHosted(ctx.api, `h-${Math.random()}`)
      : ctx.control.register({ name: `i-${Math.random()}` });
  const post = (collectorId: number, source: Json) =>
    ctx.api.post(`/collectors/${collectorId}/sources`, { source });

  it.each(CASES)(
    "$title: create, read back, required fields, bad values, wrong kind",
    async (c) => {
      const owner = await collector(c.kind);
      const created = await createSource(ctx.api, owner.id, { name: "ok", ...c.body });
      const read = expectOk(
        await ctx.api.get(`/collectors/${owner.id}/sources/${created.id}`),
      ).source;
      expect(read).toEqual(created);
      expect(read).toMatchObject({ ...c.body, ...maskedBody(c), ...(c.shows ?? {}) });

      for (const field of c.required ?? []) {
        const { [field]: _gone, ...rest } = c.body;
        const res = await post(owner.id, { name: `no-${field}`, ...rest });
        expectError(res, 400, MISSING);
        errorNames(res, field);
      }
      for (const [field, value, named] of c.bad ?? []) {
        const res = await post(owner.id, { ...c.body, name: "bad", [field]: value });
        expectError(res, 400);
        expect([MISSING, INVALID]).toContain(res.json.code);
        errorNames(res, named ?? field);
      }
      const other = await collector(c.kind === "hosted" ? "installed" : "hosted");
      expectError(await post(other.id, { name: "elsewhere", ...c.body }), 400, "InvalidSourceType");
    },
  );

  /** The body as reads show it: the thirdPartyRef with its secrets masked. */
  function maskedBody(c: Case): Json {
    const tpr = c.body.thirdPartyRef as { resources: Json[] } | undefined;
    if (!tpr) return {};
    const [r] = tpr.resources;
    return {
      thirdPartyRef: {
        resources: [
          {
            ...r,
            ...(r.authentication ? { authentication: maskedAuth(r.authentication as Json) } : {}),
          },
        ],
      },
    };
  }

  it("refuses legacy type names with the one to use, and never echoes an unknown type", async () => {
    const i = await collector("installed");
    for (const [legacy, use] of [
      ["RemoteFile", "RemoteFileV2"],
      ["Graphite", "StreamingMetrics"],
      ["RemoteWindowsPerformance", "RemoteWindowsPerfMon"],
    ]) {
      const res = await post(i.id, { sourceType: legacy, name: "old" });
      expectError(res, 400, "InvalidSourceType");
      expect(res.json.message).toContain(use);
    }
    const long = `X${"y".repeat(5000)}`;
    const res = await post(i.id, { sourceType: long, name: "long" });
    expectError(res, 400, "InvalidSourceType");
    expect(res.text).not.toContain("yyyyyyyy");
  });

  describe("server-set and not-modifiable fields on PUT", () => {
    async function roundTrip(kind: Kind, body: Json) {
      const owner = await collector(kind);
      const s = await createSource(ctx.api, owner.id, { name: "put", ...body });
      const path = `/collectors/${owner.id}/sources/${s.id}`;
      const read = await ctx.api.get(path);
      const put = (change: Json) =>
        ctx.api.put(path, { source: { ...read.json.source, ...change } }, etagOf(read));
      return { s, read: read.json.source as Json, put, path };
    }

    it("HTTP url may be echoed, never changed; a token sent back is ignored", async () => {
      const http = await roundTrip("hosted", { sourceType: "HTTP" });
      const res = await http.put({ url: "https://elsewhere.invalid/receiver/v1/http/x" });
      expectError(res, 400, INVALID);
      errorNames(res, "url");
      expect(res.text).not.toContain(http.s.url);
      expect(expectOk(await http.put({ category: "c" })).source.url).toBe(http.s.url);

      const sys = await roundTrip("hosted", { sourceType: "Cloudsyslog" });
      expect(expectOk(await sys.put({ token: "other@41123" })).source.token).toBe(sys.s.token);
    });

    it("Polling: contentType, url and the SNS ARN are not modifiable; thirdPartyRef is", async () => {
      const path = S3_PATH;
      const auth = S3_KEYS;
      const p = await roundTrip("hosted", {
        sourceType: "Polling",
        contentType: "AwsS3Bucket",
        scanInterval: 300000,
        paused: false,
        thirdPartyRef: ref("AwsS3Bucket", path, auth),
      });
      const elb = await p.put({
        contentType: "AwsElbBucket",
        thirdPartyRef: ref("AwsElbBucket", path, auth),
      });
      expectError(elb, 400, INVALID);
      errorNames(elb, "contentType");
      errorNames(await p.put({ url: "https://x.invalid/receiver/v1/event/y" }), "url");
      const sns = await p.put({
        thirdPartyRef: ref(
          "AwsS3Bucket",
          { ...path, snsTopicOrSubscriptionArn: { isSuccess: true, arn: "arn:aws:sns:x" } },
          maskedAuth(auth),
        ),
      });
      errorNames(sns, "thirdPartyRef.resources[0].path.snsTopicOrSubscriptionArn");
      const moved = expectOk(
        await p.put({
          paused: true,
          thirdPartyRef: ref("AwsS3Bucket", { ...path, bucketName: "other" }, maskedAuth(auth)),
        }),
      ).source;
      expect(moved).toMatchObject({
        paused: true,
        url: p.s.url,
        thirdPartyRef: ref(
          "AwsS3Bucket",
          { ...path, bucketName: "other", snsTopicOrSubscriptionArn: SNS_NONE },
          maskedAuth(auth),
        ),
      });
    });

    it("GCP logs: thirdPartyRef is not modifiable", async () => {
      const gcp = await roundTrip("hosted", {
        sourceType: "HTTP",
        contentType: "GoogleCloudLogs",
        thirdPartyRef: ref("GoogleCloudLogs", { type: "NoPathExpression" }),
      });
      const res = await gcp.put({
        thirdPartyRef: ref("GoogleCloudLogs", undefined, { type: "NoAuthentication" }),
      });
      expectError(res, 400, INVALID);
      errorNames(res, "thirdPartyRef");
      expectOk(await gcp.put({ category: "gcp", thirdPartyRef: undefined }));
    });

    it("a masked secret sent back keeps the stored one; a mask where none is stored is refused", async () => {
      const p = await roundTrip("hosted", {
        sourceType: "Polling",
        contentType: "AwsCloudTrailBucket",
        scanInterval: 300000,
        paused: false,
        thirdPartyRef: ref("AwsCloudTrailBucket", S3_PATH, ROLE),
      });
      const res = await p.put({
        thirdPartyRef: ref("AwsCloudTrailBucket", S3_PATH, { ...S3_KEYS, awsKey: MASK }),
      });
      expectError(res, 400, INVALID);
      errorNames(res, "thirdPartyRef.resources[0].authentication.awsKey");
      expect(res.text).not.toContain("arn:aws:iam");
    });
  });

  describe("Universal (Cloud-to-Cloud)", () => {
    const OKTA = {
      sourceType: "Universal",
      schemaRef: { type: "Okta" },
      config: {
        name: "okta",
        domain: "example.okta.com",
        apiKey: "okta-api-key",
        collectAll: true,
        fields: { _siemForward: true },
        nested: { client_secret: "deep-secret", region: "eu" },
      },
    };

    it("keeps name and common fields in config; the service sets state and version; secrets are masked", async () => {
      const h = await collector("hosted");
      const s = await createSource(ctx.api, h.id, OKTA);
      const path = `/collectors/${h.id}/sources/${s.id}`;
      const expected = {
        id: s.id,
        name: "okta",
        sourceType: "Universal",
        schemaRef: { type: "Okta", version: "1.0.0" },
        state: { state: "Collecting" },
        config: {
          ...OKTA.config,
          apiKey: MASK,
          nested: { client_secret: MASK, region: "eu" },
        },
      };
      expect(s).toMatchObject(expected);
      expect(expectOk(await ctx.api.get(path)).source).toMatchObject(expected);
      const list = expectOk(await ctx.api.get(`/collectors/${h.id}/sources`)).sources;
      expect(list[0]).toMatchObject(expected);
      const dl = expectOk(await ctx.api.get(`${path}?download=true`));
      expect(dl.source.config.apiKey).toBe(MASK);
      expect(JSON.stringify([s, list, dl])).not.toMatch(/okta-api-key|deep-secret/);
      for (const key of ["category", "description", "automaticDateParsing", "filters"])
        expect(s).not.toHaveProperty(key);
    });

    it("refuses what the sheet does not allow, naming the field", async () => {
      const h = await collector("hosted");
      const cases: [Json, string, string][] = [
        [{ ...OKTA, schemaRef: undefined }, "schemaRef", MISSING],
        [{ ...OKTA, schemaRef: {} }, "schemaRef.type", MISSING],
        [{ ...OKTA, schemaRef: "Okta" }, "schemaRef", INVALID],
        [{ ...OKTA, config: undefined }, "config", MISSING],
        [{ ...OKTA, config: { domain: "d" } }, "config.name", MISSING],
        [
          { ...OKTA, config: { ...OKTA.config, name: "n".repeat(129) } },
          "",
          "CollectorNameTooLong",
        ],
        [{ ...OKTA, name: "other" }, "name", INVALID],
        [{ ...OKTA, category: "c" }, "category", INVALID],
        [{ ...OKTA, cutoffRelativeTime: "-1d" }, "cutoffRelativeTime", INVALID],
      ];
      for (const [body, field, code] of cases) {
        const res = await post(h.id, body);
        expectError(res, 400, code);
        if (field) errorNames(res, field);
      }
      expectError(await post((await collector("installed")).id, OKTA), 400, "InvalidSourceType");
      // A top-level name equal to config.name (as reads show it) is fine, and one alone stands in.
      expectOk(await post(h.id, { ...OKTA, name: "okta" }), 201);
      const alone = expectOk(
        await post(h.id, { ...OKTA, name: "alone", config: { domain: "d" } }),
        201,
      ).source;
      expect(alone.config.name).toBe("alone");
    });

    it("PUT: ******** keeps the stored secret, schemaRef.type is fixed, version echoes or asks for latest", async () => {
      const h = await collector("hosted");
      const s = await createSource(ctx.api, h.id, OKTA);
      const path = `/collectors/${h.id}/sources/${s.id}`;
      let read = await ctx.api.get(path);
      const put = (source: Json) => ctx.api.put(path, { source }, etagOf(read));
      const base = read.json.source as Json & { config: Json };

      expectError(await put({ ...base, schemaRef: { type: "Duo" } }), 400, INVALID);
      errorNames(
        await put({ ...base, schemaRef: { type: "Okta", version: "9.9.9" } }),
        "schemaRef.version",
      );
      const fresh = await put({ ...base, config: { ...base.config, newToken: MASK } });
      expectError(fresh, 400, INVALID);
      errorNames(fresh, "config.newToken");

      const res = await put({
        ...base,
        schemaRef: { type: "Okta", version: "latest" },
        name: "okta-2",
        config: { ...base.config, domain: "new.okta.com", name: "okta-2" },
      });
      const updated = expectOk(res).source;
      expect(updated).toMatchObject({
        name: "okta-2",
        schemaRef: { type: "Okta", version: "1.0.0" },
        config: { domain: "new.okta.com", apiKey: MASK, nested: { client_secret: MASK } },
      });
      read = await ctx.api.get(path);
      expect(etagOf(read)).toBe(etagOf(res));
      expectOk(await put({ ...read.json.source, state: { state: "Error" } }));
    });

    it("limits an account to 50 Universal sources; a Stopping one counts until it is gone", async () => {
      const a = await collector("hosted");
      const b = await collector("hosted");
      const make = (owner: number, i: number) =>
        post(owner, { ...OKTA, config: { ...OKTA.config, name: `c2c-${i}` } });
      const first: Json[] = [];
      for (let i = 0; i < 50; i++) first.push(expectOk(await make(i % 2 ? a.id : b.id, i), 201));
      const over = await make(a.id, 50);
      expectError(over, 400, "collectors.source.limit.exceeded");
      expect(over.json.message).toContain("50");
      expectOk(await post(a.id, { sourceType: "HTTP", name: "other types still fit" }), 201);

      const gone = first[0].source as Json;
      const goneAt = `/collectors/${b.id}/sources/${gone.id}`;
      expect((await ctx.api.delete(goneAt)).status).toBe(200);
      expect(expectOk(await ctx.api.get(goneAt)).source.state).toEqual({ state: "Stopping" });
      expectError(await make(a.id, 51), 400, "collectors.source.limit.exceeded");
      await ctx.control.advance(60_000);
      for (let i = 0; i < 50 && (await ctx.api.get(goneAt)).status !== 404; i++)
        await new Promise((r) => setTimeout(r, 20));
      expectOk(await make(a.id, 52), 201);
    });
  });
});

// The `********` round trip through the emulator's own parse and render, where the stored
// value can be seen (every read masks it).
describe("masking round trip (parse → render → parse)", () => {
  const hosted: CollectorDoc = {
    id: 7,
    collectorType: "Hosted",
    name: "h",
    ephemeral: false,
    cutoffTimestamp: 0,
    collectorVersion: "",
    createdAt: 0,
    version: 1,
  };

  function stored(source: Json): SourceDoc {
    const { sourceType, config } = parseSourceCreate({ source }, hosted);
    return { id: 30, collectorId: 7, sourceType, config, version: 1, createdAt: 0 };
  }

  function codeOf(fn: () => unknown): string {
    try {
      fn();
      return "ok";
    } catch (error) {
      if (error instanceof ApiFailure) return error.code;
      throw error;
    }
  }

  it.each([
    [
      "Universal config",
      {
        sourceType: "Universal",
        schemaRef: { type: "Duo" },
        config: { name: "duo", integration_key: "ik", secret_key: "sk", domain: "d" },
      },
      (c: Json) => [(c.config as Json).integration_key, (c.config as Json).secret_key],
      ["ik", "sk"],
    ],
    [
      "GCP service_account",
      {
        sourceType: "Polling",
        name: "gcp",
        contentType: "GcpMetrics",
        scanInterval: 300000,
        paused: false,
        thirdPartyRef: ref("GcpMetrics", { type: "GcpMetricsPath" }, GCP_KEY),
      },
      (c: Json) => {
        const auth = (c.thirdPartyRef as { resources: Json[] }).resources[0].authentication as Json;
        return [auth.private_key, auth.private_key_id];
      },
      [GCP_KEY.private_key, GCP_KEY.private_key_id],
    ],
  ])(
    "%s: a read masks, a PUT of the read keeps the stored secrets",
    (_, source, secrets, plain) => {
      const doc = stored(source);
      expect(secrets(doc.config)).toEqual(plain);
      const view = renderSource(doc, true);
      expect(secrets(view)).toEqual([MASK, MASK]);
      const { config } = parseSourceUpdate({ source: view }, hosted, doc);
      expect(secrets(config)).toEqual(plain);
      expect(secrets(doc.config)).toEqual(plain);
      // A new value replaces the stored one.
      const changed = structuredClone(view);
      if (source.sourceType === "Universal") (changed.config as Json).secret_key = "sk-2";
      else
        (
          (changed.thirdPartyRef as { resources: Json[] }).resources[0].authentication as Json
        ).private_key = "pk-2";
      const next = parseSourceUpdate({ source: changed }, hosted, doc).config;
      expect(secrets(next)[1] === "sk-2" || secrets(next)[0] === "pk-2").toBe(true);
    },
  );

  it("refuses a changed schemaRef.type and a mask for a key that holds no value", () => {
    const doc = stored({
      sourceType: "Universal",
      schemaRef: { type: "Okta" },
      config: { name: "o", apiKey: "k" },
    });
    const view = renderSource(doc, true);
    expect(
      codeOf(() =>
        parseSourceUpdate({ source: { ...view, schemaRef: { type: "Duo" } } }, hosted, doc),
      ),
    ).toBe(INVALID);
    expect(
      codeOf(() =>
        parseSourceUpdate(
          { source: { ...view, config: { ...(view.config as Json), apiToken: MASK } } },
          hosted,
          doc,
        ),
      ),
    ).toBe(INVALID);
    expect(codeOf(() => parseSourceUpdate({ source: view }, hosted, doc))).toBe("ok");
  });
});
