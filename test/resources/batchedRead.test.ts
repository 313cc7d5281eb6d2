// Refresh through the batcher (provider/api/batch.ts): concurrent reads of one collector's
// sources are one list, collectors' reads a collector list, and the result is what one GET per
// resource gives (same state, same ETags where nothing changed, the service's fresh ETag where
// something did), with failures failing reads, never dropping them.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { lookups } from "../../provider";
import { Runtime } from "../../provider/resources/steps/runtime";
import { stubCredentialsEnv, useService } from "./emulator.helpers";
import { type Props, provider, runtime, TEST_RUNTIME } from "./unit.helpers";

const service = useService();
/** One GET per read: batching off, as before it existed. */
const perObject = new Runtime({ ...TEST_RUNTIME, defaults: { readBatchWindowMs: 0 } });

beforeEach(async () => {
  await service().configure({}, perObject);
});

type Kind = "HostedCollector" | "HttpSource" | "InstalledCollector";
interface Made {
  kind: Kind;
  id: string;
  outs: Props;
}

async function make(kind: Kind, news: Props): Promise<Made> {
  const p = provider(kind);
  const { inputs, failures } = await p.check({}, news);
  expect(failures).toEqual([]);
  const { id, outs } = await p.create(inputs);
  return { kind, id, outs };
}

/** Reads every resource at once, as the engine's refresh does, with a runtime. */
const refresh = (made: Made[], rt: Runtime = runtime) =>
  Promise.all(made.map((m) => provider(m.kind, rt).read(m.id, m.outs)));

const requests = async () =>
  (await service().requests()).map((r) => `${r.method} ${r.path.replace("/api/v1", "")}`);

/** Two collectors with three HTTP sources each. */
async function stack(): Promise<Made[]> {
  const made: Made[] = [];
  for (const c of ["a", "b"]) {
    const collector = await make("HostedCollector", { name: c, description: `${c} logs` });
    made.push(collector);
    for (const s of [1, 2, 3]) {
      made.push(
        await make("HttpSource", {
          collectorId: collector.id,
          name: `${c}${s}`,
          category: `${c}/${s}`,
        }),
      );
    }
  }
  return made;
}

/** A change behind Pulumi's back, through the API with the object's current ETag. */
async function change(path: string, envelope: "collector" | "source", fields: Props) {
  const current = await service().api("GET", path);
  const answer = await service().api(
    "PUT",
    path,
    { [envelope]: { ...current.body[envelope], ...fields } },
    { "if-match": current.etag as string },
  );
  expect(answer.status).toBe(200);
  return answer.etag as string;
}

