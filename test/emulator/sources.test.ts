// Conformance: spec 2.2 and 4.2 (docs/reference/service/collector-management-api.md) (Sources), 7.4 (codes), the source types of the live-service facts (docs/internals/service-research/live-service-facts.md) and
// issue 3 (types per collector kind, own required fields, download shapes, HTTP url /
// Cloudsyslog token, HostMetrics, Json mode, Universal Stopping), against both store backends.
import { describe, expect, it } from "vitest";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import { BACKENDS, createHosted, createSource, sleep, useEmulator } from "./harness";

const WMI = [{ name: "cpu", query: "SELECT * FROM Win32_PerfFormattedData_PerfOS_Processor" }];

/** Installed Collector source types: a valid body and the fields the type requires. */
const INSTALLED_TYPES: [string, Record<string, unknown>, string[]][] = [
  [
    "LocalFile",
    {
      pathExpression: "/var/log/app/*.log",
      denylist: ["/var/log/app/secret.log"],
      encoding: "UTF-8",
    },
    ["pathExpression"],
  ],
  [
    "RemoteFileV2",
    {
      remoteHosts: ["10.0.0.5"],
      remotePort: 22,
      remoteUser: "ops",
      authMethod: "key",
      keyPath: "/home/ops/.ssh/id_rsa",
      pathExpression: "/var/log/remote.log",
    },
    ["remoteHosts", "remotePort", "remoteUser", "authMethod", "pathExpression"],
  ],
  [
    "LocalWindowsEventLog",
    { logNames: ["Security", "Application"], renderMessages: true },
    ["logNames"],
  ],
  [
    "RemoteWindowsEventLog",
    { logNames: ["Security"], domain: "CORP", username: "svc", password: "pw-1", hosts: ["dc1"] },
    ["logNames", "domain", "username", "password", "hosts"],
  ],
  ["LocalWindowsPerfMon", { wmiQueries: WMI }, ["wmiQueries"]],
  [
    "RemoteWindowsPerfMon",
    {
      domain: "CORP",
      remoteUser: "svc",
      remotePassword: "pw-2",
      remoteHosts: ["h1"],
      wmiQueries: WMI,
    },
    [],
  ],
  ["ActiveDirectory", { nameSuffixes: ["dc=corp,dc=example"], interval: 60000 }, []],
  ["Syslog", { protocol: "UDP", port: 514 }, ["protocol", "port"]],
  [
    "Script",
    { commands: ["/bin/bash"], script: "uptime", cronExpression: "0 0/5 * * * ?", timeout: 60000 },
    ["commands", "cronExpression"],
  ],
  [
    "DockerLog",
    { uri: "unix:///var/run/docker.sock", allContainers: true, collectEvents: false },
    ["uri", "allContainers", "collectEvents"],
  ],
  [
    "DockerStats",
    { uri: "unix:///var/run/docker.sock", allContainers: true, pollInterval: 60000 },
    ["uri", "allContainers"],
  ],
  ["SystemStats", { interval: 60000, metrics: ["CPU_User", "CPU_Sys"] }, ["interval"]],
  ["StreamingMetrics", { contentType: "Graphite", protocol: "TCP", port: 2003 }, []],
];

const POLLING = {
  contentType: "AwsS3Bucket",
  scanInterval: 300000,
  paused: false,
  thirdPartyRef: {
    resources: [
      {
        serviceType: "AwsS3Bucket",
        path: {
          type: "S3BucketPathExpression",
          bucketName: "logs-bucket",
          pathExpression: "app/*",
        },
        authentication: {
          type: "AWSRoleBasedAuthentication",
          roleARN: "arn:aws:iam::123456789012:role/read",
        },
      },
    ],
  },
};
const UNIVERSAL = {
  schemaRef: { type: "Okta" },
  config: { domain: "example.okta.com" },
};

