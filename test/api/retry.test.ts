import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, DEFAULT_RETRY, NetworkError } from "../../provider/api";
import {
  backoffMs,
  parseRetryAfter,
  requestsSent,
  retriedByCaller,
  retrierFor,
} from "../../provider/api/retry";
import { collector, makeClient } from "./helpers/client";
import {
  closedPort,
  type ScriptedServer,
  sendError,
  sendJson,
  startServer,
} from "./helpers/server";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

/** Answers with `failures` in turn, then with `success`. */
function failThen(
  failures: ((res: Parameters<typeof sendJson>[0]) => void)[],
  success: (res: Parameters<typeof sendJson>[0], body: unknown) => void,
) {
  let n = 0;
  return (req: { json: unknown }, res: Parameters<typeof sendJson>[0]) => {
    const fail = failures[n++];
    if (fail) fail(res);
    else success(res, req.json);
  };
}

describe("retry policy", () => {
  it("has one table saying who retries what", () => {
    const answer = (status: number, accepted = false) => ({ status, accepted });
    const lost = (network: string | undefined, timedOut = false) => ({ network, timedOut });
    const table = (outcome: Parameters<typeof retrierFor>[1]) => [
      retrierFor("GET", outcome),
      retrierFor("POST", outcome),
    ];
    expect(table(answer(429))).toEqual(["transport", "transport"]);
    expect(table(answer(401, true))).toEqual(["auth-throttle", "auth-throttle"]);
    expect(table(answer(401))).toEqual(["none", "none"]);
    expect(table(answer(503))).toEqual(["transport", "caller"]);
    expect(table(answer(500))).toEqual(["none", "caller"]);
    expect(table(answer(400))).toEqual(["none", "none"]);
    expect(table(answer(404))).toEqual(["none", "none"]);
    expect(table(lost("ECONNREFUSED"))).toEqual(["transport", "transport"]);
    expect(table(lost("UND_ERR_SOCKET"))).toEqual(["transport", "caller"]);
    expect(table(lost("ECONNRESET"))).toEqual(["transport", "caller"]);
    expect(retrierFor("PUT", answer(502))).toBe("transport");
    expect(retrierFor("DELETE", lost("UND_ERR_SOCKET"))).toBe("transport");
    expect(table(lost(undefined, true))).toEqual(["none", "caller"]);
    expect(table(lost("ENOTFOUND"))).toEqual(["none", "none"]);
  });

  it("leaves to the caller only a POST that may have been acted on", () => {
    const apiError = (method: string, status: number) =>
      new ApiError({ method, path: "/collectors", status, attempts: 3 });
    expect(retriedByCaller(apiError("POST", 503))).toBe(true);
    expect(retriedByCaller(apiError("POST", 500))).toBe(true);
    expect(retriedByCaller(apiError("POST", 429))).toBe(false); // the transport's, already done
    expect(retriedByCaller(apiError("POST", 400))).toBe(false);
    expect(retriedByCaller(apiError("GET", 503))).toBe(false); // the transport's, already done
    const network = (reason: "timeout" | "connection-reset", code?: string) =>
      new NetworkError(reason, { method: "POST", path: "/collectors", code });
    expect(retriedByCaller(network("timeout"))).toBe(true);
    expect(retriedByCaller(network("connection-reset", "ECONNRESET"))).toBe(true);
    expect(retriedByCaller(new Error("other"))).toBe(false);
    expect(requestsSent(apiError("POST", 503))).toBe(3);
    expect(requestsSent(network("timeout"))).toBe(1);
  });

  it("backs off exponentially with jitter, honours Retry-After, scales time", () => {
    const opts = { ...DEFAULT_RETRY };
    expect(backoffMs(0, opts, undefined, () => 0)).toBe(250);
    expect(backoffMs(0, opts, undefined, () => 1)).toBe(500);
    expect(backoffMs(3, opts, undefined, () => 1)).toBe(4000);
    expect(backoffMs(20, opts, undefined, () => 1)).toBe(30_000);
    expect(backoffMs(0, opts, 7000)).toBe(7000);
    expect(backoffMs(0, opts, 10_000_000)).toBe(120_000);
    expect(backoffMs(2, { ...opts, timeScale: 0.001 }, undefined, () => 1)).toBe(2);
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(parseRetryAfter("soon")).toBeUndefined();
  });
});