describe("batched refresh", () => {
  it("reads an unchanged stack with one list per collector and one collector list, keeping every ETag", async () => {
    const made = await stack();
    await service().clearRequests();
    const results = await refresh(made);
    expect((await requests()).sort()).toEqual([
      `GET /collectors`,
      `GET /collectors/${made[0]?.id}/sources`,
      `GET /collectors/${made[4]?.id}/sources`,
    ]);
    results.forEach((r, i) => {
      expect(r.id).toBe(made[i]?.id);
      expect(r.props?.etag).toBe(made[i]?.outs.etag);
    });
    // Another read phase (the refresh after its preview) lists again: each answer serves once.
    await service().clearRequests();
    await refresh(made);
    expect(await requests()).toHaveLength(3);
  });

  it("reads arriving one after another share one list (the engine reads --parallel at a time)", async () => {
    const made = (await stack()).filter((m) => m.kind === "HttpSource");
    await service().clearRequests();
    for (const m of made) expect((await provider(m.kind).read(m.id, m.outs)).id).toBe(m.id);
    expect((await requests()).sort()).toEqual([
      `GET /collectors/${made[0]?.outs.collectorId}/sources`,
      `GET /collectors/${made[3]?.outs.collectorId}/sources`,
    ]);
  });

  it("a collector alone in its window is one GET", async () => {
    const c = await make("HostedCollector", { name: "alone" });
    await service().clearRequests();
    const [r] = await refresh([c]);
    expect(await requests()).toEqual([`GET /collectors/${c.id}`]);
    expect(r?.props?.etag).toBe(c.outs.etag);
  });

  it("after changes, deletions and additions behind Pulumi's back, gives what one GET per resource gives", async () => {
    const made = await stack();
    const [a, a1, a2, a3, b, b1, b2] = made as Made[];
    const a1Path = `/collectors/${a?.id}/sources/${a1?.id}`;
    const freshA1 = await change(a1Path, "source", { category: "changed/elsewhere" });
    const freshB = await change(`/collectors/${b?.id}`, "collector", { description: "edited" });
    // A change to a field the program does not set: it rides in `unmanaged`.
    await change(`/collectors/${a?.id}/sources/${a3?.id}`, "source", { hostName: "elsewhere" });
    await service().api("DELETE", `/collectors/${a?.id}/sources/${a2?.id}`);
    await service().api("DELETE", `/collectors/${b?.id}/sources/${b2?.id}`);
    await service().api("POST", `/collectors/${b?.id}/sources`, {
      source: { sourceType: "HTTP", name: "added" },
    });
    await service().clearRequests();
    const batched = await refresh(made);
    const batchedRequests = await requests();
    await service().clearRequests();
    const single = await refresh(made, perObject);
    expect(await requests()).toHaveLength(made.length);
    expect(batched).toEqual(single);
    // Gone ones are gone; changed ones carry the service's fresh ETag; unchanged keep theirs.
    expect(batched.map((r) => r.id)).toEqual(made.map((m) => (m === a2 || m === b2 ? "" : m.id)));
    expect(batched[1]?.props).toMatchObject({ category: "changed/elsewhere", etag: freshA1 });
    expect(batched[4]?.props).toMatchObject({ description: "edited", etag: freshB });
    expect(batched[5]?.props?.etag).toBe(b1?.outs.etag);
    // 3 lists, then one GET for each changed object (for its ETag) and each missing one (its 404).
    expect(batchedRequests).toHaveLength(3 + 3 + 2);
    expect(
      batchedRequests.filter((r) => r.endsWith("/sources") || r === "GET /collectors"),
    ).toHaveLength(3);
  });

  it("a source whose collector is gone is gone, from the list's 404", async () => {
    const made = await stack();
    await service().api("DELETE", `/collectors/${made[0]?.id}`);
    await service().clearRequests();
    const results = await refresh(made.slice(1, 4));
    expect(results).toEqual([{ id: "" }, { id: "" }, { id: "" }]);
    expect(await requests()).toEqual([`GET /collectors/${made[0]?.id}/sources`]);
  });

  for (const kind of ["503", "429"] as const) {
    it(`a list failing with ${kind} fails every read it serves and drops none`, async () => {
      const made = await stack();
      await service().fault({ kind, path: "^/collectors(/[0-9]+/sources)?$" });
      const results = await Promise.allSettled(
        made.map((m) => provider(m.kind).read(m.id, m.outs)),
      );
      for (const r of results) {
        expect(r.status).toBe("rejected");
        expect(String((r as PromiseRejectedResult).reason)).toMatch(
          kind === "503" ? /503/ : /429|rate limit/i,
        );
      }
      await service().clearFaults();
      // Nothing was taken for gone: the next refresh finds everything.
      const after = await refresh(made);
      expect(after.map((r) => r.id)).toEqual(made.map((m) => m.id));
    });
  }

  it("an update after a batched refresh still meets 412 for a change made after the refresh", async () => {
    const made = await stack();
    const [a, a1, a2] = made as Made[];
    const [, r1, r2] = await refresh(made);
    // Nothing changed: the kept ETag is the service's, so an update goes through in one PUT.
    const source = provider("HttpSource");
    const news = { collectorId: a?.id, name: "a1", category: "mine" };
    await service().clearRequests();
    const { outs } = await source.update(a1?.id as string, r1?.props as Props, news);
    expect(outs.category).toBe("mine");
    expect((await service().requests()).map((r) => `${r.method} ${r.status}`)).toEqual(["PUT 200"]);
    // Changed after the refresh: 412, and the update fails as a conflict.
    await change(`/collectors/${a?.id}/sources/${a2?.id}`, "source", { category: "theirs" });
    await expect(
      source.update(a2?.id as string, r2?.props as Props, {
        collectorId: a?.id,
        name: "a2",
        category: "mine",
      }),
    ).rejects.toThrow(/was changed outside Pulumi since it was last read/);
  });

  it("a write elsewhere that changed nothing: the refresh keeps the old tag, the update still goes through", async () => {
    const made = await stack();
    const [a, a1] = made as Made[];
    // The same content written back moves the ETag (the service does so on every write).
    const moved = await change(`/collectors/${a?.id}/sources/${a1?.id}`, "source", {});
    expect(moved).not.toBe(a1?.outs.etag);
    const [, r1] = await refresh(made);
    expect(r1?.props?.etag).toBe(a1?.outs.etag); // listed, and as the state saw it
    await service().clearRequests();
    const { outs } = await provider("HttpSource").update(a1?.id as string, r1?.props as Props, {
      collectorId: a?.id,
      name: "a1",
      category: "mine",
    });
    expect(outs.category).toBe("mine");
    // 412 on the old tag, a GET shows nothing changed but the tag, the PUT again with the new one.
    expect((await service().requests()).map((r) => `${r.method} ${r.status}`)).toEqual([
      "PUT 412",
      "GET 200",
      "PUT 200",
    ]);
  });

  it("Installed Collectors are read from the installed list, with the same result as a GET", async () => {
    const ids = [
      (await service().registerInstalled({ name: "host-1" })).id,
      (await service().registerInstalled({ name: "host-2" })).id,
    ];
    const made = [];
    for (const id of ids)
      made.push(await make("InstalledCollector", { adopt: { id }, category: "hosts" }));
    await service().clearRequests();
    const batched = await refresh(made);
    expect(await service().requests()).toMatchObject([
      { method: "GET", path: "/api/v1/collectors" },
    ]);
    expect(batched).toEqual(await refresh(made, perObject));
  });

  it("masked secrets, a Universal source Stopping and sources of a collector in Json mode read as with one GET each", async () => {
    const hosted = await make("HostedCollector", { name: "c2c" });
    const universal = await make("Source" as Kind, {
      collectorId: hosted.id,
      name: "okta",
      sourceType: "Universal",
      passthrough: {
        config: { domain: "example.okta.com", apiKey: "okta-secret-key" },
        schemaRef: { type: "Okta" },
      },
    });
    const stopping = await make("Source" as Kind, {
      collectorId: hosted.id,
      name: "okta-2",
      sourceType: "Universal",
      passthrough: { config: { domain: "two.okta.com" }, schemaRef: { type: "Okta" } },
    });
    const http = await make("HttpSource", { collectorId: hosted.id, name: "events" });
    // The service masks the key on every read; one Universal source is being deleted.
    expect(
      (await service().api("GET", `/collectors/${hosted.id}/sources/${universal.id}`)).body.source
        .config.apiKey,
    ).toBe("********");
    await service().api("DELETE", `/collectors/${hosted.id}/sources/${stopping.id}`);
    // An Installed Collector's source, then the collector switches to Json mode.
    const host = await service().registerInstalled({ name: "json-host" });
    const file = await make("LocalFileSource" as Kind, {
      collectorId: host.id,
      name: "f",
      pathExpression: "/var/log/*.log",
    });
    const current = await service().api("GET", `/collectors/${host.id}`);
    await service().api(
      "PUT",
      `/collectors/${host.id}`,
      { collector: { ...current.body.collector, sourceSyncMode: "Json" } },
      { "if-match": current.etag as string },
    );
    const made = [universal, stopping, http, file];
    const batched = await refresh(made);
    expect(batched).toEqual(await refresh(made, perObject));
    expect(batched.map((r) => r.id)).toEqual(made.map((m) => m.id));
    expect(batched[0]?.props?.etag).toBe(universal.outs.etag);
    expect(batched[0]?.props?.passthrough).toEqual(universal.outs.passthrough);
    const listed = await service().api("GET", `/collectors/${hosted.id}/sources`);
    expect(listed.body.sources[1]).toMatchObject({
      id: Number(stopping.id),
      state: { state: "Stopping" },
    });
  });
});