/** Hosted Collector source types with a valid body. */
const HOSTED_TYPES: [string, Record<string, unknown>][] = [
  ["HTTP", { messagePerRequest: false }],
  ["Cloudsyslog", {}],
  ["Polling", POLLING],
  ["Universal", UNIVERSAL],
];

describe.each(BACKENDS)("sources ($name store)", (backend) => {
  const ctx = useEmulator(backend);
  const hosted = () => createHosted(ctx.api, "hosted-src");
  const installed = (extra: Record<string, unknown> = {}) =>
    ctx.control.register({ name: "installed-src", ...extra });

  describe("create (POST /collectors/{id}/sources)", () => {
    it("creates a LocalFile source: 201, id, defaults, alive, quoted ETag", async () => {
      const c = await installed();
      const res = await ctx.api.post(`/collectors/${c.id}/sources`, {
        source: {
          sourceType: "LocalFile",
          name: "app-logs",
          category: "prod/app",
          pathExpression: "/var/log/app/*.log",
          filters: [{ filterType: "Exclude", name: "no-debug", regexp: ".*DEBUG.*" }],
          cutoffTimestamp: 0,
        },
      });
      const s = expectOk(res, 201).source;
      expect(Number.isInteger(s.id)).toBe(true);
      expect(s).toMatchObject({
        sourceType: "LocalFile",
        name: "app-logs",
        category: "prod/app",
        pathExpression: "/var/log/app/*.log",
        filters: [{ filterType: "Exclude", name: "no-debug", regexp: ".*DEBUG.*" }],
        automaticDateParsing: true,
        multilineProcessingEnabled: true,
        useAutolineMatching: true,
      });
      expect(typeof s.alive).toBe("boolean");
      etagOf(res);
    });

    it.each(INSTALLED_TYPES)(
      "creates %s on an Installed Collector and requires its own fields",
      async (type, body, required) => {
        const c = await installed();
        const s = await createSource(ctx.api, c.id, {
          sourceType: type,
          name: `ok-${type}`,
          ...body,
        });
        expect(s.sourceType).toBe(type);
        for (const field of required) {
          const { [field]: _dropped, ...rest } = body;
          const res = await ctx.api.post(`/collectors/${c.id}/sources`, {
            source: { sourceType: type, name: `missing-${field}`, ...rest },
          });
          expectError(res, 400);
        }
      },
    );

    it("sets contentType HostMetrics on SystemStats", async () => {
      const c = await installed();
      const s = await createSource(ctx.api, c.id, {
        sourceType: "SystemStats",
        name: "metrics",
        interval: 60000,
      });
      expect(s.contentType).toBe("HostMetrics");
      expect(s.interval).toBe(60000);
    });

    it.each(HOSTED_TYPES)("creates %s on a Hosted Collector", async (type, body) => {
      const c = await hosted();
      const s = await createSource(ctx.api, c.id, {
        sourceType: type,
        name: `hosted-${type}`,
        ...body,
      });
      expect(s.sourceType).toBe(type);
    });

    it("gives HTTP sources a server-assigned url with a token, distinct per source", async () => {
      const c = await hosted();
      const a = await createSource(ctx.api, c.id, { sourceType: "HTTP", name: "http-a" });
      const b = await createSource(ctx.api, c.id, { sourceType: "HTTP", name: "http-b" });
      expect(a.url).toMatch(/^https?:\/\/\S+\/\S{16,}/);
      expect(b.url).not.toBe(a.url);
      const read = expectOk(await ctx.api.get(`/collectors/${c.id}/sources/${a.id}`)).source;
      expect(read.url).toBe(a.url);
    });

    it("gives Cloudsyslog sources a token", async () => {
      const c = await hosted();
      const s = await createSource(ctx.api, c.id, {
        sourceType: "Cloudsyslog",
        name: "syslog-cloud",
      });
      expect(typeof s.token).toBe("string");
      expect(s.token.length).toBeGreaterThanOrEqual(16);
    });

    it("refuses messagePerRequest with multiline processing on", async () => {
      const c = await hosted();
      await createSource(ctx.api, c.id, {
        sourceType: "HTTP",
        name: "mpr",
        messagePerRequest: true,
        multilineProcessingEnabled: false,
      });
      expectError(
        await ctx.api.post(`/collectors/${c.id}/sources`, {
          source: {
            sourceType: "HTTP",
            name: "mpr2",
            messagePerRequest: true,
            multilineProcessingEnabled: true,
          },
        }),
        400,
      );
    });

    it("answers EmptySourceType without a source type", async () => {
      const c = await installed();
      const post = (source: object) => ctx.api.post(`/collectors/${c.id}/sources`, { source });
      expectError(await post({ name: "no-type", pathExpression: "/x" }), 400, "EmptySourceType");
      expectError(
        await post({ sourceType: "", name: "empty-type", pathExpression: "/x" }),
        400,
        "EmptySourceType",
      );
    });

    it("answers InvalidSourceType for an unknown type or one that does not fit the collector kind", async () => {
      const h = await hosted();
      const i = await installed();
      expectError(
        await ctx.api.post(`/collectors/${h.id}/sources`, {
          source: { sourceType: "LocalFile", name: "lf", pathExpression: "/x" },
        }),
        400,
        "InvalidSourceType",
      );
      expectError(
        await ctx.api.post(`/collectors/${i.id}/sources`, {
          source: { sourceType: "HTTP", name: "http" },
        }),
        400,
        "InvalidSourceType",
      );
      expectError(
        await ctx.api.post(`/collectors/${i.id}/sources`, {
          source: { sourceType: "Telepathy", name: "t" },
        }),
        400,
        "InvalidSourceType",
      );
    });

    it("keeps names unique per collector only", async () => {
      const a = await createHosted(ctx.api, "coll-a");
      const b = await createHosted(ctx.api, "coll-b");
      await createSource(ctx.api, a.id, { sourceType: "HTTP", name: "same" });
      expectError(
        await ctx.api.post(`/collectors/${a.id}/sources`, {
          source: { sourceType: "HTTP", name: "same" },
        }),
        400,
        "DuplicateResourceName",
      );
      await createSource(ctx.api, b.id, { sourceType: "HTTP", name: "same" });
    });

    it("enforces the name, description and host name limits", async () => {
      const c = await hosted();
      const post = (extra: object) =>
        ctx.api.post(`/collectors/${c.id}/sources`, { source: { sourceType: "HTTP", ...extra } });
      expectOk(await post({ name: "s".repeat(128) }), 201);
      expectError(await post({ name: "s".repeat(129) }), 400, "CollectorNameTooLong");
      expectError(
        await post({ name: "d", description: "d".repeat(1025) }),
        400,
        "CollectorDescriptionTooLong",
      );
      expectError(await post({ name: "h", hostName: "h".repeat(129) }), 400);
      expectError(await post({}), 400);
    });

    it("validates filters, hash algorithm and Syslog protocol", async () => {
      const c = await installed();
      const post = (extra: object) =>
        ctx.api.post(`/collectors/${c.id}/sources`, {
          source: { sourceType: "LocalFile", name: "f", pathExpression: "/x", ...extra },
        });
      expectError(await post({ filters: [{ filterType: "Bogus", name: "b", regexp: ".*" }] }), 400);
      expectError(
        await post({ filters: [{ filterType: "Mask", name: "m", regexp: "(\\d+)" }] }),
        400,
      );
      expectError(await post({ hashAlgorithm: "CRC32" }), 400);
      expectError(await post({ filters: "not-an-array" }), 400);
      expectOk(
        await post({
          filters: [{ filterType: "Mask", name: "m", regexp: "(\\d+)", mask: "#" }],
          hashAlgorithm: "SHA-256",
        }),
        201,
      );
      expectError(
        await ctx.api.post(`/collectors/${c.id}/sources`, {
          source: { sourceType: "Syslog", name: "sl", protocol: "ICMP", port: 514 },
        }),
        400,
      );
    });

    it("answers 404 InvalidCollector for an unknown collector", async () => {
      expectError(
        await ctx.api.post("/collectors/987654321/sources", {
          source: { sourceType: "HTTP", name: "x" },
        }),
        404,
        "InvalidCollector",
      );
      expectError(await ctx.api.get("/collectors/987654321/sources"), 404, "InvalidCollector");
    });
  });

  describe("read and list", () => {
    it("lists in the sources envelope with ids and alive", async () => {
      const c = await installed();
      const a = await createSource(ctx.api, c.id, {
        sourceType: "LocalFile",
        name: "a",
        pathExpression: "/a",
      });
      const b = await createSource(ctx.api, c.id, {
        sourceType: "SystemStats",
        name: "b",
        interval: 15000,
      });
      const list = expectOk(await ctx.api.get(`/collectors/${c.id}/sources`)).sources;
      expect(list.map((s: { id: number }) => s.id).sort()).toEqual([a.id, b.id].sort());
      for (const s of list) expect(typeof s.alive).toBe("boolean");
      expect(
        expectOk(await ctx.api.get(`/collectors/${c.id}/sources?download=false`)).sources,
      ).toHaveLength(2);
    });

    it("reads one source with a quoted ETag equal to the create's", async () => {
      const c = await installed();
      const created = await ctx.api.post(`/collectors/${c.id}/sources`, {
        source: { sourceType: "LocalFile", name: "one", pathExpression: "/one" },
      });
      const s = created.json.source;
      const res = await ctx.api.get(`/collectors/${c.id}/sources/${s.id}`);
      expect(expectOk(res).source).toMatchObject({ id: s.id, name: "one", pathExpression: "/one" });
      expect(etagOf(res)).toBe(etagOf(created));
    });

    it("download=true lists api.version v1 and sources without id and alive", async () => {
      const c = await installed();
      await createSource(ctx.api, c.id, {
        sourceType: "LocalFile",
        name: "dl-a",
        pathExpression: "/a",
      });
      await createSource(ctx.api, c.id, {
        sourceType: "SystemStats",
        name: "dl-b",
        interval: 15000,
      });
      const body = expectOk(await ctx.api.get(`/collectors/${c.id}/sources?download=true`));
      expect(body["api.version"]).toBe("v1");
      expect(body.sources).toHaveLength(2);
      for (const s of body.sources) {
        expect(s).not.toHaveProperty("id");
        expect(s).not.toHaveProperty("alive");
        expect(typeof s.name).toBe("string");
        expect(typeof s.sourceType).toBe("string");
      }
    });

    it("download=true on one source gives api.version and source without id and alive", async () => {
      const c = await installed();
      const s = await createSource(ctx.api, c.id, {
        sourceType: "LocalFile",
        name: "dl",
        pathExpression: "/dl",
      });
      const body = expectOk(await ctx.api.get(`/collectors/${c.id}/sources/${s.id}?download=true`));
      expect(body["api.version"]).toBe("v1");
      expect(body.source).toMatchObject({
        sourceType: "LocalFile",
        name: "dl",
        pathExpression: "/dl",
      });
      expect(body.source).not.toHaveProperty("id");
      expect(body.source).not.toHaveProperty("alive");
    });

    it("answers 404 for an unknown source, another collector's source, and a 4xx for bad ids", async () => {
      const a = await createHosted(ctx.api, "a");
      const b = await createHosted(ctx.api, "b");
      const s = await createSource(ctx.api, a.id, { sourceType: "HTTP", name: "s" });
      expectError(await ctx.api.get(`/collectors/${a.id}/sources/987654321`), 404);
      expectError(await ctx.api.get(`/collectors/${b.id}/sources/${s.id}`), 404);
      for (const bad of ["abc", "-1", "2.5"]) {
        const res = await ctx.api.get(`/collectors/${a.id}/sources/${bad}`);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expectError(res, res.status);
      }
    });
  });

  describe("update (PUT /collectors/{id}/sources/{sourceId})", () => {
    async function setup() {
      const c = await installed();
      await createSource(ctx.api, c.id, {
        sourceType: "LocalFile",
        name: "other",
        pathExpression: "/o",
      });
      const s0 = await createSource(ctx.api, c.id, {
        sourceType: "LocalFile",
        name: "edit",
        pathExpression: "/e",
      });
      const res = await ctx.api.get(`/collectors/${c.id}/sources/${s0.id}`);
      return {
        c,
        s: expectOk(res).source,
        etag: etagOf(res),
        path: `/collectors/${c.id}/sources/${s0.id}`,
      };
    }

    it("updates with If-Match; the ETag changes on every modification", async () => {
      const { s, etag, path } = await setup();
      const res = await ctx.api.put(
        path,
        { source: { ...s, pathExpression: "/e2/*.log", category: "c2" } },
        etag,
      );
      expect(expectOk(res).source).toMatchObject({
        id: s.id,
        pathExpression: "/e2/*.log",
        category: "c2",
      });
      const etag2 = etagOf(res);
      expect(etag2).not.toBe(etag);
      const read = await ctx.api.get(path);
      expect(etagOf(read)).toBe(etag2);
      expect(read.json.source.pathExpression).toBe("/e2/*.log");
      const res3 = await ctx.api.put(
        path,
        { source: { ...read.json.source, name: "edit-renamed" } },
        etag2,
      );
      expect(expectOk(res3).source.name).toBe("edit-renamed");
      expect(etagOf(res3)).not.toBe(etag2);
    });

    it("answers 403 without If-Match and 412 with a stale one", async () => {
      const { s, etag, path } = await setup();
      expectError(await ctx.api.put(path, { source: { ...s, category: "x" } }), 403);
      expectOk(await ctx.api.put(path, { source: { ...s, category: "y" } }, etag));
      expectError(await ctx.api.put(path, { source: { ...s, category: "z" } }, etag), 412);
      expect(expectOk(await ctx.api.get(path)).source.category).toBe("y");
    });

    it("refuses a missing or different id, a changed sourceType, a duplicate name", async () => {
      const { s, etag, path } = await setup();
      const { id, ...noId } = s;
      expectError(await ctx.api.put(path, { source: noId }, etag), 400);
      expectError(await ctx.api.put(path, { source: { ...s, id: s.id + 1000 } }, etag), 400);
      expectError(
        await ctx.api.put(
          path,
          { source: { ...s, sourceType: "Syslog", protocol: "UDP", port: 514 } },
          etag,
        ),
        400,
      );
      expectError(
        await ctx.api.put(path, { source: { ...s, name: "other" } }, etag),
        400,
        "DuplicateResourceName",
      );
      expectError(
        await ctx.api.put(path, { source: { ...s, name: "n".repeat(129) } }, etag),
        400,
        "CollectorNameTooLong",
      );
      expectError(
        await ctx.api.put(path, { source: { ...s, pathExpression: undefined } }, etag),
        400,
      );
      expect(etagOf(await ctx.api.get(path))).toBe(etag);
    });

    it("answers 404 for an unknown source or collector", async () => {
      const { c, s, etag } = await setup();
      expectError(
        await ctx.api.put(
          `/collectors/${c.id}/sources/987654321`,
          { source: { ...s, id: 987654321 } },
          etag,
        ),
        404,
      );
      expectError(
        await ctx.api.put(`/collectors/987654321/sources/${s.id}`, { source: s }, etag),
        404,
        "InvalidCollector",
      );
    });

    it("keeps an HTTP source's url across updates", async () => {
      const c = await hosted();
      const s0 = await createSource(ctx.api, c.id, { sourceType: "HTTP", name: "keep-url" });
      const path = `/collectors/${c.id}/sources/${s0.id}`;
      const read = await ctx.api.get(path);
      const res = await ctx.api.put(
        path,
        { source: { ...read.json.source, category: "new" } },
        etagOf(read),
      );
      expect(expectOk(res).source.url).toBe(s0.url);
    });
  });

  describe("delete (DELETE /collectors/{id}/sources/{sourceId})", () => {
    it("deletes: 200 without a body, then 404", async () => {
      const c = await installed();
      const s = await createSource(ctx.api, c.id, {
        sourceType: "LocalFile",
        name: "del",
        pathExpression: "/d",
      });
      const res = await ctx.api.delete(`/collectors/${c.id}/sources/${s.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe("");
      expectError(await ctx.api.get(`/collectors/${c.id}/sources/${s.id}`), 404);
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}/sources`)).sources).toEqual([]);
      expectError(await ctx.api.delete(`/collectors/${c.id}/sources/${s.id}`), 404);
    });

    it("removes the sources of a deleted collector", async () => {
      const c = await hosted();
      const s = await createSource(ctx.api, c.id, { sourceType: "HTTP", name: "orphan" });
      expect((await ctx.api.delete(`/collectors/${c.id}`)).status).toBe(200);
      expectError(await ctx.api.get(`/collectors/${c.id}/sources/${s.id}`), 404);
      expectError(await ctx.api.get(`/collectors/${c.id}/sources`), 404, "InvalidCollector");
    });

    it("shows a Universal source Stopping after DELETE, then it is gone", async () => {
      const c = await hosted();
      const s = await createSource(ctx.api, c.id, {
        sourceType: "Universal",
        name: "c2c",
        ...UNIVERSAL,
      });
      const path = `/collectors/${c.id}/sources/${s.id}`;
      expect((await ctx.api.delete(path)).status).toBe(200);
      const during = await ctx.api.get(path);
      expect(during.status, during.text).toBe(200);
      expect(during.text).toContain("Stopping");
      let gone = false;
      for (let i = 0; i < 40 && !gone; i++) {
        await ctx.control.advance(60_000);
        await sleep(100);
        gone = (await ctx.api.get(path)).status === 404;
      }
      expect(gone).toBe(true);
      expectError(await ctx.api.get(path), 404);
    });
  });

  describe("Json source sync mode", () => {
    it("refuses source create on a Json-mode collector with CannotModifySources", async () => {
      const c = await installed({ sourceSyncMode: "Json" });
      expect(c.sourceSyncMode).toBe("Json");
      expectError(
        await ctx.api.post(`/collectors/${c.id}/sources`, {
          source: { sourceType: "LocalFile", name: "x", pathExpression: "/x" },
        }),
        400,
        "CannotModifySources",
      );
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}/sources`)).sources).toEqual([]);
    });

    it("refuses source update and delete once the collector is switched to Json", async () => {
      const c = await installed();
      expect(c.sourceSyncMode).toBe("UI");
      const s = await createSource(ctx.api, c.id, {
        sourceType: "LocalFile",
        name: "j",
        pathExpression: "/j",
      });
      const cr = await ctx.api.get(`/collectors/${c.id}`);
      const switched = await ctx.api.put(
        `/collectors/${c.id}`,
        { collector: { ...cr.json.collector, sourceSyncMode: "Json" } },
        etagOf(cr),
      );
      expect(expectOk(switched).collector.sourceSyncMode).toBe("Json");
      const path = `/collectors/${c.id}/sources/${s.id}`;
      const sr = await ctx.api.get(path);
      expectError(
        await ctx.api.put(path, { source: { ...sr.json.source, category: "nope" } }, etagOf(sr)),
        400,
        "CannotModifySources",
      );
      expectError(await ctx.api.delete(path), 400, "CannotModifySources");
      expectOk(await ctx.api.get(path));
    });
  });
});
