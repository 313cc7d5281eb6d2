// The retry table's "transport" rows (retry.ts): an answer or a failure the service cannot have
// acted on, or that is safe to repeat (429, 502/503/504 and dropped connections of idempotent
// methods, connections never made), is sent again after a backoff, or the Retry-After the
// service asked for, within retry.retries.
import { NetworkError } from "../errors";
import { backoffMs, type Outcome, parseRetryAfter, retrierFor, sleep } from "../retry";
import { type Call, type Context, header, isSuccess, type Stage } from "./stage";

export function backoff(ctx: Context): Stage {
  const { retry, session } = ctx;
  const mayRetry = (call: Call, outcome: Outcome) =>
    call.retries < retry.retries &&
    retrierFor(call.req.readOnly ? "GET" : call.req.method, outcome) === "transport";
  return (next) => async (call) => {
    for (;;) {
      let retryAfterMs: number | undefined;
      try {
        const res = await next(call);
        const outcome = { status: res.status, accepted: session.accepted };
        if (isSuccess(res.status) || !mayRetry(call, outcome)) return res;
        retryAfterMs = parseRetryAfter(header(res.headers, "retry-after"));
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        const outcome = { network: error.code, timedOut: error.reason === "timeout" };
        if (!mayRetry(call, outcome)) throw error;
        call.mayHaveActed ||= error.reason !== "connection-refused";
      }
      await sleep(backoffMs(call.retries++, retry, retryAfterMs), call.req.signal);
    }
  };
}
