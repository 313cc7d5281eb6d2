// What the OT collector and source template clients send, and how they read what comes back,
// against a scripted server: the wire details the local service's tests cannot single out
// (batched names, read-only POSTs retried, the newer error envelope, an update answered without
// the collector).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  collect,
  InputError,
  isApiError,
  isGone,
  ResponseFormatError,
  resetSharedState,
} from "../../provider/api";
import { makeClient } from "./helpers/client";
import { type ScriptedServer, sendError, sendJson, startServer } from "./helpers/server";

const ID = "0000000005F5E105";
const TEMPLATE_ID = "0000000003343FDD";
const ot = (name: string, extra: Record<string, unknown> = {}) => ({
  id: ID,
  name,
  tags: {},
  ...extra,
});

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  resetSharedState();
});

describe("client.otCollectors on the wire", () => {
  it("refuses an id that is not 16 hex digits before sending anything", async () => {
    const { client } = makeClient(server.url);
    const error = await client.otCollectors.get("123").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe("id");
    expect((error as InputError).message).toContain("16 hexadecimal digits");
    await expect(client.otCollectors.delete("../x")).rejects.toThrow(InputError);
    expect(server.requests).toHaveLength(0);
  });

  it("sends names as repeated query keys, in batches for a long list, and nothing for none", async () => {
    server.handle((req, res) =>
      sendJson(res, 200, { data: req.query.getAll("names").map((n) => ot(n)) }),
    );
    const { client } = makeClient(server.url);
    expect(await client.otCollectors.byNames([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
    const found = await client.otCollectors.byNames(["a b", "c&d", "a b"]);
    expect(found.map((c) => c.name)).toEqual(["a b", "c&d"]);
    expect(server.requests[0]?.url).toBe(
      "/api/v1/otCollectors/otCollectorsByName?names=a%20b&names=c%26d",
    );
    const many = Array.from({ length: 100 }, (_, i) => `${"n".repeat(100)}${i}`);
    expect(await client.otCollectors.byNames(many)).toHaveLength(100);
    expect(server.requests.length).toBeGreaterThan(2);
    for (const r of server.requests) expect(r.url.length).toBeLessThan(4200);
  });

  it("findByName reads the match by id for its ETag; an unknown name is undefined", async () => {
    server.handle((req, res) => {
      if (req.path === "/otCollectors/otCollectorsByName") {
        const name = req.query.get("names");
        return sendJson(res, 200, { data: name === "web" ? [ot("web")] : [] });
      }
      sendJson(res, 200, ot("web"), { etag: '"v7"' });
    });
    const { client } = makeClient(server.url);
    const found = await client.otCollectors.findByName("web");
    expect(found?.etag).toBe('"v7"');
    expect(found?.collector.id).toBe(ID);
    expect(server.requests.map((r) => r.path)).toEqual([
      "/otCollectors/otCollectorsByName",
      `/otCollectors/${ID}`,
    ]);
    expect(await client.otCollectors.findByName("nope")).toBeUndefined();
    await expect(client.otCollectors.findByName("")).rejects.toThrow(InputError);
  });

  it("retries a search (a POST that only reads) after a 503, and announces no write", async () => {
    let first = true;
    server.handle((_req, res) => {
      if (first) {
        first = false;
        return sendError(res, 503, "service.unavailable");
      }
      sendJson(res, 200, { data: [ot("a")], count: 1 });
    });
    const { client } = makeClient(server.url);
    const writes: string[] = [];
    client.onWrite((path) => writes.push(path));
    const page = await client.otCollectors.search({
      search: "a",
      filters: { alive: true },
      includeCount: true,
    });
    expect(page).toEqual({ data: [expect.objectContaining({ name: "a" })], count: 1 });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.json).toEqual({
      search: "a",
      filters: { alive: true },
      includeCount: true,
    });
    expect(writes).toEqual([]);
  });

  it("iterate follows next tokens to the last page", async () => {
    server.handle((req, res) => {
      const next = req.json?.next as string | undefined;
      if (next === undefined) return sendJson(res, 200, { data: [ot("a")], next: "t1" });
      if (next === "t1") return sendJson(res, 200, { data: [ot("b")], next: "t2" });
      sendJson(res, 200, { data: [ot("c")] });
    });
    const { client } = makeClient(server.url);
    const all = await collect(client.otCollectors.iterate({ search: "x", pageSize: 1 }));
    expect(all.map((c) => c.name)).toEqual(["a", "b", "c"]);
    expect(server.requests.map((r) => r.json)).toEqual([
      { search: "x", limit: 1 },
      { search: "x", limit: 1, next: "t1" },
      { search: "x", limit: 1, next: "t2" },
    ]);
  });

  it("iterate stops with an error when a token comes back again, and refuses next/limit", async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: [ot("a")], next: "same" }));
    const { client } = makeClient(server.url);
    await expect(collect(client.otCollectors.iterate())).rejects.toThrow(ResponseFormatError);
    expect(server.requests).toHaveLength(2);
    expect(() => client.otCollectors.iterate({ limit: 5 } as never)).toThrow(/leave out limit/);
    expect(() => client.otCollectors.iterate({ pageSize: 0 })).toThrow(InputError);
  });

  it("update sends only the changes, timezone as the Terraform provider spells it, without the service's tags", async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, ot("new", { timeZone: "Europe/Berlin" }), { etag: '"v2"' }),
    );
    const { client } = makeClient(server.url);
    const updated = await client.otCollectors.update(
      ID,
      { name: "new", timeZone: "Europe/Berlin", tags: { team: "a", "sumo.disco.os": "linux" } },
      '"v1"',
    );
    expect(updated).toEqual({ collector: expect.objectContaining({ name: "new" }), etag: '"v2"' });
    const sent = server.requests[0];
    expect(sent?.method).toBe("PUT");
    expect(sent?.url).toBe(`/api/v1/otCollectors?id=${ID}`);
    expect(sent?.headers["if-match"]).toBe('"v1"');
    expect(sent?.json).toEqual({ name: "new", timezone: "Europe/Berlin", tags: { team: "a" } });
    await expect(client.otCollectors.update(ID, { name: "x" }, "")).rejects.toThrow(/ETag/);
    await expect(client.otCollectors.update(ID, { name: 5 } as never, '"v"')).rejects.toThrow(
      InputError,
    );
    expect(server.requests).toHaveLength(1);
    // A collector as get() returned it, changed: what the service computes is left out.
    const read = ot("old", { alive: true, description: null, tags: { a: "b" }, version: {} });
    await client.otCollectors.update(ID, { ...read, name: "renamed" }, '"v2"');
    expect(server.requests[1]?.json).toEqual({ name: "renamed", tags: { a: "b" } });
  });

  it("update reads the collector when the answer is only {id}, and fails on errors inside a 200", async () => {
    server.handle((req, res) => {
      if (req.method === "PUT") return sendJson(res, 200, { id: ID });
      sendJson(res, 200, ot("renamed"), { etag: '"v3"' });
    });
    const { client } = makeClient(server.url);
    const updated = await client.otCollectors.update(ID, { name: "renamed" }, '"v2"');
    expect(updated.etag).toBe('"v3"');
    expect(server.requests.map((r) => r.method)).toEqual(["PUT", "GET"]);

    server.handle((_req, res) =>
      sendJson(res, 200, { id: ID, errors: [{ code: "ot:invalid_tz", message: "bad zone" }] }),
    );
    const error = await client.otCollectors
      .update(ID, { timeZone: "Mars" }, '"v3"')
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("ot:invalid_tz");
    expect((error as ApiError).message).toContain("bad zone");
  });

  it("reads the newer error envelope {id, errors: [{code, message}]}", async () => {
    server.handle((_req, res) =>
      sendJson(res, 404, {
        id: "IUUQI-DGH5I-TJ045",
        errors: [{ code: "otcollector.invalid", message: "no such OT collector", detail: "gone" }],
      }),
    );
    const { client } = makeClient(server.url);
    const error = await client.otCollectors.get(ID).catch((e: unknown) => e);
    expect(isApiError(error, "not-found")).toBe(true);
    expect(isGone(error)).toBe(true);
    expect((error as ApiError).code).toBe("otcollector.invalid");
    expect((error as ApiError).serviceMessage).toBe("no such OT collector: gone");
    expect((error as ApiError).errorId).toBe("IUUQI-DGH5I-TJ045");
  });

  it("maps the local service's duplicate-name error, as for collectors", async () => {
    server.handle((_req, res) => sendError(res, 400, "DuplicateResourceName"));
    const { client } = makeClient(server.url);
    const error = await client.otCollectors.update(ID, { name: "taken" }, '"v"').catch((e) => e);
    expect(isApiError(error, "duplicate-name")).toBe(true);
  });

  it("totalCount, delete and deleteOffline use their paths", async () => {
    server.handle((req, res) =>
      req.method === "GET" ? sendJson(res, 200, { totalCount: 3 }) : sendJson(res, 204),
    );
    const { client } = makeClient(server.url);
    expect(await client.otCollectors.totalCount()).toBe(3);
    await client.otCollectors.delete(ID);
    await client.otCollectors.deleteOffline();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /otCollectors/totalCount",
      `DELETE /otCollectors/${ID}`,
      "DELETE /otCollectors/offline",
    ]);
  });
});

