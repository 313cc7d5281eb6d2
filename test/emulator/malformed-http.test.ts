// Issue 9: requests Node's HTTP parser refuses (bad request line, NUL in a header, bad or
// doubled Content-Length, unknown method, headers over 16 KiB) and bodies slower than the body
// timeout get the spec's error envelope with the right 4xx/5xx, over raw sockets, because no
// HTTP client library will send them.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { envelopeProblem } from "../helpers/envelope";
import { basicAuth, type HttpResponse } from "../helpers/http";
import { BACKENDS, MANAGER, useEmulator } from "./harness";

interface RawAnswer extends HttpResponse {
  raw: string;
}

/** Writes `chunks` to a fresh connection (pausing `gapMs` between them) and reads to the end. */
function rawRequest(origin: string, chunks: (string | Buffer)[], gapMs = 0): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    const giveUp = setTimeout(() => socket.destroy(new Error("no answer within 10 s")), 10_000);
    socket.on("connect", async () => {
      for (const chunk of chunks) {
        if (socket.destroyed || !socket.writable) break;
        socket.write(chunk);
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
    socket.on("data", (d) => received.push(d));
    socket.on("error", (e) => {
      // the server may close while the test is still writing: what it answered is what counts
      if (received.length === 0) reject(e);
    });
    socket.on("close", () => {
      clearTimeout(giveUp);
      const raw = Buffer.concat(received).toString("utf8");
      const [head = "", text = ""] = raw.split("\r\n\r\n", 2);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const status = Number(statusLine.split(" ")[1] ?? 0);
      resolve({ raw, status, headers, text, json, durationMs: 0 });
    });
  });
}

const AUTH = basicAuth(MANAGER);

function expectEnvelope(res: RawAnswer, status: number, code?: string): void {
  expect(res.status, res.raw.slice(0, 400)).toBe(status);
  expect(envelopeProblem(res), res.raw.slice(0, 400)).toBeUndefined();
  if (code) expect((res.json as { code: string }).code).toBe(code);
}

describe.each(BACKENDS)("malformed HTTP ($name store)", (backend) => {
  const ctx = useEmulator(backend, { bodyTimeoutMs: 400 });

  const cases: [string, string, number, string][] = [
    ["a bad request line", "GARBAGE\r\n\r\n", 400, "request.malformed"],
    [
      "a bad HTTP version",
      "GET /api/v1/collectors HTTP/9.9\r\nHost: x\r\n\r\n",
      400,
      "request.malformed",
    ],
    [
      "a NUL in a header value",
      `GET /api/v1/collectors HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nX-A: a\0b\r\n\r\n`,
      400,
      "request.malformed",
    ],
    [
      "a NUL in a header name",
      "GET /api/v1/collectors HTTP/1.1\r\nHost: x\r\nX\0A: b\r\n\r\n",
      400,
      "request.malformed",
    ],
    [
      "a Content-Length that is not a number",
      "POST /api/v1/collectors HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}",
      400,
      "request.malformed",
    ],
    [
      "two Content-Lengths",
      "POST /api/v1/collectors HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
      400,
      "request.malformed",
    ],
    [
      "Content-Length with chunked Transfer-Encoding",
      "POST /api/v1/collectors HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
      400,
      "request.malformed",
    ],
    [
      "a chunked body with a bad chunk size",
      `POST /api/v1/collectors HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n{}\r\n0\r\n\r\n`,
      400,
      "request.malformed",
    ],
    [
      "an unknown method",
      `BREW /api/v1/collectors HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\n\r\n`,
      501,
      "method.unsupported",
    ],
    [
      "headers over 16 KiB",
      `GET /api/v1/collectors HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(17 * 1024)}\r\n\r\n`,
      431,
      "request.headers.too.large",
    ],
  ];

  it.each(cases)("answers %s with the envelope", async (_what, request, status, code) => {
    const res = await rawRequest(ctx.origin, [request]);
    expectEnvelope(res, status, code);
    expect(res.headers.connection).toBe("close");
  });

  it.each([
    ["a bad request line", "GARBAGE\r\n\r\n", 400],
    ["an unknown method", "BREW /api/v1/collectors HTTP/1.1\r\nHost: x\r\n\r\n", 501],
  ])("answers a good request, then %s pipelined after it, in order", async (_what, bad, status) => {
    const good = `GET /api/v1/collectors HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\n\r\n`;
    const res = await rawRequest(ctx.origin, [good + bad]);
    // the first answer is the good request's, whole; the refusal follows it
    expect(res.status, res.raw).toBe(200);
    const second = res.raw.slice(res.raw.indexOf("HTTP/1.1", 1));
    expect(second).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const body = JSON.parse(second.slice(second.indexOf("\r\n\r\n") + 4));
    expect(body.status).toBe(status);
  });

  it("answers a method Node knows but the API does not with the envelope", async () => {
    const res = await rawRequest(ctx.origin, [
      `PROPFIND /api/v1/collectors HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nConnection: close\r\n\r\n`,
    ]);
    expectEnvelope(res, 405, "method.unsupported");
  });

  it("answers a body slower than the body timeout with 408 and the envelope", async () => {
    const body = JSON.stringify({ collector: { collectorType: "Hosted", name: "slow" } });
    const res = await rawRequest(ctx.origin, [
      `POST /api/v1/collectors HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body.slice(0, 10),
    ]);
    expectEnvelope(res, 408, "request.timeout");
    // nothing was created, and the service still answers
    const list = await rawRequest(ctx.origin, [
      `GET /api/v1/collectors HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nConnection: close\r\n\r\n`,
    ]);
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ collectors: [] });
  });

  it("lets a body that keeps coming in time through", async () => {
    const body = JSON.stringify({
      collector: { collectorType: "Hosted", name: "steady", ephemeral: false },
    });
    const res = await rawRequest(
      ctx.origin,
      [
        `POST /api/v1/collectors HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nConnection: close\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body.slice(0, 10),
        body.slice(10),
      ],
      50,
    );
    expect(res.status, res.raw).toBe(201);
  });
});
