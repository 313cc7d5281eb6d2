// A real HTTP server on 127.0.0.1, port 0, scripted per test: it records every request (with the
// time it arrived and how many were in flight) and answers through the test's handler.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";

export interface Recorded {
  method: string;
  /** Raw request target, e.g. "/api/v1/collectors?limit=2&offset=0". */
  url: string;
  /** Path after the "/api/v1" base (or the raw path when outside it), without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect arbitrary JSON bodies
  json: any;
  /** performance.now() when the request arrived. */
  time: number;
  /** Requests in flight when this one arrived (itself included). */
  inFlight: number;
}

export type Handler = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export interface ScriptedServer {
  origin: string;
  /** The us1-style base URL: `${origin}/api/v1`. */
  url: string;
  requests: Recorded[];
  maxInFlight: number;
  /** Replaces the handler. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, {
    ...(text ? { "content-type": "application/json" } : {}),
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message = `error ${code}`,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { status, id: "ABC12-DEF34-GHI56", code, message }, headers);
}

export async function startServer(
  handler: Handler = (_q, r) => sendJson(r, 200, {}),
): Promise<ScriptedServer> {
  let current = handler;
  let inFlight = 0;
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const time = performance.now();
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        inFlight--;
      }
    };
    res.on("finish", finish);
    res.on("close", finish);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://x");
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const at = url.pathname.indexOf("/api/v1");
      const recorded: Recorded = {
        method: req.method ?? "GET",
        url: req.url ?? "/",
        path: at >= 0 ? url.pathname.slice(at + "/api/v1".length) : url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json,
        time,
        inFlight,
      };
      requests.push(recorded);
      Promise.resolve(current(recorded, res)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 599, { message: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const state: ScriptedServer = {
    origin,
    url: `${origin}/api/v1`,
    requests,
    maxInFlight: 0,
    handle(next) {
      current = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
