// Crash safety: `collectors serve --data DIR` killed with SIGKILL in the middle of many
// concurrent writes restarts cleanly on the same folder, and every acknowledged (2xx) write —
// creates and deletes of collectors and sources — is there after the restart.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectOk } from "../helpers/envelope";
import { ApiClient, type Credentials } from "../helpers/http";
import { hostedBody, tempDir } from "./harness";
import { ensureBuilt, type ServeProcess, startServe } from "./serve-process";

const CREDS: Credentials = { accessId: "suCrashTest0001", accessKey: "crash-test-key-0001" };

interface Ledger {
  collectors: Map<number, string>; // acknowledged creates: id → name
  sources: Map<string, string>; // "collectorId/sourceId" → name
  deletedCollectors: Set<number>; // acknowledged deletes
  /** Every delete sent: one the kill cut off may or may not have been committed. */
  deleteAttempts: Set<number>;
  /** Description updates per collector, in order; `acked` holds the answered ETag. */
  updates: Map<number, { description: string; acked?: string }[]>;
}

describe("crash in the middle of writes", () => {
  const dataDir = tempDir("collectors-crash-");
  let proc: ServeProcess | undefined;

  beforeAll(() => ensureBuilt(), 180_000);
  afterAll(async () => {
    if (proc && proc.child.exitCode === null && proc.child.signalCode === null) {
      proc.child.kill("SIGKILL");
      await proc.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function serve(): Promise<ApiClient> {
    proc = await startServe([
      "--port",
      "0",
      "--data",
      dataDir,
      "--rate-limit",
      "0",
      "--max-concurrent",
      "0",
      "--auth-per-minute",
      "0",
      "--access-id",
      CREDS.accessId,
      "--access-key",
      CREDS.accessKey,
    ]);
    return new ApiClient(proc.url, CREDS);
  }

  /** Fires writes with `concurrency` in flight and SIGKILLs the server after `killAfter` acks. */
  async function storm(api: ApiClient, round: number, ledger: Ledger, killAfter: number) {
    const live = [...ledger.collectors.keys()].filter((id) => !ledger.deleteAttempts.has(id));
    // disjoint pools, so that an update never races a delete of the same collector
    const parents = live.filter((_, k) => k % 2 === 0);
    const toUpdate = live.filter((_, k) => k % 2 === 1);
    let acks = 0;
    let killed = false;
    let next = 0;
    const total = 2000;
    const kill = () => {
      if (!killed) {
        killed = true;
        proc?.child.kill("SIGKILL");
      }
    };
    const one = async (i: number) => {
      const kind = i % 5;
      try {
        if (kind === 3 && parents.length > 0) {
          const parent = parents[i % parents.length] as number;
          const name = `r${round}-src-${i}`;
          const res = await api.post(`/collectors/${parent}/sources`, {
            source: { sourceType: "HTTP", name },
          });
          if (res.status === 201) ledger.sources.set(`${parent}/${res.json.source.id}`, name);
          else if (res.status !== 404) throw new Error(`source create: ${res.status} ${res.text}`);
        } else if (kind === 4 && toUpdate.length > 0 && i % 10 === 9) {
          const id = toUpdate.shift() as number;
          const read = await api.get(`/collectors/${id}`);
          const etag = read.headers.etag as string;
          const description = `r${round}-d-${i}`;
          const history = ledger.updates.get(id) ?? [];
          ledger.updates.set(id, history);
          const attempt: { description: string; acked?: string } = { description };
          history.push(attempt);
          const res = await api.put(
            `/collectors/${id}`,
            { collector: { ...read.json.collector, description } },
            etag,
          );
          if (res.status === 200) attempt.acked = res.headers.etag as string;
          else throw new Error(`update: ${res.status} ${res.text}`);
        } else if (kind === 4 && parents.length > 0 && i % 10 === 4) {
          const victim = parents.pop() as number;
          ledger.deleteAttempts.add(victim);
          const res = await api.delete(`/collectors/${victim}`);
          if (res.status === 200) ledger.deletedCollectors.add(victim);
          else throw new Error(`delete: ${res.status} ${res.text}`);
        } else {
          const name = `r${round}-c-${i}`;
          const res = await api.post("/collectors", hostedBody(name));
          if (res.status === 201) ledger.collectors.set(res.json.collector.id, name);
          else throw new Error(`create: ${res.status} ${res.text}`);
        }
        acks++;
        if (acks >= killAfter) kill();
      } catch (err) {
        // after the kill, failures are expected: the outcome of those requests is unknown
        if (!killed) throw err;
      }
    };
    const worker = async () => {
      while (!killed && next < total) await one(next++);
    };
    await Promise.all(Array.from({ length: 24 }, worker));
    expect(killed, "the server was killed mid-way").toBe(true);
    const exit = await proc?.exited;
    expect(exit?.signal).toBe("SIGKILL");
  }

  async function verify(api: ApiClient, ledger: Ledger) {
    const list = expectOk(await api.get("/collectors?limit=100000")).collectors as {
      id: number;
      name: string;
    }[];
    const listed = new Map(list.map((c) => [c.id, c.name]));
    expect(listed.size, "no duplicate ids").toBe(list.length);
    expect(new Set(list.map((c) => c.name)).size, "no duplicate names").toBe(list.length);
    for (const [id, name] of ledger.collectors) {
      if (ledger.deletedCollectors.has(id)) {
        expect(listed.has(id), `acknowledged delete of ${id} persisted`).toBe(false);
      } else if (!ledger.deleteAttempts.has(id)) {
        expect(listed.get(id), `acknowledged create of ${id} (${name}) persisted`).toBe(name);
      }
    }
    for (const [id, history] of ledger.updates) {
      if (ledger.deleteAttempts.has(id)) continue;
      const res = await api.get(`/collectors/${id}`);
      const got = expectOk(res).collector.description ?? null;
      const lastAck = history.map((h) => h.acked !== undefined).lastIndexOf(true);
      const allowed = history.slice(Math.max(lastAck, 0)).map((h) => h.description);
      if (lastAck < 0) allowed.push(null as unknown as string);
      expect(allowed, `acknowledged update of ${id} persisted`).toContain(got);
      const acked = history[lastAck];
      if (acked && got === acked.description) expect(res.headers.etag).toBe(acked.acked);
    }
    const byCollector = new Map<string, Set<string>>();
    for (const key of ledger.sources.keys()) {
      const [cid] = key.split("/");
      if (!cid || ledger.deleteAttempts.has(Number(cid))) continue;
      if (!byCollector.has(cid)) {
        const sources = expectOk(await api.get(`/collectors/${cid}/sources`)).sources as {
          id: number;
        }[];
        byCollector.set(cid, new Set(sources.map((s) => `${cid}/${s.id}`)));
      }
      expect(byCollector.get(cid)?.has(key), `acknowledged source ${key} persisted`).toBe(true);
    }
  }

  it("keeps every acknowledged write across two SIGKILLs", { timeout: 120_000 }, async () => {
    const ledger: Ledger = {
      collectors: new Map(),
      sources: new Map(),
      deletedCollectors: new Set(),
      deleteAttempts: new Set(),
      updates: new Map(),
    };
    let api = await serve();
    await storm(api, 1, ledger, 150);
    expect(ledger.collectors.size).toBeGreaterThan(50);

    api = await serve();
    await verify(api, ledger);
    await storm(api, 2, ledger, 200);
    expect(ledger.sources.size).toBeGreaterThan(10);
    expect(ledger.deletedCollectors.size).toBeGreaterThan(0);
    expect([...ledger.updates.values()].flat().filter((u) => u.acked).length).toBeGreaterThan(0);

    api = await serve();
    await verify(api, ledger);
    // the store is usable: a new write works and survives a clean stop
    const res = await api.post("/collectors", hostedBody("after-crash"));
    const c = expectOk(res, 201).collector;
    expect(ledger.collectors.has(c.id)).toBe(false);
    ledger.collectors.set(c.id, "after-crash");
    proc?.child.kill("SIGTERM");
    const exit = await proc?.exited;
    expect(exit?.code, proc?.output()).toBe(0);

    api = await serve();
    await verify(api, ledger);
  });
});
