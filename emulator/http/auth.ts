import type { FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../accounts";
import type { EmulatorContext } from "../context";
import { cookiePath, type Deployment } from "../deployments";
import { fail } from "../errors";
import type { RequestSession } from "./fastify-types";
import { readCookie, SESSION_COOKIE } from "./sessions";

function basicCredentials(
  header: string | undefined,
): { accessId: string; accessKey: string } | undefined {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return undefined;
  return { accessId: decoded.slice(0, colon), accessKey: decoded.slice(colon + 1) };
}

const THROTTLED =
  "Credential could not be verified: too many authentications for this access id in the last minute. Send the session cookie back, or wait a minute.";

/**
 * HTTP Basic authentication with the session cookie of spec 5 (docs/reference/service/collector-management-api.md): a request with the right
 * key that carries its user's live session cookie skips the per-minute authentication throttle;
 * any other authenticated request gets a new session and its cookie. Failures always count.
 */
export function authenticate(
  ctx: EmulatorContext,
  request: FastifyRequest,
  reply: FastifyReply,
  deployment: Deployment,
): { caller: Caller; session: RequestSession } {
  const credentials = basicCredentials(request.headers.authorization);
  if (!credentials) {
    fail(
      "unauthorized",
      "Credential could not be verified: send HTTP Basic authentication with your access id and access key.",
    );
  }
  // The key is checked first, so a wrong one is counted whether or not a cookie comes with it.
  const caller = ctx.directory.verify(credentials.accessId, credentials.accessKey);
  if (!caller) {
    const known = ctx.directory.knows(credentials.accessId);
    const address = request.socket.remoteAddress ?? "unknown";
    if (!ctx.authThrottle.countFailure(credentials.accessId, known, address))
      fail("unauthorized", THROTTLED);
    fail(
      "unauthorized",
      "Credential could not be verified: unknown access id or wrong access key.",
    );
  }
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  const hasSession = ctx.sessions.valid(cookie, caller.user.accessId);
  if (!hasSession && !ctx.authThrottle.allowSuccess(caller.user.accessId)) {
    fail("unauthorized", THROTTLED);
  }
  if (hasSession && cookie !== undefined)
    return { caller, session: { id: cookie, fromCookie: true } };
  const id = ctx.sessions.create(caller.user.accessId);
  reply.header("set-cookie", `${SESSION_COOKIE}=${id}; Path=${cookiePath(deployment)}; HttpOnly`);
  return { caller, session: { id, fromCookie: false } };
}
