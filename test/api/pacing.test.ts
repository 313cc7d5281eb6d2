// The limiter is process-wide and keyed by credential: each test uses fresh credentials.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeClient, testCredentials } from "./helpers/client";
import { type ScriptedServer, sendJson, startServer } from "./helpers/server";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, { collectors: [] }));
});
afterEach(() => server.close());

/**
 * The fewest tokens an arrival found in the service's bucket (docs/reference/local-service.md: one second's
 * worth, 4, refilled at 4 per second; each request takes one). At least 1: none was refused.
 */
function fewestTokens(times: number[], rate = 4): number {
  const sorted = [...times].sort((a, b) => a - b);
  let tokens = rate;
  let last = sorted[0] ?? 0;
  let fewest = rate;
  for (const t of sorted) {
    tokens = Math.min(rate, tokens + ((t - last) / 1000) * rate);
    last = t;
    fewest = Math.min(fewest, tokens);
    tokens -= 1;
  }
  return fewest;
}

describe("pacing", () => {
  it("a burst of 20 respects 4 requests/s and 10 in flight (default limits)", {
    timeout: 20_000,
  }, async () => {
    // Slow answers (after the first, which opens the session), so that without the in-flight
    // cap 11 would be out at once by the third second.
    server.handle(async (_req, res) => {
      if (server.requests.length > 1) await new Promise((r) => setTimeout(r, 2500));
      sendJson(res, 200, { collectors: [] });
    });
    const { client } = makeClient(server.url, { limits: {} });
    const started = performance.now();
    await Promise.all(Array.from({ length: 20 }, () => client.collectors.list()));
    const times = server.requests.map((r) => r.time);
    expect(times).toHaveLength(20);
    // The service's rule (a bucket of 4 refilled at 4/s): no arrival found it empty. Arrivals in
    // one calendar second can exceed 4 when a loaded machine delays one send and not the next.
    expect(fewestTokens(times)).toBeGreaterThanOrEqual(1);
    expect(server.maxInFlight).toBe(10);
    // 20 starts at 4 per second need at least 4 windows.
    expect(performance.now() - started).toBeGreaterThan(4000);
  });

  it("caps requests in flight at 10 per access key", async () => {
    server.handle(async (_req, res) => {
      await new Promise((r) => setTimeout(r, 100));
      sendJson(res, 200, { collectors: [] });
    });
    const { client } = makeClient(server.url, {
      limits: { requestsPerSecond: Number.POSITIVE_INFINITY },
    });
    await Promise.all(Array.from({ length: 30 }, () => client.collectors.list()));
    expect(server.requests).toHaveLength(30);
    expect(server.maxInFlight).toBe(10);
  });

  it("is shared by every client with the same access id", async () => {
    const credentials = testCredentials();
    const a = makeClient(server.url, { limits: {} }, credentials);
    const b = makeClient(server.url, { limits: {} }, credentials);
    // Each client opens its connection first: a first arrival, late by its connection's setup,
    // would otherwise fall within a second of the fifth on a loaded machine.
    await Promise.all([a.client.collectors.list(), b.client.collectors.list()]);
    const warmed = server.requests.length;
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: 3 }, () => a.client.collectors.list()),
      ...Array.from({ length: 3 }, () => b.client.collectors.list()),
    ]);
    // One start every 255 ms across both clients: the sixth starts more than five of the
    // service's 250 ms intervals after the first, and no second holds five arrivals (two
    // pacers of their own would start all six within 510 ms).
    expect(performance.now() - started).toBeGreaterThanOrEqual(5 * 250);
    const times = server.requests.map((r) => r.time);
    const burst = times.slice(warmed).sort((x, y) => x - y);
    expect((burst[4] ?? 0) - (burst[0] ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(fewestTokens(times)).toBeGreaterThanOrEqual(1);
  });

  it("a start slot taken ahead starts one request at once, and only one", async () => {
    // One start every 2 s, so that a request paced again is far from one that is not.
    const { client } = makeClient(server.url, { limits: { requestsPerSecond: 0.5 } });
    await client.collectors.list();
    const slot = await client.takeStartSlot(); // the next start, 2 s after the list's
    const taken = performance.now();
    await client.collectors.list({}, { startSlot: slot });
    const firstDone = performance.now();
    await client.collectors.list({}, { startSlot: slot }); // spent: paced as any request
    const secondDone = performance.now();
    expect(server.requests).toHaveLength(3);
    expect(firstDone - taken).toBeLessThan(1000);
    expect(secondDone - firstDone).toBeGreaterThanOrEqual(1900);
  });

  it("does not hold back another access id", async () => {
    const a = makeClient(server.url, { limits: {} });
    const b = makeClient(server.url, { limits: {} });
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: 4 }, () => a.client.collectors.list()),
      ...Array.from({ length: 4 }, () => b.client.collectors.list()),
    ]);
    expect(performance.now() - started).toBeLessThan(900);
  });
});