const template = (name: string, extra: Record<string, unknown> = {}) => ({
  id: TEMPLATE_ID,
  schemaRef: { type: "Apache", version: "1.0.0", latestVersion: "1.0.0" },
  inputJson: { name, receivers: {} },
  isEnabled: true,
  status: "enable",
  ...extra,
});

describe("client.sourceTemplates on the wire", () => {
  it("lists with showDisabled and name; findByName includes disabled ones by default", async () => {
    server.handle((req, res) =>
      sendJson(res, 200, { data: req.query.get("name") === "t" ? [template("t")] : [] }),
    );
    const { client } = makeClient(server.url);
    expect(await client.sourceTemplates.list()).toEqual([]);
    expect((await client.sourceTemplates.findByName("t"))?.id).toBe(TEMPLATE_ID);
    expect(await client.sourceTemplates.findByName("u", { showDisabled: false })).toBeUndefined();
    expect(server.requests.map((r) => r.url)).toEqual([
      "/api/v1/sourceTemplates",
      "/api/v1/sourceTemplates?showDisabled=true&name=t",
      "/api/v1/sourceTemplates?showDisabled=false&name=u",
    ]);
    await expect(client.sourceTemplates.list({ name: "" })).rejects.toThrow(InputError);
  });

  it("create sends the checked body only; a refusal names the field and sends nothing", async () => {
    server.handle((req, res) => sendJson(res, 200, template(req.json.inputJson.name)));
    const { client } = makeClient(server.url);
    const body = {
      schemaRef: { type: "Apache", version: "" },
      selector: {},
      inputJson: { name: "t", receivers: { r: {} }, extra: 1 },
    };
    expect((await client.sourceTemplates.create(body)).inputJson?.name).toBe("t");
    expect(server.requests[0]?.json).toEqual(body);
    const error = await client.sourceTemplates
      .create({ schemaRef: {} as never, inputJson: { name: "t", receivers: {} } })
      .catch((e: unknown) => e);
    expect((error as InputError).field).toBe("sourceTemplate.schemaRef.type");
    expect(server.requests).toHaveLength(1);
  });

  it("update, setStatus, upgrade, linkedImpact and delete use their paths and methods", async () => {
    server.handle((req, res) => {
      if (req.method === "DELETE") return sendJson(res, 204);
      if (req.path.endsWith("Impact")) {
        return sendJson(res, 200, { collectorId: ID, addedSourceTemplates: [] });
      }
      sendJson(res, 200, template("t"));
    });
    const { client } = makeClient(server.url);
    const api = client.sourceTemplates;
    const body = { schemaRef: { type: "Apache" }, inputJson: { name: "t", receivers: {} } };
    await api.update(TEMPLATE_ID, body);
    await api.setStatus(TEMPLATE_ID, "disable");
    await api.upgrade(TEMPLATE_ID, { ...body, schemaRef: { type: "Apache", version: "1.1.0" } });
    const impact = await api.linkedImpact({ collectorId: ID, tags: { env: "prod" } });
    expect(impact.removedSourceTemplates).toEqual([]);
    await api.delete(TEMPLATE_ID);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /sourceTemplates/${TEMPLATE_ID}`,
      `PUT /sourceTemplates/${TEMPLATE_ID}/status`,
      `POST /sourceTemplates/${TEMPLATE_ID}/upgrade`,
      "POST /sourceTemplates/getLinkedSourceTemplatesImpact",
      `DELETE /sourceTemplates/${TEMPLATE_ID}`,
    ]);
    expect(server.requests[1]?.json).toEqual({ status: "disable" });
    const status = await api.setStatus(TEMPLATE_ID, "off" as never).catch((e: unknown) => e);
    expect((status as InputError).field).toBe("status");
    expect((status as InputError).message).toContain('must be one of "enable", "disable"');
    await expect(api.linkedImpact({ collectorId: "12" })).rejects.toThrow(/collectorId/);
    expect(server.requests).toHaveLength(5);
  });
});
