// Conformance: spec 2.1 (docs/reference/service/collector-management-api.md) (Collector fields), 4.1 (collector operations), 7.3 (codes), and the
// fixed decisions of issue 3 (201, quoted ETag changing on every write, 403/412 on PUT,
// 404 InvalidCollector), against both store backends.
import { describe, expect, it } from "vitest";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import { headerOf, type Json } from "../helpers/http";
import { BACKENDS, createHosted, eventually, hostedBody, ids, useEmulator } from "./harness";

const DAY = 24 * 3600 * 1000;

function withoutTransient(c: Json) {
  const { alive, lastSeenAlive, osTime, ...rest } = c;
  return rest;
}

describe.each(BACKENDS)("collectors ($name store)", (backend) => {
  const ctx = useEmulator(backend);

  describe("create (POST /collectors)", () => {
    it("creates a Hosted Collector: 201, generated id, defaults, sources link, quoted ETag", async () => {
      const res = await ctx.api.post("/collectors", {
        collector: { collectorType: "Hosted", name: "web-logs", ephemeral: false },
      });
      const c = expectOk(res, 201).collector;
      expect(Number.isInteger(c.id)).toBe(true);
      expect(c.id).toBeGreaterThan(0);
      expect(c.name).toBe("web-logs");
      expect(c.collectorType).toBe("Hosted");
      expect(c.collectorVersion).toBe("");
      expect(c.ephemeral).toBe(false);
      expect(c.targetCpu).toBe(-1);
      expect(c.description ?? null).toBeNull();
      expect(c.category ?? null).toBeNull();
      expect(c.hostName ?? null).toBeNull();
      expect(c.timeZone ?? null).toBeNull();
      expect(c.cutoffTimestamp ?? 0).toBe(0);
      expect(c.links).toContainEqual({ rel: "sources", href: `/v1/collectors/${c.id}/sources` });
      etagOf(res);
      expect(headerOf(res, "content-type")).toContain("application/json");
    });

    it("keeps every modifiable field given on create", async () => {
      const res = await ctx.api.post("/collectors", {
        collector: {
          collectorType: "Hosted",
          name: "full",
          description: "all the fields",
          category: "prod/web",
          hostName: "web-01",
          timeZone: "Europe/Berlin",
          fields: { team: "sre", _budget: "budget-1" },
          ephemeral: true,
          cutoffTimestamp: 1700000000000,
          targetCpu: 40,
        },
      });
      const c = expectOk(res, 201).collector;
      expect(c).toMatchObject({
        name: "full",
        description: "all the fields",
        category: "prod/web",
        hostName: "web-01",
        timeZone: "Europe/Berlin",
        fields: { team: "sre", _budget: "budget-1" },
        ephemeral: true,
        cutoffTimestamp: 1700000000000,
        targetCpu: 40,
      });
    });

    it("accepts UTC and cutoffRelativeTime, and null in optional fields as absent", async () => {
      expectOk(
        await ctx.api.post(
          "/collectors",
          hostedBody("utc", { timeZone: "UTC", cutoffRelativeTime: "-1h" }),
        ),
        201,
      );
      const res = await ctx.api.post(
        "/collectors",
        hostedBody("nulls", { description: null, category: null, hostName: null, timeZone: null }),
      );
      const c = expectOk(res, 201).collector;
      expect(c.description ?? null).toBeNull();
      expect(c.timeZone ?? null).toBeNull();
    });

    it("reads cutoffRelativeTime back as given, and refuses to change it", async () => {
      const res = await ctx.api.post(
        "/collectors",
        hostedBody("rel", { cutoffRelativeTime: "-1d" }),
      );
      const c = expectOk(res, 201).collector;
      expect(c.cutoffRelativeTime).toBe("-1d");
      const read = await ctx.api.get(`/collectors/${c.id}`);
      expect(read.json.collector.cutoffRelativeTime).toBe("-1d");
      expectError(
        await ctx.api.put(
          `/collectors/${c.id}`,
          { collector: { ...read.json.collector, cutoffRelativeTime: "-1w" } },
          etagOf(read),
        ),
        400,
      );
    });

    it("gives every collector a distinct id", async () => {
      const a = await createHosted(ctx.api, "a");
      const b = await createHosted(ctx.api, "b");
      expect(a.id).not.toBe(b.id);
    });

    it("refuses a non-Hosted collector type with InvalidCollectorType", async () => {
      const res = await ctx.api.post("/collectors", {
        collector: { collectorType: "Installable", name: "inst", ephemeral: false },
      });
      expectError(res, 400, "InvalidCollectorType");
      const res2 = await ctx.api.post("/collectors", {
        collector: { collectorType: "Bogus", name: "bogus", ephemeral: false },
      });
      expect(res2.status).toBe(400);
      expect((await ctx.api.get("/collectors")).json.collectors).toEqual([]);
    });

    it("refuses a duplicate name with 400 DuplicateResourceName", async () => {
      await createHosted(ctx.api, "dup");
      expectError(
        await ctx.api.post("/collectors", hostedBody("dup")),
        400,
        "DuplicateResourceName",
      );
    });

    it("refuses a missing name and a missing collector envelope with 400", async () => {
      expectError(
        await ctx.api.post("/collectors", {
          collector: { collectorType: "Hosted", ephemeral: false },
        }),
        400,
      );
      expectError(await ctx.api.post("/collectors", { name: "no-envelope" }), 400);
      expectError(
        await ctx.api.post("/collectors", {
          collector: { ...hostedBody("x").collector, name: "" },
        }),
        400,
      );
    });

    it("enforces name 128, description 1024, hostName 128 with their codes", async () => {
      expectOk(await ctx.api.post("/collectors", hostedBody("n".repeat(128))), 201);
      expectError(
        await ctx.api.post("/collectors", hostedBody("n".repeat(129))),
        400,
        "CollectorNameTooLong",
      );
      expectOk(
        await ctx.api.post("/collectors", hostedBody("d1", { description: "d".repeat(1024) })),
        201,
      );
      expectError(
        await ctx.api.post("/collectors", hostedBody("d2", { description: "d".repeat(1025) })),
        400,
        "CollectorDescriptionTooLong",
      );
      expectOk(
        await ctx.api.post("/collectors", hostedBody("h1", { hostName: "h".repeat(128) })),
        201,
      );
      expectError(
        await ctx.api.post("/collectors", hostedBody("h2", { hostName: "h".repeat(129) })),
        400,
      );
    });

    it("refuses a time zone that is not a tz database name", async () => {
      expectError(
        await ctx.api.post("/collectors", hostedBody("tz", { timeZone: "Mars/Olympus_Mons" })),
        400,
      );
      expectError(
        await ctx.api.post("/collectors", hostedBody("tz2", { timeZone: "not a zone" })),
        400,
      );
    });

    it("refuses wrong field types with 400", async () => {
      expectError(await ctx.api.post("/collectors", hostedBody("t1", { ephemeral: "yes" })), 400);
      expectError(
        await ctx.api.post("/collectors", hostedBody("t2", { cutoffTimestamp: "soon" })),
        400,
      );
      expectError(await ctx.api.post("/collectors", hostedBody("t3", { fields: [1, 2] })), 400);
      expectError(await ctx.api.post("/collectors", hostedBody("t4", { targetCpu: "high" })), 400);
      expectError(
        await ctx.api.post("/collectors", {
          collector: { collectorType: "Hosted", name: 42, ephemeral: false },
        }),
        400,
      );
    });
  });

  describe("read (GET /collectors/{id})", () => {
    it("returns the collector with the same quoted ETag as the create", async () => {
      const created = await ctx.api.post("/collectors", hostedBody("reader"));
      const c = created.json.collector;
      const res = await ctx.api.get(`/collectors/${c.id}`);
      const got = expectOk(res).collector;
      expect(withoutTransient(got)).toEqual(withoutTransient(c));
      expect(etagOf(res)).toBe(etagOf(created));
    });

    it("answers 404 InvalidCollector for an unknown id", async () => {
      expectError(await ctx.api.get("/collectors/987654321"), 404, "InvalidCollector");
    });

    it("answers a 4xx envelope for non-integer ids", async () => {
      for (const bad of ["abc", "1.5", "-1", "99999999999999999999999"]) {
        const res = await ctx.api.get(`/collectors/${bad}`);
        expect(res.status, bad).toBeGreaterThanOrEqual(400);
        expect(res.status, bad).toBeLessThan(500);
        expectError(res, res.status);
      }
    });

    it("accepts GET and DELETE with Content-Type application/json and an empty body", async () => {
      const c = await createHosted(ctx.api, "ct");
      expectOk(await ctx.api.get(`/collectors/${c.id}`, { contentType: "application/json" }));
      expectOk(await ctx.api.get(`/collectors/${c.id}`, { contentType: null }));
      expectOk(await ctx.api.get("/collectors", { contentType: "application/json", rawBody: "" }));
      const del = await ctx.api.delete(`/collectors/${c.id}`, {
        contentType: "application/json",
        rawBody: "",
      });
      expect(del.status, del.text).toBe(200);
    });
  });

  describe("routing and envelopes", () => {
    it("answers 405 method.unsupported for an unsupported method on a known path", async () => {
      const c = await createHosted(ctx.api, "methods");
      expectError(
        await ctx.api.call("/collectors", { method: "PATCH", body: {} }),
        405,
        "method.unsupported",
      );
      expectError(
        await ctx.api.call(`/collectors/${c.id}`, { method: "PATCH", body: {} }),
        405,
        "method.unsupported",
      );
      expectError(
        await ctx.api.post(`/collectors/${c.id}`, hostedBody("x")),
        405,
        "method.unsupported",
      );
      expectError(
        await ctx.api.put("/collectors", hostedBody("x"), '"x"'),
        405,
        "method.unsupported",
      );
    });

    it("answers 404 notfound for an unknown endpoint", async () => {
      expectError(await ctx.api.get("/nothing/here"), 404, "notfound");
      expectError(await ctx.api.get("/collectors/1/sources/2/extra"), 404, "notfound");
    });

    it("gives every error occurrence its own id", async () => {
      const a = await ctx.api.get("/collectors/987654321");
      const b = await ctx.api.get("/collectors/987654321");
      expectError(a, 404);
      expectError(b, 404);
      expect(a.json.id).not.toBe(b.json.id);
    });
  });

  describe("list (GET /collectors)", () => {
    it("lists in the collectors envelope, empty at first", async () => {
      expect(expectOk(await ctx.api.get("/collectors"))).toEqual({ collectors: [] });
    });

    it("filters installed, hosted, alive and dead", async () => {
      const h = await createHosted(ctx.api, "hosted-1");
      const dead = await ctx.control.register({ name: "inst-dead" });
      await ctx.control.advance(31 * 60 * 1000);
      const alive = await ctx.control.register({ name: "inst-alive" });
      const list = async (filter: string) =>
        ids(expectOk(await ctx.api.get(`/collectors?filter=${filter}`)).collectors);
      expect(ids(expectOk(await ctx.api.get("/collectors")).collectors)).toEqual(
        ids([h, dead, alive]),
      );
      expect(await list("installed")).toEqual(ids([dead, alive]));
      expect(await list("hosted")).toEqual([h.id]);
      const a = await list("alive");
      expect(a).toContain(alive.id);
      expect(a).not.toContain(dead.id);
      const d = await list("dead");
      expect(d).toContain(dead.id);
      expect(d).not.toContain(alive.id);
    });

    it("pages with limit and offset without overlap or gaps", async () => {
      for (let i = 0; i < 7; i++) await createHosted(ctx.api, `page-${i}`);
      const all = expectOk(await ctx.api.get("/collectors")).collectors;
      expect(all).toHaveLength(7);
      const pages = [];
      for (let offset = 0; offset < 7; offset += 3) {
        const page = expectOk(await ctx.api.get(`/collectors?limit=3&offset=${offset}`)).collectors;
        expect(page.length).toBeLessThanOrEqual(3);
        pages.push(...page);
      }
      expect(pages.map((c: { id: number }) => c.id)).toEqual(all.map((c: { id: number }) => c.id));
      expect(expectOk(await ctx.api.get("/collectors?offset=7")).collectors).toEqual([]);
    });

    it("refuses negative or non-integer limit and offset, and an unknown filter, with 400", async () => {
      for (const q of ["limit=-1", "offset=-5", "limit=abc", "offset=1.5", "filter=zombie"]) {
        const res = await ctx.api.get(`/collectors?${q}`);
        expectError(res, 400);
      }
    });

    it("ignores unknown query parameters", async () => {
      await createHosted(ctx.api, "q");
      expect(expectOk(await ctx.api.get("/collectors?foo=bar&x=1")).collectors).toHaveLength(1);
    });

    it("returns at most 1000 by default", { timeout: 120_000 }, async () => {
      const total = 1003;
      const names = Array.from({ length: total }, (_, i) => `bulk-${i}`);
      for (let i = 0; i < names.length; i += 25) {
        await Promise.all(
          names.slice(i, i + 25).map((n) => ctx.api.post("/collectors", hostedBody(n))),
        );
      }
      expect(expectOk(await ctx.api.get("/collectors")).collectors).toHaveLength(1000);
      expect(expectOk(await ctx.api.get("/collectors?offset=1000")).collectors).toHaveLength(3);
      expect(expectOk(await ctx.api.get("/collectors?limit=2000")).collectors).toHaveLength(total);
    });
  });

  describe("get by name (GET /collectors/name/{name})", () => {
    it("finds a plain name", async () => {
      const c = await createHosted(ctx.api, "plain");
      expect(expectOk(await ctx.api.get("/collectors/name/plain")).collector.id).toBe(c.id);
    });

    it("finds a name with spaces encoded as %20", async () => {
      const c = await createHosted(ctx.api, "my web collector");
      expect(
        expectOk(await ctx.api.get("/collectors/name/my%20web%20collector")).collector.id,
      ).toBe(c.id);
    });

    it("finds a name with a period given a trailing slash", async () => {
      const c = await createHosted(ctx.api, "app.v1.prod");
      expect(expectOk(await ctx.api.get("/collectors/name/app.v1.prod/")).collector.id).toBe(c.id);
    });

    it.each([
      "a+b",
      "ünïcödé",
      "a&b=c",
      "a,b'c(d)",
      "constructor",
      "__proto__",
      "with space.and.period",
    ])("finds the name %j when URL-encoded", async (name) => {
      const c = await createHosted(ctx.api, name);
      const path = `/collectors/name/${encodeURIComponent(name)}${name.includes(".") ? "/" : ""}`;
      expect(expectOk(await ctx.api.get(path)).collector.id).toBe(c.id);
    });

    it("carries the same ETag as a GET by id", async () => {
      const c = await createHosted(ctx.api, "etag-by-name");
      const byName = await ctx.api.get("/collectors/name/etag-by-name");
      expect(etagOf(byName)).toBe(etagOf(await ctx.api.get(`/collectors/${c.id}`)));
    });

    it("answers 404 for an unknown name and a 4xx for unsupported characters", async () => {
      expectError(await ctx.api.get("/collectors/name/nobody"), 404);
      for (const raw of ["a%2Fb", "a%3Bb", "a%25b", "a%5Cb"]) {
        const res = await ctx.api.get(`/collectors/name/${raw}`);
        expect(res.status, raw).toBeGreaterThanOrEqual(400);
        expect(res.status, raw).toBeLessThan(500);
      }
    });
  });

  describe("update (PUT /collectors/{id})", () => {
    async function fetchWithEtag(id: number) {
      const res = await ctx.api.get(`/collectors/${id}`);
      return { c: expectOk(res).collector, etag: etagOf(res) };
    }

    it("updates with the quoted ETag, and the ETag changes on every modification", async () => {
      const created = await createHosted(ctx.api, "upd");
      const { c, etag } = await fetchWithEtag(created.id);
      const res = await ctx.api.put(
        `/collectors/${c.id}`,
        { collector: { ...c, description: "first", category: "cat" } },
        etag,
      );
      const updated = expectOk(res).collector;
      expect(updated).toMatchObject({
        id: c.id,
        name: "upd",
        description: "first",
        category: "cat",
      });
      const etag2 = etagOf(res);
      expect(etag2).not.toBe(etag);
      const again = await fetchWithEtag(c.id);
      expect(again.etag).toBe(etag2);
      expect(again.c.description).toBe("first");
      const res3 = await ctx.api.put(
        `/collectors/${c.id}`,
        { collector: { ...again.c, description: "second", name: "upd-renamed", timeZone: "UTC" } },
        etag2,
      );
      expect(expectOk(res3).collector).toMatchObject({
        name: "upd-renamed",
        description: "second",
      });
      expect(etagOf(res3)).not.toBe(etag2);
      expect(etagOf(res3)).not.toBe(etag);
    });

    it("answers 403 without If-Match and leaves the collector alone", async () => {
      const c = await createHosted(ctx.api, "no-if-match");
      expectError(
        await ctx.api.put(`/collectors/${c.id}`, { collector: { ...c, description: "x" } }),
        403,
      );
      expect((await fetchWithEtag(c.id)).c.description ?? null).toBeNull();
    });

    it("answers 412 with a stale If-Match", async () => {
      const c0 = await createHosted(ctx.api, "stale");
      const { c, etag } = await fetchWithEtag(c0.id);
      expectOk(
        await ctx.api.put(`/collectors/${c.id}`, { collector: { ...c, description: "v2" } }, etag),
      );
      expectError(
        await ctx.api.put(`/collectors/${c.id}`, { collector: { ...c, description: "v3" } }, etag),
        412,
      );
      expectError(
        await ctx.api.put(
          `/collectors/${c.id}`,
          { collector: c },
          '"00000000000000000000000000000000"',
        ),
        412,
      );
      expect((await fetchWithEtag(c.id)).c.description).toBe("v2");
    });

    it("refuses an unquoted If-Match", async () => {
      const c0 = await createHosted(ctx.api, "unquoted");
      const { c, etag } = await fetchWithEtag(c0.id);
      const res = await ctx.api.put(
        `/collectors/${c.id}`,
        { collector: { ...c, description: "x" } },
        etag.slice(1, -1),
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectError(res, res.status);
    });

    it("answers 404 InvalidCollector for an unknown id", async () => {
      const res = await ctx.api.put(
        "/collectors/987654321",
        { collector: { id: 987654321, collectorType: "Hosted", name: "ghost", ephemeral: false } },
        '"00000000000000000000000000000000"',
      );
      expectError(res, 404, "InvalidCollector");
    });

    it("requires every required field", async () => {
      const c0 = await createHosted(ctx.api, "required");
      const { c, etag } = await fetchWithEtag(c0.id);
      const { name, ...noName } = c;
      expectError(await ctx.api.put(`/collectors/${c.id}`, { collector: noName }, etag), 400);
      const { ephemeral, ...noEphemeral } = c;
      expectError(await ctx.api.put(`/collectors/${c.id}`, { collector: noEphemeral }, etag), 400);
      expectError(await ctx.api.put(`/collectors/${c.id}`, c, etag), 400);
    });

    it("refuses a change to a not-modifiable field", async () => {
      const c0 = await createHosted(ctx.api, "fixed");
      const { c, etag } = await fetchWithEtag(c0.id);
      expectError(
        await ctx.api.put(
          `/collectors/${c.id}`,
          { collector: { ...c, collectorType: "Installable" } },
          etag,
        ),
        400,
      );
      const otherId = c.id + 1000;
      expectError(
        await ctx.api.put(`/collectors/${c.id}`, { collector: { ...c, id: otherId } }, etag),
        400,
      );
      const after = await fetchWithEtag(c.id);
      expect(after.etag).toBe(etag);
    });

    it("refuses a rename onto an existing name with DuplicateResourceName", async () => {
      await createHosted(ctx.api, "taken");
      const c0 = await createHosted(ctx.api, "mine");
      const { c, etag } = await fetchWithEtag(c0.id);
      expectError(
        await ctx.api.put(`/collectors/${c.id}`, { collector: { ...c, name: "taken" } }, etag),
        400,
        "DuplicateResourceName",
      );
    });

    it("checks lengths and the time zone on update too", async () => {
      const c0 = await createHosted(ctx.api, "lengths");
      const { c, etag } = await fetchWithEtag(c0.id);
      const put = (patch: object) =>
        ctx.api.put(`/collectors/${c.id}`, { collector: { ...c, ...patch } }, etag);
      expectError(await put({ name: "n".repeat(129) }), 400, "CollectorNameTooLong");
      expectError(await put({ description: "d".repeat(1025) }), 400, "CollectorDescriptionTooLong");
      expectError(await put({ hostName: "h".repeat(129) }), 400);
      expectError(await put({ timeZone: "Nowhere/Land" }), 400);
    });

    it("updates an Installed Collector's modifiable fields but not its OS fields", async () => {
      const inst = await ctx.control.register({ name: "inst-upd", hostName: "box-1" });
      const { c, etag } = await fetchWithEtag(inst.id);
      const res = await ctx.api.put(
        `/collectors/${c.id}`,
        { collector: { ...c, description: "edited", ephemeral: true, targetCpu: 20 } },
        etag,
      );
      const u = expectOk(res).collector;
      expect(u).toMatchObject({
        collectorType: "Installable",
        description: "edited",
        ephemeral: true,
        targetCpu: 20,
      });
      const next = await fetchWithEtag(c.id);
      expectError(
        await ctx.api.put(
          `/collectors/${c.id}`,
          { collector: { ...next.c, osName: "Windows" } },
          next.etag,
        ),
        400,
      );
    });
  });

  describe("delete (DELETE /collectors/{id})", () => {
    it("deletes: 200 without a body, then 404", async () => {
      const c = await createHosted(ctx.api, "gone");
      const res = await ctx.api.delete(`/collectors/${c.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe("");
      expectError(await ctx.api.get(`/collectors/${c.id}`), 404, "InvalidCollector");
      expect(expectOk(await ctx.api.get("/collectors")).collectors).toEqual([]);
      // the name is free again
      await createHosted(ctx.api, "gone");
    });

    it("answers 404 InvalidCollector for an unknown id", async () => {
      expectError(await ctx.api.delete("/collectors/987654321"), 404, "InvalidCollector");
    });

    it("deletes an Installed Collector", async () => {
      const inst = await ctx.control.register({ name: "inst-del" });
      expect((await ctx.api.delete(`/collectors/${inst.id}`)).status).toBe(200);
      expectError(await ctx.api.get(`/collectors/${inst.id}`), 404, "InvalidCollector");
    });
  });

  describe("offline collectors (GET and DELETE /collectors/offline)", () => {
    it("lists Installed Collectors last seen before aliveBeforeDays (default 100)", async () => {
      const h = await createHosted(ctx.api, "hosted-offline");
      const old = await ctx.control.register({ name: "very-old" });
      await ctx.control.advance(60 * DAY);
      const mid = await ctx.control.register({ name: "mid" });
      await ctx.control.advance(41 * DAY);
      const fresh = await ctx.control.register({ name: "fresh" });
      // old: 101 days, mid: 41 days, fresh: 0 days
      expect(ids(expectOk(await ctx.api.get("/collectors/offline")).collectors)).toEqual([old.id]);
      const d30 = ids(
        expectOk(await ctx.api.get("/collectors/offline?aliveBeforeDays=30")).collectors,
      );
      expect(d30).toEqual(ids([old, mid]));
      expect(d30).not.toContain(h.id);
      expect(d30).not.toContain(fresh.id);
      const d1 = ids(
        expectOk(await ctx.api.get("/collectors/offline?aliveBeforeDays=1")).collectors,
      );
      expect(d1).toEqual(ids([old, mid]));
    });

    it("pages the offline list", async () => {
      for (let i = 0; i < 4; i++) await ctx.control.register({ name: `off-${i}` });
      await ctx.control.advance(2 * DAY);
      const all = expectOk(await ctx.api.get("/collectors/offline?aliveBeforeDays=1")).collectors;
      expect(all).toHaveLength(4);
      const p1 = expectOk(
        await ctx.api.get("/collectors/offline?aliveBeforeDays=1&limit=2"),
      ).collectors;
      const p2 = expectOk(
        await ctx.api.get("/collectors/offline?aliveBeforeDays=1&limit=2&offset=2"),
      ).collectors;
      expect(ids([...p1, ...p2])).toEqual(ids(all));
    });

    it("refuses aliveBeforeDays below the minimum of 1", async () => {
      expectError(await ctx.api.get("/collectors/offline?aliveBeforeDays=0"), 400);
      expectError(await ctx.api.get("/collectors/offline?aliveBeforeDays=-3"), 400);
      expectError(await ctx.api.get("/collectors/offline?aliveBeforeDays=x"), 400);
      expectError(await ctx.api.delete("/collectors/offline?aliveBeforeDays=0"), 400);
    });

    it("deletes offline collectors asynchronously: 200 with a message, then gone", async () => {
      const h = await createHosted(ctx.api, "keep-hosted");
      const old = await ctx.control.register({ name: "old-1" });
      const old2 = await ctx.control.register({ name: "old-2" });
      await ctx.control.advance(3 * DAY);
      const fresh = await ctx.control.register({ name: "fresh-1" });
      const res = await ctx.api.delete("/collectors/offline?aliveBeforeDays=2");
      expect(res.status, res.text).toBe(200);
      expect(res.text.length).toBeGreaterThan(0);
      const gone = await eventually(async () => {
        const list = ids(expectOk(await ctx.api.get("/collectors")).collectors);
        return !list.includes(old.id) && !list.includes(old2.id);
      }, 3000);
      expect(gone).toBe(true);
      const list = ids(expectOk(await ctx.api.get("/collectors")).collectors);
      expect(list).toEqual(ids([h, fresh]));
    });

    it("offline delete with the default keeps collectors seen within 100 days", async () => {
      const c = await ctx.control.register({ name: "recent" });
      await ctx.control.advance(50 * DAY);
      expect((await ctx.api.delete("/collectors/offline")).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1200));
      expectOk(await ctx.api.get(`/collectors/${c.id}`));
    });
  });
});
