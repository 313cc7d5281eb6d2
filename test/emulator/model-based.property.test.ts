// Model-based (fast-check commands): random sequences of collector and source operations run
// against the emulator and against a tiny reference model written from the spec — unique names
// (per account / per collector), 201 / 200 / 403 / 404 / 412 outcomes, ETags that change on every
// modification and never come back, ids never reused, lists equal to the model.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import type { ApiClient } from "../helpers/http";
import { BACKENDS, useEmulator } from "./harness";

interface MSource {
  id: number;
  name: string;
  etag: string;
  category: string | null;
}
interface MCollector {
  id: number;
  name: string;
  etag: string;
  description: string | null;
  sources: MSource[];
}
interface Model {
  collectors: MCollector[];
  deletedIds: number[];
  deletedSources: { collectorId: number; id: number }[];
  /** Every ETag ever handed out, to check none is handed out twice. */
  etags: Set<string>;
}
type Cmd = fc.AsyncCommand<Model, ApiClient>;

const NAMES = ["alpha", "beta", "gamma.v1", "delta ops"];
const SOURCE_NAMES = ["in-a", "in-b", "in.c"];
const TEXT = fc.constantFrom("one", "two", "three", "a longer description");
const MODE = fc.constantFrom("current", "current", "stale", "none") as fc.Arbitrary<
  "current" | "stale" | "none"
>;

const pick = <T>(list: T[], slot: number): T => list[slot % list.length] as T;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const nameUrl = (name: string) =>
  `/collectors/name/${encodeURIComponent(name)}${name.includes(".") ? "/" : ""}`;

function freshEtag(m: Model, etag: string): void {
  expect(m.etags.has(etag), `ETag ${etag} handed out twice`).toBe(false);
  m.etags.add(etag);
}

class CreateCollector implements Cmd {
  constructor(
    readonly name: string,
    readonly description: string,
  ) {}
  check = () => true;
  async run(m: Model, api: ApiClient) {
    const res = await api.post("/collectors", {
      collector: {
        collectorType: "Hosted",
        name: this.name,
        description: this.description,
        ephemeral: false,
      },
    });
    if (m.collectors.some((c) => c.name === this.name)) {
      expectError(res, 400, "DuplicateResourceName");
      return;
    }
    const c = expectOk(res, 201).collector;
    expect([...m.collectors.map((x) => x.id), ...m.deletedIds]).not.toContain(c.id);
    const etag = etagOf(res);
    freshEtag(m, etag);
    m.collectors.push({
      id: c.id,
      name: this.name,
      etag,
      description: this.description,
      sources: [],
    });
  }
  toString = () => `createCollector(${this.name})`;
}

class ReadCollector implements Cmd {
  constructor(readonly slot: number) {}
  check = (m: Readonly<Model>) => m.collectors.length > 0;
  async run(m: Model, api: ApiClient) {
    const mc = pick(m.collectors, this.slot);
    const res = await api.get(`/collectors/${mc.id}`);
    const c = expectOk(res).collector;
    expect(etagOf(res)).toBe(mc.etag);
    expect(c.name).toBe(mc.name);
    expect(c.description ?? null).toBe(mc.description);
    expect(expectOk(await api.get(nameUrl(mc.name))).collector.id).toBe(mc.id);
  }
  toString = () => `readCollector(${this.slot})`;
}

type IfMatchMode = "current" | "stale" | "none";

/** A PUT without If-Match answers 403, one with a stale ETag 412; true when `mode` was one of those. */
async function refusedWithoutFreshEtag(
  api: ApiClient,
  path: string,
  body: unknown,
  mode: IfMatchMode,
): Promise<boolean> {
  if (mode === "none") expectError(await api.put(path, body), 403);
  else if (mode === "stale") {
    expectError(await api.put(path, body, '"ffffffffffffffffffffffffffffffff"'), 412);
  }
  return mode !== "current";
}

