// What goes on the wire for each operation, and what comes back.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collector, makeClient } from "./helpers/client";
import { type ScriptedServer, sendError, sendJson, startServer } from "./helpers/server";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

describe("authentication and session", () => {
  it("sends Basic auth on every request", async () => {
    server.handle((_req, res) => sendJson(res, 200, { collectors: [] }));
    const { client, accessId, accessKey } = makeClient(server.url);
    await client.collectors.list();
    await client.collectors.list();
    const expected = `Basic ${Buffer.from(`${accessId}:${accessKey}`).toString("base64")}`;
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([expected, expected]);
  });

  it("keeps the session cookie from the first response and sends it back", async () => {
    server.handle((req, res) => {
      const headers: Record<string, string | string[]> = req.headers.cookie
        ? {}
        : { "set-cookie": ["JSESSIONID=s3ss10n; Path=/api; HttpOnly", "AWSALB=lb1; Path=/"] };
      sendJson(res, 200, { collectors: [] }, headers);
    });
    const { client } = makeClient(server.url);
    await client.collectors.list();
    await client.collectors.list();
    expect(server.requests[0]?.headers.cookie).toBeUndefined();
    expect(server.requests[1]?.headers.cookie).toBe("JSESSIONID=s3ss10n; AWSALB=lb1");
  });

  it("shares the cookie between clients with the same credentials", async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, { collectors: [] }, { "set-cookie": "JSESSIONID=shared; Path=/" }),
    );
    const first = makeClient(server.url);
    await first.client.collectors.list();
    const second = makeClient(
      server.url,
      {},
      { accessId: first.accessId, accessKey: first.accessKey },
    );
    await second.client.collectors.list();
    expect(server.requests[1]?.headers.cookie).toBe("JSESSIONID=shared");
  });

  it("lets only the first request of a session out until it is answered", async () => {
    server.handle(async (req, res) => {
      if (!req.headers.cookie) await new Promise((r) => setTimeout(r, 50));
      sendJson(res, 200, { collectors: [] }, { "set-cookie": "JSESSIONID=gate; Path=/" });
    });
    const { client } = makeClient(server.url);
    await Promise.all(Array.from({ length: 5 }, () => client.collectors.list()));
    expect(server.requests.filter((r) => !r.headers.cookie)).toHaveLength(1);
  });
});

