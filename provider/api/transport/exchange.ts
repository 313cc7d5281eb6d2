// The handler at the bottom of the stages: one HTTP exchange. Basic auth and the session's
// cookies go out, its cookies and any secret values in the answer come back into the session;
// a timeout, the caller's signal and a bounded body; one log line. Resolves with the answer
// whatever its status; rejects with a NetworkError when there is none.
import { performance } from "node:perf_hooks";
import { Agent, request } from "undici";
import { NetworkError, type NetworkFailure, ResponseTooLargeError } from "../errors";
import type { HttpResponse } from "../http";
import { redact, secretValues } from "../redact";
import { rememberSecrets } from "../session";
import { type Context, header, type Send } from "./stage";

// One connection pool for the process; per-origin pools are created by the Agent.
let sharedAgent: Agent | undefined;
function agent(): Agent {
  sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 10_000 } });
  return sharedAgent;
}

function networkFailure(code: string | undefined): NetworkFailure {
  if (code === "ECONNREFUSED") return "connection-refused";
  if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") {
    return "connection-reset";
  }
  return "network";
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

type UndiciResponse = Awaited<ReturnType<typeof request>>;

/**
 * The body as text, refusing one larger than maxResponseBytes: at once when Content-Length
 * announces it, else as soon as that much has arrived (the connection is then dropped).
 */
async function readBody(
  res: UndiciResponse,
  limit: number,
  method: string,
  path: string,
): Promise<string> {
  const tooLarge = (size: number, sizeKnown: boolean) => {
    res.body.destroy();
    return new ResponseTooLargeError({
      method,
      path,
      status: res.statusCode,
      size,
      sizeKnown,
      limit,
    });
  };
  const declared = Number(header(res.headers, "content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(declared, true);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw tooLarge(limit, false);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

function parseBody(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function exchange(ctx: Context, authorization: string): Send {
  const { config, session } = ctx;
  return async (call) => {
    const { req, suffix } = call;
    const attempt = ++call.attempts;
    // Taken now, after the queues: a 301 another request followed meanwhile already applies.
    const url = new URL(`${ctx.baseUrl()}${suffix}`);
    call.url = url;
    const headers: Record<string, string> = {
      authorization,
      accept: "application/json",
      "user-agent": config.userAgent,
    };
    const hasBody = req.body !== undefined;
    if (hasBody || req.alwaysJson) headers["content-type"] = "application/json";
    if (req.ifMatch !== undefined) headers["if-match"] = req.ifMatch;
    const cookie = await session.jar.getCookieString(url.href);
    if (cookie) headers.cookie = cookie;

    const timeout = AbortSignal.timeout(config.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const started = performance.now();
    const elapsed = () => `${Math.round(performance.now() - started)}ms`;
    try {
      const res = await request(url, {
        method: req.method,
        headers,
        body: hasBody ? JSON.stringify(req.body) : null,
        signal,
        dispatcher: agent(),
      });
      const setCookie = res.headers["set-cookie"];
      for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
        await session.jar.setCookie(line, url.href, { ignoreError: true });
      }
      const received = () => ctx.log(`${req.method} ${suffix} ${res.statusCode} ${elapsed()}`);
      let text: string;
      try {
        text = await readBody(res, config.maxResponseBytes, req.method, suffix);
      } catch (error) {
        if (error instanceof ResponseTooLargeError) received();
        throw error;
      }
      received();
      const body = parseBody(text);
      rememberSecrets(session, secretValues(body));
      return {
        status: res.statusCode,
        headers: res.headers,
        body,
        etag: header(res.headers, "etag"),
        path: suffix,
      } satisfies HttpResponse;
    } catch (error) {
      if (error instanceof ResponseTooLargeError) throw error;
      if (req.signal?.aborted) {
        ctx.log(`${req.method} ${suffix} aborted ${elapsed()}`);
        throw req.signal.reason;
      }
      if (timeout.aborted) {
        ctx.log(`${req.method} ${suffix} timeout ${elapsed()}`);
        throw new NetworkError("timeout", {
          method: req.method,
          path: suffix,
          detail: `no answer within ${config.timeoutMs} ms (timeoutMs)`,
          attempts: attempt,
        });
      }
      const code = errorCode(error);
      ctx.log(`${req.method} ${suffix} ${code ?? "error"} ${elapsed()}`);
      throw new NetworkError(networkFailure(code), {
        method: req.method,
        path: suffix,
        code,
        detail: redact(
          code ?? (error instanceof Error ? error.message : String(error)),
          ctx.secrets(),
        ),
        attempts: attempt,
      });
    }
  };
}