class UpdateCollector implements Cmd {
  constructor(
    readonly slot: number,
    readonly name: string,
    readonly description: string,
    readonly mode: IfMatchMode,
  ) {}
  check = (m: Readonly<Model>) => m.collectors.length > 0;
  async run(m: Model, api: ApiClient) {
    const mc = pick(m.collectors, this.slot);
    const got = expectOk(await api.get(`/collectors/${mc.id}`)).collector;
    const body = { collector: { ...got, name: this.name, description: this.description } };
    const path = `/collectors/${mc.id}`;
    if (await refusedWithoutFreshEtag(api, path, body, this.mode)) return;
    const res = await api.put(path, body, mc.etag);
    if (this.name !== mc.name && m.collectors.some((c) => c.name === this.name)) {
      expectError(res, 400, "DuplicateResourceName");
      return;
    }
    const c = expectOk(res).collector;
    expect(c).toMatchObject({ id: mc.id, name: this.name, description: this.description });
    const etag = etagOf(res);
    const unchanged = this.name === mc.name && this.description === mc.description;
    if (!unchanged || etag !== mc.etag) freshEtag(m, etag);
    const old = mc.etag;
    mc.etag = etag;
    mc.name = this.name;
    mc.description = this.description;
    if (etag !== old) {
      // the previous ETag is stale now
      expectError(await api.put(path, body, old), 412);
    }
  }
  toString = () => `updateCollector(${this.slot}, ${this.name}, ${this.mode})`;
}

