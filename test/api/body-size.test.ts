// The client reads at most maxResponseBytes (default 64 MiB) of an answer into memory: a larger
// one fails the request with an error naming the size, the limit and the option, at once when
// Content-Length announces it, else as soon as the limit is passed (the connection is dropped).
import type { ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_MAX_RESPONSE_BYTES, InputError, ResponseTooLargeError } from "../../provider/api";
import { makeClient } from "./helpers/client";
import { type ScriptedServer, sendJson, startServer } from "./helpers/server";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

/** Streams an endless JSON array until the client hangs up; resolves with the bytes sent. */
function endless(res: ServerResponse, headers: Record<string, string | number> = {}) {
  return new Promise<number>((resolve) => {
    let sent = 0;
    res.writeHead(200, { "content-type": "application/json", ...headers });
    const chunk = `${JSON.stringify({ id: 1, name: "x".repeat(1000) })},`;
    const timer = setInterval(() => {
      if (res.destroyed) return;
      for (let i = 0; i < 16; i++) {
        res.write(chunk);
        sent += chunk.length;
      }
    }, 1);
    res.write('{"collectors":[');
    res.on("close", () => {
      clearInterval(timer);
      resolve(sent);
    });
  });
}

describe("the size of an answer read into memory", () => {
  it("defaults to 64 MiB, and refuses a larger Content-Length before reading the body", async () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(64 * 1024 * 1024);
    const size = 200 * 1024 * 1024;
    let hungUp: Promise<number> | undefined;
    server.handle((_req, res) => {
      hungUp = endless(res, { "content-length": size });
    });
    const { client, logs } = makeClient(server.url, { timeoutMs: 5_000 });
    const error = await client.collectors.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({
      method: "GET",
      status: 200,
      size,
      sizeKnown: true,
      limit: DEFAULT_MAX_RESPONSE_BYTES,
    });
    expect((error as Error).message).toBe(
      "GET /collectors answered 200 with a body of 209715200 bytes " +
        "(Content-Length), over the limit of 67108864 bytes the client reads into memory, so it " +
        "was not read. If such an answer is expected, raise the client option maxResponseBytes.",
    );
    // The client hung up instead of draining 200 MB, and did not retry.
    expect(await hungUp).toBeLessThan(size);
    expect(server.requests).toHaveLength(1);
    expect(logs).toEqual([expect.stringMatching(/^GET \/collectors\S* 200 \d+ms$/)]);
  });

  it("stops reading a body without Content-Length once it passes the limit", async () => {
    let hungUp: Promise<number> | undefined;
    server.handle((_req, res) => {
      hungUp = endless(res);
    });
    const limit = 64 * 1024;
    const { client } = makeClient(server.url, { maxResponseBytes: limit, timeoutMs: 5_000 });
    const error = await client.collectors.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ size: limit, sizeKnown: false, limit });
    expect((error as Error).message).toContain(
      `with a body of more than ${limit} bytes, over the limit of ${limit} bytes`,
    );
    expect((error as Error).message).toContain("maxResponseBytes");
    // The connection was dropped: the server saw the client hang up.
    await expect(hungUp).resolves.toBeGreaterThan(limit);
  });

  it("reads an answer of exactly the limit, and an error body under it", async () => {
    const body = { collectors: [{ id: 1, name: "a", collectorType: "Hosted", ephemeral: false }] };
    const limit = Buffer.byteLength(JSON.stringify(body));
    server.handle((_req, res) => sendJson(res, 200, body));
    const { client } = makeClient(server.url, { maxResponseBytes: limit });
    await expect(client.collectors.list()).resolves.toHaveLength(1);
    server.handle((_req, res) => sendJson(res, 404, { code: "notfound", message: "no" }));
    await expect(client.collectors.get(1)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses an option that is not a positive whole number of bytes, naming it", () => {
    for (const maxResponseBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      let error: unknown;
      try {
        makeClient(server.url, { maxResponseBytes });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect(error).toMatchObject({ field: "maxResponseBytes" });
      expect((error as Error).message).toContain(
        "maxResponseBytes must be a positive whole number",
      );
    }
  });
});
