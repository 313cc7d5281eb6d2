// Races: the spec's invariants hold under concurrent requests — unique names, optimistic
// concurrency with If-Match (exactly one writer wins an ETag), one upgrade task at a time —
// against both store backends.
import { describe, expect, it } from "vitest";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import { BACKENDS, createHosted, createSource, hostedBody, useEmulator } from "./harness";

const N = 16;

describe.each(BACKENDS)("concurrency ($name store)", (backend) => {
  const ctx = useEmulator(backend);

  it("creates one collector out of many concurrent creates with the same name", async () => {
    const results = await Promise.all(
      Array.from({ length: N }, () => ctx.api.post("/collectors", hostedBody("race"))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201))
      expectError(r, 400, "DuplicateResourceName");
    expect(expectOk(await ctx.api.get("/collectors")).collectors).toHaveLength(1);
  });

  it("gives concurrent creates with distinct names distinct ids", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ctx.api.post("/collectors", hostedBody(`many-${i}`))),
    );
    const created = results.map((r) => expectOk(r, 201).collector.id as number);
    expect(new Set(created).size).toBe(40);
    expect(expectOk(await ctx.api.get("/collectors")).collectors).toHaveLength(40);
  });

  it("lets exactly one of many concurrent PUTs with the same ETag win", async () => {
    const c = await createHosted(ctx.api, "contended");
    const read = await ctx.api.get(`/collectors/${c.id}`);
    const etag = etagOf(read);
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        ctx.api.put(
          `/collectors/${c.id}`,
          { collector: { ...read.json.collector, description: `w${i}` } },
          etag,
        ),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expectError(r, 412);
    const after = await ctx.api.get(`/collectors/${c.id}`);
    expect(after.json.collector.description).toBe(winners[0]?.json.collector.description);
    expect(etagOf(after)).toBe(etagOf(winners[0] as (typeof results)[number]));
  });

  it("lets exactly one of many concurrent source PUTs with the same ETag win", async () => {
    const c = await createHosted(ctx.api, "src-contended");
    const s = await createSource(ctx.api, c.id, { sourceType: "HTTP", name: "s" });
    const path = `/collectors/${c.id}/sources/${s.id}`;
    const read = await ctx.api.get(path);
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        ctx.api.put(path, { source: { ...read.json.source, category: `c${i}` } }, etagOf(read)),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expectError(r, 412);
  });

  it("creates one source out of many concurrent creates with the same name", async () => {
    const c = await createHosted(ctx.api, "src-race");
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        ctx.api.post(`/collectors/${c.id}/sources`, {
          source: { sourceType: "HTTP", name: "same" },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201))
      expectError(r, 400, "DuplicateResourceName");
  });

  it("accepts one of many concurrent upgrade tasks for a collector", async () => {
    const c = await ctx.control.register({ name: "up-race" });
    const results = await Promise.all(
      Array.from({ length: N }, () => ctx.api.post("/collectors/upgrades", { collectorId: c.id })),
    );
    expect(results.filter((r) => r.status === 202)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 202))
      expectError(r, 400, "collector.in.upgrading");
  });

  it("deletes once out of many concurrent deletes", async () => {
    const c = await createHosted(ctx.api, "del-race");
    const results = await Promise.all(
      Array.from({ length: N }, () => ctx.api.delete(`/collectors/${c.id}`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 404, "InvalidCollector");
  });

  it("never adds a source to a collector deleted concurrently", async () => {
    const c = await createHosted(ctx.api, "parent");
    const [creates, del] = await Promise.all([
      Promise.all(
        Array.from({ length: N }, (_, i) =>
          ctx.api.post(`/collectors/${c.id}/sources`, {
            source: { sourceType: "HTTP", name: `s${i}` },
          }),
        ),
      ),
      ctx.api.delete(`/collectors/${c.id}`),
    ]);
    expect(del.status).toBe(200);
    for (const r of creates) expect([201, 404]).toContain(r.status);
    expectError(await ctx.api.get(`/collectors/${c.id}/sources`), 404, "InvalidCollector");
    for (const r of creates.filter((r) => r.status === 201)) {
      expectError(await ctx.api.get(`/collectors/${c.id}/sources/${r.json.source.id}`), 404);
    }
    // the name is free and the new collector starts without sources
    const again = await createHosted(ctx.api, "parent");
    expect(expectOk(await ctx.api.get(`/collectors/${again.id}/sources`)).sources).toEqual([]);
  });
});
