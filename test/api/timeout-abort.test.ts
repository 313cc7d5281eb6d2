import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NetworkError } from "../../provider/api";
import { makeClient } from "./helpers/client";
import { type ScriptedServer, sendError, sendJson, startServer } from "./helpers/server";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

const never = () => {}; // the server never answers

describe("timeouts", () => {
  it("fails a request with no answer within timeoutMs, without retrying it", async () => {
    server.handle(never);
    const { client, logs } = makeClient(server.url, { timeoutMs: 100 });
    const started = performance.now();
    const error = await client.collectors.get(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ reason: "timeout" });
    expect(String(error)).toMatch(/no answer within 100 ms \(timeoutMs\)/);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
    expect(logs).toEqual([expect.stringMatching(/^GET \/collectors\/1 timeout \d+ms$/)]);
  });
});

describe("AbortSignal", () => {
  it("aborts a request in flight with the signal's reason", async () => {
    server.handle(never);
    const { client } = makeClient(server.url);
    const controller = new AbortController();
    const pending = client.collectors.list({}, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("refuses to start with an aborted signal", async () => {
    const { client } = makeClient(server.url);
    await expect(client.collectors.list({}, { signal: AbortSignal.abort() })).rejects.toMatchObject(
      {
        name: "AbortError",
      },
    );
    expect(server.requests).toHaveLength(0);
  });

  it("aborts while waiting between retries", async () => {
    server.handle((_req, res) => sendError(res, 503, "service.unavailable"));
    const { client } = makeClient(server.url, { retry: { timeScale: 1, minDelayMs: 10_000 } });
    const controller = new AbortController();
    const started = performance.now();
    const pending = client.collectors.get(1, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
  });

  it("aborts while queued behind the pacing limiter, without sending", async () => {
    server.handle((_req, res) => sendJson(res, 200, { collectors: [] }));
    const { client } = makeClient(server.url, { limits: { requestsPerSecond: 1 } });
    await client.collectors.list();
    const controller = new AbortController();
    const pending = client.collectors.list({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await new Promise((r) => setTimeout(r, 1100));
    expect(server.requests).toHaveLength(1);
  });

  it("aborts an iteration between pages", async () => {
    server.handle((req, res) =>
      sendJson(res, 200, { collectors: [{ id: Number(req.query.get("offset")), name: "c" }] }),
    );
    const { client } = makeClient(server.url);
    const controller = new AbortController();
    const seen: number[] = [];
    const run = async () => {
      for await (const c of client.collectors.iterate(
        { pageSize: 1 },
        { signal: controller.signal },
      )) {
        seen.push(c.id);
        if (seen.length === 3) controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ name: "AbortError" });
    expect(seen).toEqual([0, 1, 2]);
  });
});
