// Conformance of the OpenTelemetry collector API (issue 43, docs/reference/local-service.md
// "OpenTelemetry collectors"): registration through the control API, read, the Terraform
// provider's update (PUT ?id= with If-Match, timezone/timeZone, sumo.disco* tags kept), search,
// counts, by-name, delete and offline delete, heartbeats and the clock, on both store backends.
import { describe, expect, it } from "vitest";
import { etagOf, expectError, expectOk, QUOTED_ETAG } from "../helpers/envelope";
import { ApiClient, headerOf } from "../helpers/http";
import { BACKENDS, useEmulator } from "./harness";
import {
  expectMessageNames,
  HEX_ID,
  MANAGE,
  names,
  OT_ACCOUNTS,
  OTHER,
  RFC3339,
  registerOt,
  tagLists,
  templateBody,
  VIEW,
} from "./ot-harness";

const MIN = 60_000;
const HOUR = 60 * MIN;

describe.each(BACKENDS)("OT collectors ($name store)", (backend) => {
  const ctx = useEmulator(backend, { accounts: OT_ACCOUNTS });
  const api = () => new ApiClient(ctx.baseFor("us1"), MANAGE);
  const viewer = () => new ApiClient(ctx.baseFor("us1"), VIEW);
  const register = (body: Record<string, unknown>) => registerOt(ctx.control, body);

  describe("registration (control API)", () => {
    it("answers 201 with the collector exactly as GET shows it", async () => {
      const res = await ctx.control.call("/ot-collectors", {
        method: "POST",
        body: {
          account: "acme",
          name: "otel-web-1",
          description: "web tier",
          category: "web",
          timeZone: "Europe/Berlin",
          tags: { env: "prod", "sumo.disco.host": "web-1" },
          systemInfo: { hostName: "web-1.internal", hostOsName: "Linux" },
          version: "0.108.0-sumo-0",
        },
      });
      const created = expectOk(res, 201);
      expect(created.id).toMatch(HEX_ID);
      expect(created).toMatchObject({
        name: "otel-web-1",
        description: "web tier",
        category: "web",
        timeZone: "Europe/Berlin",
        tags: { env: "prod", "sumo.disco.host": "web-1" },
        ephemeral: false,
        alive: true,
        isRemotelyManaged: true,
        version: { currentVersion: "0.108.0-sumo-0", latestAvailableVersion: "0.118.0-sumo-0" },
        systemInfo: { hostName: "web-1.internal", hostOsName: "Linux" },
        healthIncidentsTracker: { errorsCount: 0, warningsCount: 0 },
        sourceTemplateLinkedCount: 0,
      });
      expect(created.createdAt).toMatch(RFC3339);
      expect(created.modifiedAt).toMatch(RFC3339);
      expect(created.collector).toBeUndefined(); // no envelope
      expect(created.effectiveConfig).toBeUndefined();
      const got = await api().get(`/otCollectors/${created.id}`);
      expect(expectOk(got)).toEqual(created);
      expect(etagOf(got)).toBe(headerOf(res, "etag"));
    });

    it("defaults: latest build, not ephemeral, remotely managed, no tags", async () => {
      const c = await register({ name: "plain" });
      expect(c.version.currentVersion).toBe(c.version.latestAvailableVersion);
      expect(c).toMatchObject({ ephemeral: false, isRemotelyManaged: true, tags: {} });
    });

    it("refuses bad bodies with a 400 naming the field", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{}, "name"],
        [{ name: "" }, "name"],
        [{ name: "x".repeat(129) }, "name"],
        [{ name: "a", timeZone: "Mars/Olympus" }, "timeZone"],
        [{ name: "a", tags: { env: 1 } }, "tags.env"],
        [{ name: "a", ephemeral: "yes" }, "ephemeral"],
        [{ name: "a", systemInfo: { hostOsName: 5 } }, "systemInfo.hostOsName"],
        [{ name: "a", version: "" }, "version"],
        [{ name: "a", account: "nobody" }, "account"],
      ];
      for (const [body, field] of cases) {
        const res = await ctx.control.call("/ot-collectors", {
          method: "POST",
          body: { account: "acme", ...body },
        });
        expectError(res, 400);
        expectMessageNames(res, field);
      }
      const noAccount = await ctx.control.call("/ot-collectors", {
        method: "POST",
        body: { name: "a" },
      });
      expectError(noAccount, 400);
      expectMessageNames(noAccount, "account");
    });

    it("keeps names unique per account: a duplicate is 400 DuplicateResourceName", async () => {
      await register({ name: "dup" });
      const res = await ctx.control.call("/ot-collectors", {
        method: "POST",
        body: { account: "acme", name: "dup" },
      });
      expectError(res, 400, "DuplicateResourceName");
      await register({ name: "dup", account: "beta" }); // another account may
    });
  });

  describe("read", () => {
    it("404 for an unknown id and another account's, 400 for a malformed one", async () => {
      const c = await register({ name: "mine" });
      expectError(await api().get("/otCollectors/00000000FFFFFFFF"), 404, "otcollector.invalid");
      const other = new ApiClient(ctx.baseFor("us1"), OTHER);
      expectError(await other.get(`/otCollectors/${c.id}`), 404, "otcollector.invalid");
      expectError(await api().get("/otCollectors/not-an-id"), 400);
      // a lower-cased id finds it
      expectOk(await api().get(`/otCollectors/${c.id.toLowerCase()}`));
    });

    it("refuses requests without valid credentials (401)", async () => {
      const c = await register({ name: "locked" });
      const anon = await api().get(`/otCollectors/${c.id}`, { auth: null });
      expectError(anon, 401, "unauthorized");
      const bad = new ApiClient(ctx.baseFor("us1"), { ...MANAGE, accessKey: "wrong" });
      expectError(await bad.get(`/otCollectors/${c.id}`), 401, "unauthorized");
      expectError(await bad.post("/otCollectors", {}), 401, "unauthorized");
      expectError(await bad.post("/sourceTemplates", templateBody("t")), 401, "unauthorized");
    });

    it("totalCount, otCollectorsByName (exact, unknown left out)", async () => {
      await register({ name: "a1" });
      await register({ name: "a2" });
      await register({ name: "b1", account: "beta" });
      expect(expectOk(await api().get("/otCollectors/totalCount"))).toEqual({ totalCount: 2 });
      const by = expectOk(
        await api().get("/otCollectors/otCollectorsByName?names=a1&names=zz&names=a2"),
      );
      expect(names(by.data)).toEqual(["a1", "a2"]);
      const one = expectOk(await api().get("/otCollectors/otCollectorsByName?names=a"));
      expect(one.data).toEqual([]);
      const none = expectOk(await api().get("/otCollectors/otCollectorsByName"));
      expect(none.data).toEqual([]);
    });
  });

  describe("update (PUT /otCollectors?id=)", () => {
    it("changes only what is sent; timezone and timeZone both accepted, timeZone winning", async () => {
      const c = await register({ name: "u1", description: "d", category: "c", timeZone: "UTC" });
      const first = await api().get(`/otCollectors/${c.id}`);
      const res = await api().put(
        `/otCollectors?id=${c.id}`,
        { timezone: "Asia/Tokyo" },
        etagOf(first),
      );
      const after = expectOk(res);
      expect(after).toMatchObject({
        name: "u1",
        description: "d",
        category: "c",
        timeZone: "Asia/Tokyo",
      });
      expect(etagOf(res)).not.toBe(etagOf(first));
      expect(expectOk(await api().get(`/otCollectors/${c.id}`))).toEqual(after);
      const both = expectOk(
        await api().put(`/otCollectors?id=${c.id}`, {
          timezone: "Asia/Tokyo",
          timeZone: "America/Lima",
        }),
      );
      expect(both.timeZone).toBe("America/Lima");
      const renamed = expectOk(
        await api().put(`/otCollectors?id=${c.id}`, {
          name: "u1-renamed",
          description: "new",
          category: "cat",
          ephemeral: true, // ignored: not a field this update takes
          isRemotelyManaged: false,
        }),
      );
      expect(renamed).toMatchObject({
        name: "u1-renamed",
        description: "new",
        category: "cat",
        ephemeral: false,
        isRemotelyManaged: true,
      });
      expect(Date.parse(renamed.modifiedAt)).toBeGreaterThanOrEqual(Date.parse(c.modifiedAt));
      expect(renamed.modifiedBy).toMatch(HEX_ID);
    });

    it("replaces the user's tags and keeps the service's sumo.disco* ones", async () => {
      const c = await register({
        name: "tagged",
        tags: { env: "prod", team: "web", "sumo.disco.host": "h1", "sumo.discovery": "x" },
      });
      const res = await api().put(`/otCollectors?id=${c.id}`, {
        tags: { env: "dev", "sumo.disco.host": "forged", "sumo.disco.new": "forged" },
      });
      expect(expectOk(res).tags).toEqual({
        env: "dev",
        "sumo.disco.host": "h1",
        "sumo.discovery": "x",
      });
      const cleared = expectOk(await api().put(`/otCollectors?id=${c.id}`, { tags: {} }));
      expect(cleared.tags).toEqual({ "sumo.disco.host": "h1", "sumo.discovery": "x" });
    });

    it("If-Match: absent accepted, stale 412, unquoted 400", async () => {
      const c = await register({ name: "etag" });
      const read = await api().get(`/otCollectors/${c.id}`);
      const etag = etagOf(read);
      expect(etag).toMatch(QUOTED_ETAG);
      expectOk(await api().put(`/otCollectors?id=${c.id}`, { category: "x" })); // no If-Match
      expectError(
        await api().put(`/otCollectors?id=${c.id}`, { category: "y" }, etag),
        412,
        "service.etagid.mismatch",
      );
      expectError(await api().put(`/otCollectors?id=${c.id}`, { category: "y" }, "abc"), 400);
      const fresh = etagOf(await api().get(`/otCollectors/${c.id}`));
      expectOk(await api().put(`/otCollectors?id=${c.id}`, { category: "y" }, fresh));
    });

    it("heartbeats do not change the ETag", async () => {
      const c = await register({ name: "beat-etag" });
      const before = etagOf(await api().get(`/otCollectors/${c.id}`));
      const beat = await ctx.control.call(`/ot-collectors/${c.id}/heartbeat`, { method: "POST" });
      expect(expectOk(beat).id).toBe(c.id);
      expect(etagOf(await api().get(`/otCollectors/${c.id}`))).toBe(before);
    });

    it("refuses bad changes with a 400 naming the field", async () => {
      const c = await register({ name: "valid" });
      await register({ name: "taken" });
      const put = (body: unknown) => api().put(`/otCollectors?id=${c.id}`, body);
      const cases: [unknown, string, string?][] = [
        [{ name: "" }, "name"],
        [{ name: "n".repeat(129) }, "name", "CollectorNameTooLong"],
        [{ name: 7 }, "name"],
        [{ timeZone: "Not/AZone" }, "timeZone"],
        [{ timezone: "utc+2" }, "timezone"],
        [{ tags: { k: 1 } }, "tags.k"],
        [{ tags: ["a"] }, "tags"],
        [
          { tags: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, "v"])) },
          "tags",
        ],
        [{ description: "d".repeat(1025) }, "description", "CollectorDescriptionTooLong"],
        [[1, 2], "body"],
      ];
      for (const [body, field, code] of cases) {
        const res = await put(body);
        expectError(res, 400, code);
        expectMessageNames(res, field);
      }
      expectError(await put({ name: "taken" }), 400, "DuplicateResourceName");
      expectOk(await put({ name: "valid" })); // keeping its own name is fine
      expectError(await api().put("/otCollectors", { name: "x" }), 400);
      expectError(await api().put("/otCollectors?id=00000000FFFFFFFF", { name: "x" }), 404);
    });

    it("a View user cannot update or delete (403)", async () => {
      const c = await register({ name: "viewed" });
      expectOk(await viewer().get(`/otCollectors/${c.id}`));
      expectOk(await viewer().post("/otCollectors", {}));
      expectError(await viewer().put(`/otCollectors?id=${c.id}`, { name: "x" }), 403);
      expectError(await viewer().delete(`/otCollectors/${c.id}`), 403);
      expectError(await viewer().delete("/otCollectors/offline"), 403);
    });
  });

  describe("search (POST /otCollectors)", () => {
    async function fleet() {
      await register({
        name: "web-1",
        tags: { env: "prod", tier: "web" },
        systemInfo: { hostName: "alpha.example", hostOsName: "Linux" },
        version: "0.104.0-sumo-0",
      });
      await register({
        name: "web-2",
        description: "Second WEB box",
        tags: { env: "dev", tier: "web" },
        systemInfo: { hostOsName: "Windows" },
      });
      await register({
        name: "db-1",
        tags: { env: "prod", tier: "db" },
        isRemotelyManaged: false,
        systemInfo: { hostOsName: "linux" },
        version: "0.113.0-sumo-0",
      });
    }
    const search = async (body: unknown) => expectOk(await api().post("/otCollectors", body));

    it("lists every collector by name without a body, with count on request", async () => {
      await fleet();
      const all = await search(undefined);
      expect(all.data.map((c: { name: string }) => c.name)).toEqual(["db-1", "web-1", "web-2"]);
      expect(all.count).toBeUndefined();
      expect(all.next).toBeUndefined();
      expect((await search({ includeCount: true })).count).toBe(3);
    });

    it("search: id, or a case-insensitive part of name, description or host name", async () => {
      await fleet();
      expect(names((await search({ search: "WEB" })).data)).toEqual(["web-1", "web-2"]);
      expect(names((await search({ search: "second web" })).data)).toEqual(["web-2"]);
      expect(names((await search({ search: "ALPHA" })).data)).toEqual(["web-1"]);
      const db = (await search({ search: "db-1" })).data[0];
      expect(names((await search({ search: db.id })).data)).toEqual(["db-1"]);
    });

    it("tag filters: conditions in one list ANDed, lists ORed", async () => {
      await fleet();
      const and = await search({ filters: { tags: tagLists({ env: ["prod"], tier: ["web"] }) } });
      expect(names(and.data)).toEqual(["web-1"]);
      const or = await search({ filters: { tags: tagLists({ env: ["dev"] }, { tier: ["db"] }) } });
      expect(names(or.data)).toEqual(["db-1", "web-2"]);
      const values = await search({ filters: { tags: tagLists({ env: ["dev", "prod"] }) } });
      expect(names(values.data)).toEqual(["db-1", "web-1", "web-2"]);
      const none = await search({ filters: { tags: tagLists({ env: ["qa"] }) } });
      expect(none.data).toEqual([]);
    });

    it("os, remote management, upgrade and version range filters", async () => {
      await fleet();
      expect(names((await search({ filters: { os: "LINUX" } })).data)).toEqual(["db-1", "web-1"]);
      expect(names((await search({ filters: { isRemotelyManaged: false } })).data)).toEqual([
        "db-1",
      ]);
      expect(names((await search({ filters: { isUpgradeAvailable: true } })).data)).toEqual([
        "db-1",
        "web-1",
      ]);
      const within = { minVersion: "0.105.0", maxVersion: "0.115.0" };
      expect(names((await search({ filters: { collectorVersionRange: within } })).data)).toEqual([
        "db-1",
      ]);
      const outside = { ...within, rangeType: "Outside" };
      expect(names((await search({ filters: { collectorVersionRange: outside } })).data)).toEqual([
        "web-1",
        "web-2",
      ]);
    });

    it("alive filter follows the clock and heartbeats", async () => {
      await fleet();
      await ctx.control.advance(31 * MIN);
      const web2 = (await search({ search: "web-2" })).data[0];
      await ctx.control.call(`/ot-collectors/${web2.id}/heartbeat`, { method: "POST" });
      expect(names((await search({ filters: { alive: true } })).data)).toEqual(["web-2"]);
      expect(names((await search({ filters: { alive: false } })).data)).toEqual(["db-1", "web-1"]);
    });

    it("hasNoSourceTemplateLinked: remotely managed collectors that no enabled template links", async () => {
      await fleet();
      const t = expectOk(
        await api().post(
          "/sourceTemplates",
          templateBody("prod-web", {
            selector: { tags: tagLists({ tier: ["web"], env: ["prod"] }) },
          }),
        ),
      );
      expect(names((await search({ filters: { hasNoSourceTemplateLinked: true } })).data)).toEqual([
        "web-2",
      ]);
      expect(names((await search({ filters: { hasNoSourceTemplateLinked: false } })).data)).toEqual(
        ["db-1", "web-1"],
      );
      expectOk(await api().put(`/sourceTemplates/${t.id}/status`, { status: "disable" }));
      expect(names((await search({ filters: { hasNoSourceTemplateLinked: true } })).data)).toEqual([
        "web-1",
        "web-2",
      ]);
    });

    it("pages with limit and the next token; sortBy lastModified newest first", async () => {
      await fleet();
      const p1 = await search({ limit: 2, includeCount: true });
      expect(p1.data.map((c: { name: string }) => c.name)).toEqual(["db-1", "web-1"]);
      expect(p1.count).toBe(3);
      expect(typeof p1.next).toBe("string");
      const p2 = await search({ limit: 2, next: p1.next });
      expect(p2.data.map((c: { name: string }) => c.name)).toEqual(["web-2"]);
      expect(p2.next).toBeUndefined();
      await ctx.control.advance(1000);
      const web1 = (await search({ search: "web-1" })).data[0];
      expectOk(await api().put(`/otCollectors?id=${web1.id}`, { category: "touched" }));
      const recent = await search({ sortBy: "lastModified" });
      expect(recent.data[0].name).toBe("web-1");
    });

    it("refuses bad search bodies with a 400 naming the field", async () => {
      const cases: [unknown, string][] = [
        [{ limit: 0 }, "limit"],
        [{ limit: 1001 }, "limit"],
        [{ sortBy: "age" }, "sortBy"],
        [{ next: "garbage" }, "next"],
        [{ filters: { alive: "yes" } }, "filters.alive"],
        [{ filters: { tags: [{ key: "a", values: ["b"] }] } }, "filters.tags[0]"],
        [{ filters: { tags: [[{ key: "a" }]] } }, "filters.tags[0][0].values"],
        [
          { filters: { collectorVersionRange: { rangeType: "Near" } } },
          "filters.collectorVersionRange.rangeType",
        ],
        [[1], "body"],
      ];
      for (const [body, field] of cases) {
        const res = await api().post("/otCollectors", body);
        expectError(res, 400);
        expectMessageNames(res, field);
      }
    });
  });

  describe("delete, heartbeats and the clock", () => {
    it("DELETE /otCollectors/{id} answers 204, then 404", async () => {
      const c = await register({ name: "gone" });
      const res = await api().delete(`/otCollectors/${c.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      expectError(await api().get(`/otCollectors/${c.id}`), 404);
      expectError(await api().delete(`/otCollectors/${c.id}`), 404);
    });

    it("goes offline 30 minutes after its last heartbeat; a heartbeat brings it back", async () => {
      const c = await register({ name: "beats" });
      await ctx.control.advance(29 * MIN);
      expect(expectOk(await api().get(`/otCollectors/${c.id}`)).alive).toBe(true);
      await ctx.control.advance(2 * MIN);
      expect(expectOk(await api().get(`/otCollectors/${c.id}`)).alive).toBe(false);
      const beat = await ctx.control.call(`/ot-collectors/${c.id}/heartbeat`, { method: "POST" });
      expect(expectOk(beat).alive).toBe(true);
      const unknown = await ctx.control.call("/ot-collectors/00000000FFFFFFFF/heartbeat", {
        method: "POST",
      });
      expectError(unknown, 404, "otcollector.invalid");
    });

    it("autoHeartbeat keeps it alive however far the clock moves", async () => {
      const c = await register({ name: "auto", autoHeartbeat: true });
      await ctx.control.advance(5 * HOUR);
      expect(expectOk(await api().get(`/otCollectors/${c.id}`)).alive).toBe(true);
    });

    it("DELETE /otCollectors/offline removes every collector not alive, after the clock moves", async () => {
      const stale = await register({ name: "stale" });
      const fresh = await register({ name: "fresh" });
      const other = await register({ name: "other-account", account: "beta" });
      const none = await api().delete("/otCollectors/offline");
      expect(none.status).toBe(204);
      expect(expectOk(await api().get("/otCollectors/totalCount")).totalCount).toBe(2);
      await ctx.control.advance(31 * MIN);
      await ctx.control.call(`/ot-collectors/${fresh.id}/heartbeat`, { method: "POST" });
      expect((await api().delete("/otCollectors/offline")).status).toBe(204);
      expectError(await api().get(`/otCollectors/${stale.id}`), 404);
      expectOk(await api().get(`/otCollectors/${fresh.id}`));
      // another account's offline collectors are not touched
      const beta = new ApiClient(ctx.baseFor("us1"), OTHER);
      expect(expectOk(await beta.get(`/otCollectors/${other.id}`)).alive).toBe(false);
    });

    it("an ephemeral one is removed 12 hours after its last heartbeat; others stay", async () => {
      const eph = await register({ name: "eph", ephemeral: true });
      const kept = await register({ name: "kept" });
      await ctx.control.advance(6 * HOUR);
      await ctx.control.call(`/ot-collectors/${eph.id}/heartbeat`, { method: "POST" });
      await ctx.control.advance(11 * HOUR);
      expectOk(await api().get(`/otCollectors/${eph.id}`));
      await ctx.control.advance(2 * HOUR);
      expectError(await api().get(`/otCollectors/${eph.id}`), 404);
      expect(expectOk(await api().get(`/otCollectors/${kept.id}`)).alive).toBe(false);
    });
  });

  describe("the request pipeline", () => {
    it("logs requests and injects faults on the OT paths as on the others", async () => {
      const c = await register({ name: "logged" });
      await ctx.control.addFault({ kind: "503", path: "^/otCollectors/", count: 1 });
      expectError(await api().get(`/otCollectors/${c.id}`), 503, "service.unavailable");
      expectOk(await api().get(`/otCollectors/${c.id}`));
      const log = await ctx.control.requests();
      const paths = log.map((r: { path: string; status: number }) => `${r.status} ${r.path}`);
      expect(paths).toEqual(
        expect.arrayContaining([
          `503 /api/v1/otCollectors/${c.id}`,
          `200 /api/v1/otCollectors/${c.id}`,
        ]),
      );
    });

    it("answers 405 for a method the path does not take", async () => {
      const res = await api().call("/otCollectors/totalCount", { method: "PUT", body: {} });
      expectError(res, 405, "method.unsupported");
    });
  });
});
