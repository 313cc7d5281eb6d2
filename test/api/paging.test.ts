import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collect, ResponseFormatError } from "../../provider/api";
import { collector, makeClient } from "./helpers/client";
import { type ScriptedServer, sendJson, startServer } from "./helpers/server";

// A server holding `total` collectors, answering limit/offset like the service.
function listing(total: number) {
  return (req: { query: URLSearchParams }, res: Parameters<typeof sendJson>[0]) => {
    const limit = Number(req.query.get("limit") ?? 1000);
    const offset = Number(req.query.get("offset") ?? 0);
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
      collector(offset + i + 1),
    );
    sendJson(res, 200, { collectors: items });
  };
}

let server: ScriptedServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

describe("paging", () => {
  it("walks limit/offset until a short page", async () => {
    server.handle(listing(7));
    const { client } = makeClient(server.url);
    const all = await collect(client.collectors.iterate({ pageSize: 3, filter: "hosted" }));
    expect(all.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(server.requests.map((r) => r.query.toString())).toEqual([
      "filter=hosted&limit=3&offset=0",
      "filter=hosted&limit=3&offset=3",
      "filter=hosted&limit=3&offset=6",
    ]);
  });

  it("throws instead of looping when the server ignores offset", async () => {
    // The same full page whatever the offset.
    server.handle((_req, res) => sendJson(res, 200, { collectors: [collector(1), collector(2)] }));
    const { client } = makeClient(server.url);
    const seen: number[] = [];
    const error = await (async () => {
      for await (const c of client.collectors.iterate({ pageSize: 2 })) seen.push(c.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(String(error)).toContain(
      "GET /collectors?limit=2&offset=2 answered 200 with an unexpected body: the page at " +
        "offset 2 is the same as the one at offset 0: the service (or a proxy in front of it) " +
        "ignored `offset`",
    );
    expect(seen).toEqual([1, 2]);
    expect(server.requests).toHaveLength(2);
    for (const list of [
      collect(client.collectors.iterateOffline({ pageSize: 2 })),
      collect(client.upgrades.iterateUpgradable({ pageSize: 2 })),
    ]) {
      await expect(list).rejects.toThrow(/ignored `offset`/);
    }
  });

  it("asks once more after a full last page and stops on the empty one", async () => {
    server.handle(listing(4));
    const { client } = makeClient(server.url);
    expect(await collect(client.collectors.iterate({ pageSize: 2 }))).toHaveLength(4);
    expect(server.requests).toHaveLength(3);
  });

  it("uses the spec's default page sizes and fetches lazily", async () => {
    server.handle(listing(2500));
    const { client } = makeClient(server.url);
    let seen = 0;
    for await (const _ of client.collectors.iterate()) {
      if (++seen === 1500) break;
    }
    expect(server.requests.map((r) => r.query.get("limit"))).toEqual(["1000", "1000"]);

    server.requests.length = 0;
    await collect(client.upgrades.iterateUpgradable({ toVersion: "20.1" }));
    expect(server.requests[0]?.query.toString()).toBe("toVersion=20.1&offset=0&limit=50");
  });

  it("pages offline collectors with aliveBeforeDays", async () => {
    server.handle(listing(3));
    const { client } = makeClient(server.url);
    expect(
      await collect(
        client.collectors.iterateOffline({ aliveBeforeDays: 7, pageSize: 2, offset: 1 }),
      ),
    ).toHaveLength(2);
    expect(server.requests.map((r) => r.query.toString())).toEqual([
      "aliveBeforeDays=7&limit=2&offset=1",
      "aliveBeforeDays=7&limit=2&offset=3",
    ]);
  });

  it("refuses a bad page size", async () => {
    const { client } = makeClient(server.url);
    await expect(collect(client.collectors.iterate({ pageSize: 0 }))).rejects.toThrow(
      /limit must be a positive integer/,
    );
  });
});
