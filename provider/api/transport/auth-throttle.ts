// The service's authentication throttle answers 401 even for a good key. A 2xx shows the
// credentials are good; a later 401 for them is then the throttle (the retry table's
// "auth-throttle" row): wait 5, 10, 20 s… within retry.authThrottleWaitMs, saying so once for
// every request of the session waiting at the same time, then send again.
import type { HttpResponse } from "../http";
import { authThrottleWaitMs, retrierFor, sleep } from "../retry";
import { apiError } from "./answer";
import { type Call, type Context, isSuccess, type Stage } from "./stage";

/** "5 s", or "40 ms" under a test's time scale. */
function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`;
}

/** What a process says, once for the requests waiting together, while the throttle holds them. */
export function throttleNotice(request: string, waitMs: number, mostMs: number): string {
  return (
    `collectors: ${request} answered 401 unauthorized, but these credentials were accepted ` +
    "earlier in this process: the service's authentication throttle (it limits sign-ins per " +
    `minute); waiting ${duration(waitMs)} before trying again, at most ${duration(mostMs)} in all.`
  );
}

async function waitForThrottle(ctx: Context, call: Call, ms: number): Promise<void> {
  const { session, retry } = ctx;
  if (session.throttleWaiters++ === 0) {
    const request = `${call.req.method} ${call.suffix}`;
    ctx.warn(throttleNotice(request, ms, retry.authThrottleWaitMs * retry.timeScale));
  }
  try {
    await sleep(ms, call.req.signal);
  } finally {
    session.throttleWaiters--;
  }
}

function givenUp(ctx: Context, call: Call, res: HttpResponse) {
  const { retry } = ctx;
  const note =
    call.throttleWaitedMs > 0
      ? "these credentials were accepted earlier in this process, and were still refused " +
        `after waiting ${duration(call.throttleWaitedMs * retry.timeScale)} for the service's ` +
        "authentication throttle: if the access key was not revoked or replaced, too many " +
        "processes are signing in with it at once"
      : "these credentials were accepted earlier in this process; the service's authentication " +
        "throttle may be refusing them, and waiting for it is off (retry: false)";
  return apiError(ctx, call, res, { note });
}

export function authThrottle(ctx: Context): Stage {
  const { session, retry } = ctx;
  return (next) => async (call) => {
    for (;;) {
      const res = await next(call);
      if (isSuccess(res.status)) session.accepted = true;
      const outcome = { status: res.status, accepted: session.accepted };
      if (retrierFor(call.req.method, outcome) !== "auth-throttle") return res;
      const waitMs = authThrottleWaitMs(call.throttleWaitedMs, retry);
      if (waitMs === undefined) throw givenUp(ctx, call, res);
      call.throttleWaitedMs += waitMs;
      await waitForThrottle(ctx, call, waitMs * retry.timeScale);
    }
  };
}