describe("batched look-ups", () => {
  it("adoptions of sources by name share one list of their collector, each then read by id", async () => {
    const c = await make("HostedCollector", { name: "legacy" });
    const ids: number[] = [];
    for (const name of ["x", "y", "z"]) {
      ids.push(
        (
          await service().api("POST", `/collectors/${c.id}/sources`, {
            source: { sourceType: "HTTP", name },
          })
        ).body.source.id,
      );
    }
    await service().clearRequests();
    const adopted = await Promise.all(
      ["x", "y", "z"].map((name) => make("HttpSource", { collectorId: c.id, adopt: { name } })),
    );
    expect(adopted.map((a) => Number(a.id))).toEqual(ids);
    expect((await requests()).sort()).toEqual([
      `GET /collectors/${c.id}/sources`,
      ...ids.map((id) => `GET /collectors/${c.id}/sources/${id}`),
    ]);
    for (const a of adopted) expect(a.outs.etag).toMatch(/^"[0-9a-f]{32}"$/);
    // A name the list does not have: listed again (it may be new), then refused.
    await expect(
      make("HttpSource", { collectorId: c.id, adopt: { name: "nope" } }),
    ).rejects.toThrow(/nope/);
  });

  it("getSource and getCollector at the same moment share lists", async () => {
    stubCredentialsEnv(service());
    try {
      const { getCollector, getSource } = lookups(TEST_RUNTIME);
      const made = await stack();
      const sources = made.filter((m) => m.kind === "HttpSource");
      await service().clearRequests();
      const found = await Promise.all([
        ...sources.map((m) => getSource({ collectorId: m.outs.collectorId as number, id: m.id })),
        getSource({ collectorId: made[0]?.id as string, name: "a2" }),
        getCollector({ id: made[0]?.id as string }),
        getCollector({ id: made[4]?.id as string }),
      ]);
      expect(found.map((f) => f.name)).toEqual([
        "a1",
        "a2",
        "a3",
        "b1",
        "b2",
        "b3",
        "a2",
        "a",
        "b",
      ]);
      expect(await requests()).toHaveLength(3);
      await expect(getSource({ collectorId: made[0]?.id as string, id: 1 })).rejects.toThrow(
        `collector ${made[0]?.id} has no source with id 1`,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