describe("collectors", () => {
  it("returns the entity with its ETag and updates with If-Match exactly as received", async () => {
    const etag = '"f58d12c6986f80d6ca25ed8a3943daa9"';
    server.handle((req, res) => {
      if (req.method === "GET") {
        sendJson(res, 200, { collector: collector(5, { futureField: { nested: [1] } }) }, { etag });
      } else {
        sendJson(res, 200, { collector: req.json.collector }, { etag: '"next"' });
      }
    });
    const { client } = makeClient(server.url);
    const got = await client.collectors.get(5);
    expect(got.etag).toBe(etag);
    const updated = await client.collectors.update(
      5,
      { ...got.collector, description: "d" },
      got.etag ?? "",
    );
    const put = server.requests[1];
    expect(put?.method).toBe("PUT");
    expect(put?.path).toBe("/collectors/5");
    expect(put?.headers["if-match"]).toBe(etag);
    expect(put?.headers["content-type"]).toBe("application/json");
    // The field the client does not model went back unchanged.
    expect(put?.json.collector).toMatchObject({
      id: 5,
      description: "d",
      futureField: { nested: [1] },
    });
    expect(updated.etag).toBe('"next"');
    expect(updated.collector.futureField).toEqual({ nested: [1] });
  });

  it("creates a Hosted Collector with the spec's envelope", async () => {
    server.handle((req, res) =>
      sendJson(res, 201, { collector: { ...req.json.collector, id: 42 } }, { etag: '"c"' }),
    );
    const { client } = makeClient(server.url);
    const created = await client.collectors.create({ name: "web", fields: { team: "a" } });
    expect(server.requests[0]?.json).toEqual({
      collector: { name: "web", fields: { team: "a" }, collectorType: "Hosted", ephemeral: false },
    });
    expect(created).toMatchObject({ collector: { id: 42, name: "web" }, etag: '"c"' });
  });

  it("lists with filter, limit and offset; deletes; deletes offline", async () => {
    server.handle((req, res) => {
      if (req.method === "DELETE" && req.path === "/collectors/offline") {
        sendJson(res, 200, { message: "Delete task has been initiated" });
      } else if (req.method === "DELETE") res.writeHead(200).end();
      else sendJson(res, 200, { collectors: [collector(1)] });
    });
    const { client } = makeClient(server.url);
    await client.collectors.list({ filter: "hosted", limit: 10, offset: 20 });
    await client.collectors.listOffline({ aliveBeforeDays: 3 });
    await client.collectors.delete(8);
    const result = await client.collectors.deleteOffline({ aliveBeforeDays: 30 });
    expect(result.message).toBe("Delete task has been initiated");
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/v1/collectors?filter=hosted&limit=10&offset=20",
      "GET /api/v1/collectors/offline?aliveBeforeDays=3",
      "DELETE /api/v1/collectors/8",
      "DELETE /api/v1/collectors/offline?aliveBeforeDays=30",
    ]);
    expect(server.requests[2]?.headers["content-type"]).toBeUndefined();
  });

  it("refuses bad arguments before any request", async () => {
    const { client } = makeClient(server.url);
    await expect(client.collectors.get("5/../6")).rejects.toThrow(
      /id must be a non-negative integer/,
    );
    await expect(client.collectors.list({ filter: "all" as never })).rejects.toThrow(
      /filter must be one of/,
    );
    await expect(client.collectors.listOffline({ aliveBeforeDays: 0 })).rejects.toThrow(
      /aliveBeforeDays/,
    );
    await expect(client.collectors.create({ name: "x".repeat(129) })).rejects.toThrow(
      /collector.name/,
    );
    await expect(client.collectors.update(5, collector(6), '"e"')).rejects.toThrow(
      /does not match/,
    );
    await expect(client.collectors.update(5, collector(5), "")).rejects.toThrow(/ETag/);
    expect(server.requests).toHaveLength(0);
  });

  it("reports a 2xx body that does not match the spec", async () => {
    server.handle((_req, res) => sendJson(res, 200, { collector: { id: "seven" } }));
    const { client } = makeClient(server.url);
    await expect(client.collectors.get(7)).rejects.toThrow(
      /answered 200 with an unexpected body: collector.id/,
    );
  });
});

describe("sources", () => {
  it("creates, reads with ETag, updates with If-Match, deletes", async () => {
    server.handle((req, res) => {
      if (req.method === "POST")
        sendJson(res, 201, { source: { ...req.json.source, id: 100 } }, { etag: '"s1"' });
      else if (req.method === "GET")
        sendJson(
          res,
          200,
          {
            source: {
              id: 100,
              sourceType: "LocalFile",
              name: "logs",
              pathExpression: "/var/log/*",
              alive: true,
            },
          },
          { etag: '"s2"' },
        );
      else if (req.method === "PUT")
        sendJson(res, 200, { source: req.json.source }, { etag: '"s3"' });
      else res.writeHead(200).end();
    });
    const { client } = makeClient(server.url);
    const created = await client.sources.create(3, {
      sourceType: "LocalFile",
      name: "logs",
      pathExpression: "/var/log/*",
    });
    expect(created).toMatchObject({ source: { id: 100 }, etag: '"s1"' });
    const got = await client.sources.get(3, 100);
    await client.sources.update(3, 100, { ...got.source, category: "prod" }, got.etag ?? "");
    await client.sources.delete(3, 100);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /collectors/3/sources",
      "GET /collectors/3/sources/100",
      "PUT /collectors/3/sources/100",
      "DELETE /collectors/3/sources/100",
    ]);
    expect(server.requests[2]?.headers["if-match"]).toBe('"s2"');
    expect(server.requests[2]?.json.source).toMatchObject({ id: 100, category: "prod" });
  });

  it("lists and downloads configurations", async () => {
    server.handle((req, res) => {
      if (req.query.get("download") === "true") {
        sendJson(res, 200, {
          "api.version": "v1",
          sources: [{ sourceType: "SystemStats", name: "m", interval: 60000 }],
        });
      } else
        sendJson(res, 200, {
          sources: [{ id: 1, sourceType: "SystemStats", name: "m", interval: 60000 }],
        });
    });
    const { client } = makeClient(server.url);
    expect(await client.sources.list(3)).toHaveLength(1);
    const doc = await client.sources.exportConfig(3);
    expect(doc["api.version"]).toBe("v1");
    expect(doc.sources[0]?.id).toBeUndefined();
    expect((await client.sources.list(3, { download: true }))[0]?.name).toBe("m");
    expect(server.requests.map((r) => r.url)).toEqual([
      "/api/v1/collectors/3/sources",
      "/api/v1/collectors/3/sources?download=true",
      "/api/v1/collectors/3/sources?download=true",
    ]);
  });

  it("checks each source type's required fields before sending", async () => {
    const { client } = makeClient(server.url);
    await expect(client.sources.create(3, { sourceType: "LocalFile", name: "x" })).rejects.toThrow(
      /source.pathExpression: is required for LocalFile sources/,
    );
    await expect(
      client.sources.create(3, {
        sourceType: "LocalFile",
        name: "x",
        pathExpression: "/a",
        filters: [{ filterType: "Mask", name: "m", regexp: "(x)" }],
      }),
    ).rejects.toThrow(/needs `mask`/);
    expect(server.requests).toHaveLength(0);
  });
});

