import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collectorNamePath, InputError } from "../../provider/api";
import { collector, makeClient } from "./helpers/client";
import { type ScriptedServer, sendError, sendJson, startServer } from "./helpers/server";

describe("get-by-name paths", () => {
  it("encodes spaces as %20", () => {
    expect(collectorNamePath("my collector")).toBe("/collectors/name/my%20collector");
  });

  it("adds a trailing slash when the name has a period", () => {
    expect(collectorNamePath("web.example.com")).toBe("/collectors/name/web.example.com/");
    expect(collectorNamePath("a b.c")).toBe("/collectors/name/a%20b.c/");
  });

  it("encodes other reserved characters", () => {
    expect(collectorNamePath("a?b#c&d+e")).toBe("/collectors/name/a%3Fb%23c%26d%2Be");
  });

  it.each([";", "/", "%", "\\"])("refuses %s", (ch) => {
    expect(() => collectorNamePath(`bad${ch}name`)).toThrow(InputError);
    expect(() => collectorNamePath(`bad${ch}name`)).toThrow(
      /cannot look up names with ; \/ % or \\/,
    );
  });
});

describe("getByName against a server", () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startServer((req, res) => {
      if (req.path.startsWith("/collectors/name/")) {
        sendJson(res, 200, { collector: collector(7, { name: "x" }) }, { etag: '"abc"' });
      } else if (req.path === "/collectors") {
        sendJson(res, 200, { collectors: [collector(1), collector(9, { name: "a/b" })] });
      } else if (req.path === "/collectors/9") {
        sendJson(res, 200, { collector: collector(9, { name: "a/b" }) }, { etag: '"e9"' });
      } else sendError(res, 404, "notfound");
    });
  });
  afterEach(() => server.close());

  it("sends a space as %20 and a period with a trailing slash", async () => {
    const { client } = makeClient(server.url);
    const got = await client.collectors.getByName("my host.example");
    expect(got.etag).toBe('"abc"');
    expect(server.requests[0]?.url).toBe("/api/v1/collectors/name/my%20host.example/");
  });

  it("refuses ; / % \\ before any request", async () => {
    const { client } = makeClient(server.url);
    for (const name of ["a;b", "a/b", "100%", "dom\\user"]) {
      await expect(client.collectors.getByName(name)).rejects.toBeInstanceOf(InputError);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("findByName scans the list for names the service cannot look up", async () => {
    const { client } = makeClient(server.url);
    const found = await client.collectors.findByName("a/b");
    expect(found?.collector.id).toBe(9);
    expect(found?.etag).toBe('"e9"');
    expect(server.requests.map((r) => r.path)).toEqual(["/collectors", "/collectors/9"]);
    expect(await client.collectors.findByName("c/d")).toBeUndefined();
  });

  it("findByName returns undefined on a 404 look-up", async () => {
    server.handle((_req, res) => sendError(res, 404, "collectors.collector.invalid"));
    const { client } = makeClient(server.url);
    expect(await client.collectors.findByName("missing")).toBeUndefined();
  });

  it("sources.findByName scans the collector's sources, then reads the match by id", async () => {
    server.handle((req, res) => {
      if (req.path === "/collectors/5/sources") {
        sendJson(res, 200, {
          sources: [
            { id: 1, sourceType: "HTTP", name: "a" },
            { id: 2, sourceType: "HTTP", name: "b/c d.e" },
          ],
        });
      } else if (req.path === "/collectors/5/sources/2") {
        sendJson(
          res,
          200,
          { source: { id: 2, sourceType: "HTTP", name: "b/c d.e" } },
          {
            etag: '"s2"',
          },
        );
      } else sendError(res, 404, "notfound");
    });
    const { client } = makeClient(server.url);
    const found = await client.sources.findByName(5, "b/c d.e");
    expect(found).toEqual({ source: { id: 2, sourceType: "HTTP", name: "b/c d.e" }, etag: '"s2"' });
    expect(server.requests.map((r) => r.path)).toEqual([
      "/collectors/5/sources",
      "/collectors/5/sources/2",
    ]);
    expect(await client.sources.findByName(5, "B/C D.E")).toBeUndefined();
  });

  it("findByName throws a 404 that is not the service's for a missing collector", async () => {
    server.handle((_req, res) => sendError(res, 404, "notfound"));
    const { client } = makeClient(server.url);
    await expect(client.collectors.findByName("missing")).rejects.toMatchObject({
      status: 404,
      code: "notfound",
    });
  });
});
