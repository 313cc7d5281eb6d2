// The read batcher against a scripted server: what becomes a list, what a list's answer serves,
// paging, and what makes it list again.
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isGone, ReadBatcher } from "../../provider/api";
import { makeClient } from "./helpers/client";
import { type ScriptedServer, sendError, sendJson, startServer } from "./helpers/server";

let server: ScriptedServer;
let collectors: { id: number; name: string }[];
let sources: { id: number; name: string }[];

const collector = (id: number) => ({
  id,
  name: `c${id}`,
  collectorType: "Hosted",
  ephemeral: false,
  alive: true,
  collectorVersion: "",
});

beforeEach(async () => {
  collectors = [1, 2, 3].map(collector);
  sources = [11, 12, 13].map((id) => ({ id, name: `s${id}`, sourceType: "HTTP" }));
  server = await startServer((req, res) => {
    const limit = Number(req.query.get("limit") ?? 1000);
    const offset = Number(req.query.get("offset") ?? 0);
    if (req.method !== "GET") return sendJson(res, 200, {});
    if (req.path === "/collectors") {
      return sendJson(res, 200, { collectors: collectors.slice(offset, offset + limit) });
    }
    let m = /^\/collectors\/(\d+)$/.exec(req.path);
    if (m) {
      const c = collectors.find((x) => x.id === Number(m?.[1]));
      if (!c) return sendError(res, 404, "collectors.collector.invalid");
      return sendJson(res, 200, { collector: c }, { etag: `"c${c.id}"` });
    }
    if (/^\/collectors\/1\/sources$/.test(req.path)) return sendJson(res, 200, { sources });
    m = /^\/collectors\/1\/sources\/(\d+)$/.exec(req.path);
    if (m) {
      const s = sources.find((x) => x.id === Number(m?.[1]));
      if (!s) return sendError(res, 404, "collectors.source.invalid");
      return sendJson(res, 200, { source: s }, { etag: `"s${s.id}"` });
    }
    return sendError(res, 404, "collectors.collector.invalid");
  });
});
afterEach(() => server.close());

const calls = () => server.requests.map((r) => `${r.method} ${r.url.replace("/api/v1", "")}`);