class DeleteCollector implements Cmd {
  constructor(readonly slot: number) {}
  check = (m: Readonly<Model>) => m.collectors.length > 0;
  async run(m: Model, api: ApiClient) {
    const mc = pick(m.collectors, this.slot);
    const res = await api.delete(`/collectors/${mc.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe("");
    m.collectors = m.collectors.filter((c) => c.id !== mc.id);
    m.deletedIds.push(mc.id);
  }
  toString = () => `deleteCollector(${this.slot})`;
}

class TouchDeleted implements Cmd {
  constructor(readonly slot: number) {}
  check = (m: Readonly<Model>) => m.deletedIds.length > 0;
  async run(m: Model, api: ApiClient) {
    const id = pick(m.deletedIds, this.slot);
    expectError(await api.get(`/collectors/${id}`), 404, "InvalidCollector");
    expectError(await api.delete(`/collectors/${id}`), 404, "InvalidCollector");
    expectError(await api.get(`/collectors/${id}/sources`), 404, "InvalidCollector");
  }
  toString = () => `touchDeleted(${this.slot})`;
}

class ListCollectors implements Cmd {
  check = () => true;
  async run(m: Model, api: ApiClient) {
    const want = sorted(m.collectors.map((c) => c.id));
    const all = expectOk(await api.get("/collectors")).collectors as { id: number; name: string }[];
    expect(sorted(all.map((c) => c.id))).toEqual(want);
    const hosted = expectOk(await api.get("/collectors?filter=hosted")).collectors as {
      id: number;
    }[];
    expect(sorted(hosted.map((c) => c.id))).toEqual(want);
    for (const c of all) expect(c.name).toBe(m.collectors.find((x) => x.id === c.id)?.name);
  }
  toString = () => "listCollectors";
}

class CreateSource implements Cmd {
  constructor(
    readonly slot: number,
    readonly name: string,
  ) {}
  check = (m: Readonly<Model>) => m.collectors.length > 0;
  async run(m: Model, api: ApiClient) {
    const mc = pick(m.collectors, this.slot);
    const res = await api.post(`/collectors/${mc.id}/sources`, {
      source: { sourceType: "HTTP", name: this.name },
    });
    if (mc.sources.some((s) => s.name === this.name)) {
      expectError(res, 400, "DuplicateResourceName");
      return;
    }
    const s = expectOk(res, 201).source;
    const etag = etagOf(res);
    freshEtag(m, etag);
    const allSourceIds = m.collectors.flatMap((c) => c.sources.map((x) => x.id));
    expect([...allSourceIds, ...m.deletedSources.map((d) => d.id)]).not.toContain(s.id);
    mc.sources.push({ id: s.id, name: this.name, etag, category: null });
  }
  toString = () => `createSource(${this.slot}, ${this.name})`;
}

class UpdateSource implements Cmd {
  constructor(
    readonly slot: number,
    readonly srcSlot: number,
    readonly category: string,
    readonly mode: IfMatchMode,
  ) {}
  check = (m: Readonly<Model>) => m.collectors.some((c) => c.sources.length > 0);
  async run(m: Model, api: ApiClient) {
    const mc = pick(
      m.collectors.filter((c) => c.sources.length > 0),
      this.slot,
    );
    const ms = pick(mc.sources, this.srcSlot);
    const path = `/collectors/${mc.id}/sources/${ms.id}`;
    const read = await api.get(path);
    expect(etagOf(read)).toBe(ms.etag);
    const body = { source: { ...read.json.source, category: this.category } };
    if (await refusedWithoutFreshEtag(api, path, body, this.mode)) return;
    const res = await api.put(path, body, ms.etag);
    expect(expectOk(res).source).toMatchObject({
      id: ms.id,
      name: ms.name,
      category: this.category,
    });
    const etag = etagOf(res);
    if (this.category !== ms.category || etag !== ms.etag) freshEtag(m, etag);
    ms.etag = etag;
    ms.category = this.category;
  }
  toString = () => `updateSource(${this.slot}, ${this.srcSlot}, ${this.mode})`;
}

class DeleteSource implements Cmd {
  constructor(
    readonly slot: number,
    readonly srcSlot: number,
  ) {}
  check = (m: Readonly<Model>) => m.collectors.some((c) => c.sources.length > 0);
  async run(m: Model, api: ApiClient) {
    const mc = pick(
      m.collectors.filter((c) => c.sources.length > 0),
      this.slot,
    );
    const ms = pick(mc.sources, this.srcSlot);
    const path = `/collectors/${mc.id}/sources/${ms.id}`;
    const res = await api.delete(path);
    expect(res.status, res.text).toBe(200);
    mc.sources = mc.sources.filter((s) => s.id !== ms.id);
    m.deletedSources.push({ collectorId: mc.id, id: ms.id });
    expectError(await api.get(path), 404);
  }
  toString = () => `deleteSource(${this.slot}, ${this.srcSlot})`;
}

class ListSources implements Cmd {
  constructor(readonly slot: number) {}
  check = (m: Readonly<Model>) => m.collectors.length > 0;
  async run(m: Model, api: ApiClient) {
    const mc = pick(m.collectors, this.slot);
    const list = expectOk(await api.get(`/collectors/${mc.id}/sources`)).sources as {
      id: number;
      name: string;
    }[];
    expect(sorted(list.map((s) => s.id))).toEqual(sorted(mc.sources.map((s) => s.id)));
    const dl = expectOk(await api.get(`/collectors/${mc.id}/sources?download=true`));
    expect(dl["api.version"]).toBe("v1");
    expect(dl.sources.map((s: { name: string }) => s.name).sort()).toEqual(
      mc.sources.map((s) => s.name).sort(),
    );
  }
  toString = () => `listSources(${this.slot})`;
}

const slot = fc.nat(20);
const COMMANDS = [
  fc.tuple(fc.constantFrom(...NAMES), TEXT).map(([n, d]) => new CreateCollector(n, d)),
  slot.map((s) => new ReadCollector(s)),
  fc
    .tuple(slot, fc.constantFrom(...NAMES), TEXT, MODE)
    .map(([s, n, d, mode]) => new UpdateCollector(s, n, d, mode)),
  slot.map((s) => new DeleteCollector(s)),
  slot.map((s) => new TouchDeleted(s)),
  fc.constant(new ListCollectors()),
  fc.tuple(slot, fc.constantFrom(...SOURCE_NAMES)).map(([s, n]) => new CreateSource(s, n)),
  fc.tuple(slot, slot, TEXT, MODE).map(([s, t, c, mode]) => new UpdateSource(s, t, c, mode)),
  fc.tuple(slot, slot).map(([s, t]) => new DeleteSource(s, t)),
  slot.map((s) => new ListSources(s)),
];

describe.each(BACKENDS)("model-based collectors and sources ($name store)", (backend) => {
  const ctx = useEmulator(backend);
  const runs = Number(process.env.MODEL_RUNS ?? 25);

  it("behaves like the reference model", { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(COMMANDS, { maxCommands: 40 }), async (cmds) => {
        const setup = async () => {
          await ctx.control.reset();
          const model: Model = {
            collectors: [],
            deletedIds: [],
            deletedSources: [],
            etags: new Set(),
          };
          return { model, real: ctx.api };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: runs, endOnFailure: true },
    );
  });
});
