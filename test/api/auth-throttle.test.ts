// The service's authentication throttle answers 401 even for a valid key. A 401 for credentials
// it already accepted in this process is taken for the throttle: the client waits (bounded, about
// a minute in all, scaled here by retry.timeScale) and says why. A 401 before any success is a
// bad key or deployment: it fails at once.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, DEFAULT_RETRY } from "../../provider/api";
import { AUTH_THROTTLE_FIRST_WAIT_MS, authThrottleWaitMs } from "../../provider/api/retry";
import { collector, makeClient } from "./helpers/client";
import { type ScriptedServer, sendError, sendJson, startServer } from "./helpers/server";

const THROTTLED = "too many authentications";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

/** Answers the first request, then 401 `throttled` times, then 200 again. */
function acceptThenThrottle(throttled: number) {
  let n = 0;
  server.handle((req, res) => {
    n++;
    if (n > 1 && n <= 1 + throttled) sendError(res, 401, "unauthorized", THROTTLED);
    else if (req.method === "POST") sendJson(res, 201, { collector: collector(7) });
    else sendJson(res, 200, { collectors: [collector(1)] });
  });
}

const throttleLines = (logs: string[]) => logs.filter((l) => l.includes("authentication throttle"));

describe("the authentication throttle", () => {
  it("waits and succeeds when credentials accepted before are refused with 401, and says why", async () => {
    acceptThenThrottle(3);
    const { client, logs } = makeClient(server.url);
    await client.collectors.list();
    await expect(client.collectors.list()).resolves.toHaveLength(1);
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "GET", "GET", "GET", "GET"]);
    const lines = throttleLines(logs);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(
      /^collectors: GET \/collectors\S* answered 401 unauthorized, but these credentials were accepted earlier in this process: the service's authentication throttle/,
    );
    expect(lines[0]).toMatch(/waiting \d+ ms before trying again, at most \d+ ms in all/);
  });

  it("waits for a POST too: the service refused it before acting", async () => {
    acceptThenThrottle(2);
    const { client } = makeClient(server.url);
    await client.collectors.list();
    await expect(client.collectors.create({ name: "after throttle" })).resolves.toMatchObject({
      collector: { id: 7 },
    });
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "POST", "POST", "POST"]);
  });

  it("fails at once on a first-request 401, with the usual message", async () => {
    server.handle((_req, res) =>
      sendError(res, 401, "unauthorized", "Credential could not be verified."),
    );
    const { client, logs } = makeClient(server.url);
    const error = await client.collectors.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      "GET /collectors failed with 401 unauthorized: Credential could not be " +
        "verified. (error id ABC12-DEF34-GHI56); check accessId/accessKey (COLLECTORS_ACCESS_ID, " +
        "COLLECTORS_ACCESS_KEY) and the deployment; the service also answers this when " +
        "authentications are throttled",
    );
    expect(server.requests).toHaveLength(1);
    expect(throttleLines(logs)).toEqual([]);
    // Nothing was ever accepted: a second 401 is not taken for the throttle either.
    await expect(client.collectors.list()).rejects.toMatchObject({ status: 401 });
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after about a minute of waiting, saying what it tried", async () => {
    acceptThenThrottle(Number.POSITIVE_INFINITY);
    const { client, logs } = makeClient(server.url);
    await client.collectors.list();
    const error = await client.collectors.get(1).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, condition: "unauthorized" });
    expect((error as Error).message).toContain(THROTTLED);
    expect((error as Error).message).toContain(
      "these credentials were accepted earlier in this process, and were still refused after waiting",
    );
    // 5 s, 10 s, 20 s, 30 s: four more tries.
    expect(server.requests).toHaveLength(1 + 1 + 4);
    expect(throttleLines(logs).length).toBeGreaterThan(0);
  });

  it("with retry: false, a 401 fails at once even after a success", async () => {
    acceptThenThrottle(1);
    const { client } = makeClient(server.url, { retry: false });
    await client.collectors.list();
    await expect(client.collectors.list()).rejects.toMatchObject({ status: 401 });
    expect(server.requests).toHaveLength(2);
  });

  it("waits 5, 10, 20 then 30 s: 65 s in all by default", () => {
    const waits: number[] = [];
    let waited = 0;
    for (let w = authThrottleWaitMs(0, DEFAULT_RETRY); w !== undefined; ) {
      waits.push(w);
      waited += w;
      w = authThrottleWaitMs(waited, DEFAULT_RETRY);
    }
    expect(waits).toEqual([
      AUTH_THROTTLE_FIRST_WAIT_MS,
      10_000,
      20_000,
      DEFAULT_RETRY.authThrottleWaitMs - 35_000,
    ]);
    expect(DEFAULT_RETRY.authThrottleWaitMs).toBe(65_000);
  });
});