describe("ReadBatcher", () => {
  it("coalesces concurrent source reads into one list; a read alone is no different", async () => {
    const b = new ReadBatcher(makeClient(server.url).client);
    const read = await Promise.all([b.source(1, 11), b.source(1, 13)]);
    expect(read.map((r) => r?.entity.name)).toEqual(["s11", "s13"]);
    expect(read[0]?.etag).toBeUndefined();
    expect(calls()).toEqual(["GET /collectors/1/sources"]);
    // The answer serves the next read of another source of the collector, not a second of one.
    expect((await b.source(1, 12))?.entity.name).toBe("s12");
    expect(calls()).toHaveLength(1);
    await b.source(1, 11);
    expect(calls()).toEqual(["GET /collectors/1/sources", "GET /collectors/1/sources"]);
  });

  it("a collector alone in its window is one GET with its ETag; several are one list", async () => {
    const b = new ReadBatcher(makeClient(server.url).client);
    expect(await b.collector(2, "hosted")).toEqual({ entity: collector(2), etag: '"c2"' });
    await Promise.all([b.collector(1, "hosted"), b.collector(3, "hosted")]);
    expect(calls()).toEqual([
      "GET /collectors/2",
      "GET /collectors?filter=hosted&limit=1000&offset=0",
    ]);
  });

  it("once a list came in one page, a collector alone is listed too, and the list serves the others", async () => {
    // A refresh's second pass: its first collector read arrives alone on an idle pacer, the
    // others later, each after the last one's batch has closed.
    const b = new ReadBatcher(makeClient(server.url).client);
    await Promise.all([1, 2, 3].map((id) => b.collector(id, "hosted")));
    for (const id of [2, 1, 3]) {
      expect((await b.collector(id, "hosted")).entity.id).toBe(id);
    }
    expect(calls()).toEqual([
      "GET /collectors?filter=hosted&limit=1000&offset=0",
      "GET /collectors?filter=hosted&limit=1000&offset=0",
    ]);
  });

  it("a batch stays open until its request may start: reads arriving meanwhile join it", async () => {
    const b = new ReadBatcher(makeClient(server.url, { limits: {} }).client);
    const sourceRead = b.source(1, 11); // takes the pacer's start slot
    const reads = [];
    // Each collector's read comes after the last one's window; the first waits for the next
    // start slot (255 ms after the source list's), and the other two join it meanwhile.
    for (const id of [1, 2, 3]) {
      await sleep(40);
      reads.push(b.collector(id, "hosted"));
    }
    const read = await Promise.all(reads);
    await sourceRead;
    expect(read.map((r) => r.entity.id)).toEqual([1, 2, 3]);
    expect(calls()).toEqual([
      "GET /collectors/1/sources",
      "GET /collectors?filter=hosted&limit=1000&offset=0",
    ]);
  });

  it("pages a collector list until it has found every collector asked for", async () => {
    collectors = Array.from({ length: 2500 }, (_, i) => collector(i + 1));
    const b = new ReadBatcher(makeClient(server.url).client);
    const read = await Promise.all([b.collector(5), b.collector(1500)]);
    expect(read.map((r) => r?.entity.id)).toEqual([5, 1500]);
    // A list of more than a page costs more than a GET: a collector read alone is still one.
    await b.collector(5);
    expect(calls()).toEqual([
      "GET /collectors?limit=1000&offset=0",
      "GET /collectors?limit=1000&offset=1000",
      "GET /collectors/5",
    ]);
  });

  it("what a list lacks is read by id: the service's 404 says gone, nothing else does", async () => {
    const b = new ReadBatcher(makeClient(server.url).client);
    const read = await Promise.allSettled([b.source(1, 11), b.source(1, 99)]);
    expect(read[0]).toMatchObject({ status: "fulfilled", value: { entity: { id: 11 } } });
    expect(read[1]?.status).toBe("rejected");
    expect(isGone((read[1] as PromiseRejectedResult).reason)).toBe(true);
    expect(calls()).toEqual(["GET /collectors/1/sources", "GET /collectors/1/sources/99"]);
  });

  it("a source list answered with the collector's 404 says every source of it is gone", async () => {
    const b = new ReadBatcher(makeClient(server.url).client);
    const read = await Promise.allSettled([b.source(7, 1), b.source(7, 2)]);
    for (const r of read) {
      expect(r.status).toBe("rejected");
      expect(isGone((r as PromiseRejectedResult).reason)).toBe(true);
    }
    expect(calls()).toEqual(["GET /collectors/7/sources"]);
  });

  it("a failed list fails every read it serves", async () => {
    server.handle((_req, res) => sendError(res, 500, "boom"));
    const b = new ReadBatcher(makeClient(server.url).client);
    const settled = await Promise.allSettled([b.source(1, 11), b.source(1, 12)]);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
  });

  it("a write through the client forgets the list answers it may have changed", async () => {
    const { client } = makeClient(server.url);
    const b = new ReadBatcher(client);
    await Promise.all([b.source(1, 11), b.collector(1), b.collector(2)]);
    await client.sources.delete(1, 13);
    await b.source(1, 12); // lists again
    await b.collector(3); // the collector list is untouched by a source's write
    expect(calls().filter((c) => c.startsWith("GET"))).toEqual([
      "GET /collectors/1/sources",
      "GET /collectors?limit=1000&offset=0",
      "GET /collectors/1/sources",
    ]);
  });

  it("a list's answer serves later reads only for reuseMs", async () => {
    let now = 0;
    const b = new ReadBatcher(makeClient(server.url).client, { reuseMs: 1000, now: () => now });
    await b.source(1, 11);
    now = 1001;
    await b.source(1, 12);
    expect(calls()).toHaveLength(2);
  });
});