describe("upgrades", () => {
  it("sends Content-Type and Accept application/json on every request, GETs included", async () => {
    server.handle((req, res) => {
      if (req.path === "/collectors/upgrades/targets")
        sendJson(res, 200, { targets: [{ version: "19.4", latest: true }] });
      else if (req.path === "/collectors/upgrades/collectors")
        sendJson(res, 200, { collectors: [] });
      else if (req.method === "POST")
        sendJson(res, 202, { id: "77", link: { rel: "self", href: "/v1/collectors/upgrades/77" } });
      else
        sendJson(res, 200, {
          upgrade: {
            id: 77,
            collectorId: 3,
            toVersion: "19.4",
            requestTime: 1,
            status: 2,
            message: "",
          },
        });
    });
    const { client } = makeClient(server.url);
    expect(await client.upgrades.targets()).toEqual([{ version: "19.4", latest: true }]);
    await client.upgrades.upgradableCollectors({ toVersion: "19.4" });
    const task = await client.upgrades.create({ collectorId: 3, toVersion: "19.4" });
    expect(task.id).toBe("77");
    const status = await client.upgrades.get(task.id);
    expect(status).toMatchObject({ id: "77", status: 2 });
    expect(await client.upgrades.waitFor("77")).toMatchObject({ status: 2 });
    for (const req of server.requests) {
      expect(req.headers["content-type"]).toBe("application/json");
      expect(req.headers.accept).toBe("application/json");
    }
    expect(server.requests[2]?.json).toEqual({ collectorId: 3, toVersion: "19.4" });
    expect(server.requests[1]?.url).toBe("/api/v1/collectors/upgrades/collectors?toVersion=19.4");
  });

  it("waitFor polls until the task finishes", async () => {
    let polls = 0;
    server.handle((_req, res) => {
      polls++;
      const status = polls < 3 ? 6 : 3;
      sendJson(res, 200, {
        upgrade: { id: "9", collectorId: 3, status, message: polls < 3 ? "" : "disk full" },
      });
    });
    const { client } = makeClient(server.url);
    const task = await client.upgrades.waitFor("9", { pollIntervalMs: 5 });
    expect(task).toMatchObject({ status: 3, message: "disk full" });
    expect(polls).toBe(3);
  });
});

describe("search jobs", () => {
  it("sends the session cookie set by the create on the follow-up", async () => {
    server.handle((req, res) => {
      if (req.method === "POST")
        sendJson(
          res,
          202,
          { id: "ABC123", link: {} },
          { "set-cookie": "JSESSIONID=job-node-3; Path=/api" },
        );
      else if (req.headers.cookie === "JSESSIONID=job-node-3")
        sendJson(res, 200, { state: "DONE GATHERING RESULTS" });
      else sendError(res, 500, "internal.error", "Job ID is invalid");
    });
    const { client } = makeClient(server.url);
    const job = await client.searchJobs.create({
      query: "error",
      from: "2024-01-01T00:00:00",
      to: "2024-01-02T00:00:00",
    });
    expect(job.id).toBe("ABC123");
    expect(await client.searchJobs.status(job.id)).toEqual({ state: "DONE GATHERING RESULTS" });
  });

  it("maps a Free account's 403 to forbidden", async () => {
    server.handle((_req, res) =>
      sendError(res, 403, "forbidden", "Search is not available for this account type"),
    );
    const { client } = makeClient(server.url);
    await expect(client.searchJobs.create({ query: "x" })).rejects.toMatchObject({
      condition: "forbidden",
      status: 403,
    });
  });
});