describe("retries against a server", () => {
  it("429 then success, for a GET and for a POST", async () => {
    const rateLimited = (res: Parameters<typeof sendJson>[0]) =>
      sendError(
        res,
        429,
        "rate.limit.exceeded",
        "The API rate limit for this user has been exceeded.",
      );
    server.handle(
      failThen([rateLimited, rateLimited], (res) => sendJson(res, 200, { collectors: [] })),
    );
    const { client } = makeClient(server.url);
    await expect(client.collectors.list()).resolves.toEqual([]);
    expect(server.requests).toHaveLength(3);

    server.requests.length = 0;
    server.handle(
      failThen([rateLimited], (res, body) =>
        sendJson(res, 201, { collector: { ...(body as { collector: object }).collector, id: 1 } }),
      ),
    );
    await expect(client.collectors.create({ name: "once" })).resolves.toMatchObject({
      collector: { id: 1 },
    });
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
  });

  it("honours Retry-After (scaled)", async () => {
    server.handle(
      failThen(
        [(res) => sendError(res, 429, "rate.limit.exceeded", "slow down", { "retry-after": "2" })],
        (res) => sendJson(res, 200, { collectors: [] }),
      ),
    );
    const { client } = makeClient(server.url, { retry: { timeScale: 0.05 } });
    await client.collectors.list();
    const [first, second] = server.requests;
    // 2 s × 0.05 = 100 ms
    expect((second?.time ?? 0) - (first?.time ?? 0)).toBeGreaterThanOrEqual(95);
  });

  it("gives up after the configured retries with the last error", async () => {
    server.handle((_req, res) => sendError(res, 429, "rate.limit.exceeded"));
    const { client } = makeClient(server.url, { retry: { retries: 2, timeScale: 0.001 } });
    const error = await client.collectors.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, condition: "rate-limited", attempts: 3 });
    expect(server.requests).toHaveLength(3);
  });

  it("retries 502/503/504 for a GET but not for a POST", async () => {
    const statuses = [502, 503, 504];
    server.handle(
      failThen(
        statuses.map((s) => (res) => sendError(res, s, "service.unavailable")),
        (res) => sendJson(res, 200, { collector: collector(1) }),
      ),
    );
    const { client } = makeClient(server.url);
    await expect(client.collectors.get(1)).resolves.toMatchObject({ collector: { id: 1 } });
    expect(server.requests).toHaveLength(4);

    server.requests.length = 0;
    server.handle((_req, res) => sendError(res, 503, "service.unavailable"));
    await expect(client.collectors.create({ name: "maybe" })).rejects.toMatchObject({
      status: 503,
      condition: "server-error",
    });
    expect(server.requests).toHaveLength(1);
  });

  it("retries a dropped connection for a GET but not for a POST", async () => {
    let n = 0;
    server.handle((req, res) => {
      if (n++ === 0 || req.method === "POST") res.socket?.destroy();
      else sendJson(res, 200, { collector: collector(2) });
    });
    const { client } = makeClient(server.url);
    await expect(client.collectors.get(2)).resolves.toMatchObject({ collector: { id: 2 } });
    expect(server.requests).toHaveLength(2);

    server.requests.length = 0;
    const error = await client.collectors.create({ name: "lost" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ reason: "connection-reset" });
    expect(server.requests).toHaveLength(1);
  });

  it("counts a DELETE as done when its retry after a dropped connection finds nothing", async () => {
    let n = 0;
    server.handle((_req, res) => {
      // The first attempt deletes, then the connection drops before the answer.
      if (n++ === 0) res.socket?.destroy();
      else sendError(res, 404, "collectors.collector.invalid");
    });
    const { client } = makeClient(server.url);
    await expect(client.collectors.delete(4)).resolves.toBeUndefined();
    expect(server.requests).toHaveLength(2);
    // Without a dropped connection, a 404 is an error as usual.
    await expect(client.collectors.delete(4)).rejects.toMatchObject({ condition: "not-found" });
  });

  it("does not count such a DELETE as done when the 404 is not the service's for the object", async () => {
    let n = 0;
    server.handle((_req, res) => {
      if (n++ === 0) res.socket?.destroy();
      else sendError(res, 404, "notfound"); // a proxy, or a path nobody serves
    });
    const { client } = makeClient(server.url);
    await expect(client.collectors.delete(4)).rejects.toMatchObject({
      status: 404,
      code: "notfound",
    });
    expect(server.requests).toHaveLength(2);
  });

  it("retries a POST when the connection is refused", async () => {
    const port = await closedPort();
    const { client, logs } = makeClient(`http://127.0.0.1:${port}/api/v1`, {
      retry: { retries: 2, timeScale: 0.001 },
    });
    const error = await client.collectors.create({ name: "x" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "NetworkError",
      reason: "connection-refused",
      code: "ECONNREFUSED",
      attempts: 3,
    });
    expect(logs.filter((l) => /^POST \/collectors ECONNREFUSED \d+ms$/.test(l))).toHaveLength(3);
  });

  it("does not retry when retry is false", async () => {
    server.handle((_req, res) => sendError(res, 429, "rate.limit.exceeded"));
    const { client } = makeClient(server.url, { retry: false });
    await expect(client.collectors.list()).rejects.toMatchObject({ status: 429 });
    expect(server.requests).toHaveLength(1);
  });
});
