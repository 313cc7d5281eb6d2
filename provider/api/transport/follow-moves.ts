// 301/308 moved: the account lives in another deployment. The request goes again to the new
// base, which the session keeps for the rest of the process (said once), but only to the
// configured service (moved.ts), and a few times at most.
import { ApiError } from "../errors";
import type { HttpResponse } from "../http";
import { baseFromLocation, deploymentNamed, isTrustedTarget } from "../moved";
import { redact } from "../redact";
import { apiError, envelope } from "./answer";
import { type Call, type Context, header, type Stage } from "./stage";

const MAX_MOVES = 3;

/** Takes the Location of `res` as the session's base, or throws why not. */
function move(ctx: Context, call: Call, res: HttpResponse, location: string): void {
  const { config, session } = ctx;
  const { method } = call.req;
  const secrets = ctx.secrets();
  const target = new URL(location, call.url);
  const refuse = (why: string) =>
    new ApiError({
      ...envelope(res.body, secrets),
      status: res.status,
      method,
      path: call.suffix,
      message:
        `${method} ${call.suffix} answered ${res.status} moved to ${redact(target.origin, secrets)}${why}; ` +
        "set deployment (or endpoint) to the deployment the account lives in.",
    });
  if (!isTrustedTarget(target, config.baseUrl)) {
    throw refuse(
      `, which is outside the configured service (${new URL(config.baseUrl).origin}): ` +
        "not followed, so no credentials were sent there",
    );
  }
  const newBase = baseFromLocation(target, call.suffix);
  if (!newBase) throw refuse(", whose path shows no /api/v1 base URL");
  session.movedBase = newBase;
  if (session.warnedMove) return;
  session.warnedMove = true;
  ctx.warn(movedNotice(newBase, config.customEndpoint));
}

/** What a process says, once, when the service sends its requests to another deployment. */
export function movedNotice(newBase: string, customEndpoint: boolean): string {
  const dep = deploymentNamed(newBase);
  const where = dep ? `deployment "${dep}"` : "another deployment";
  const fix = customEndpoint
    ? `set endpoint to ${newBase}`
    : `set deployment to "${dep ?? "?"}" (or COLLECTORS_DEPLOYMENT)`;
  return (
    `collectors: the account lives in ${where}; the service moved requests to ${newBase}, ` +
    `which this process now uses. To skip the redirect, ${fix}.`
  );
}

export function followMoves(ctx: Context): Stage {
  return (next) => async (call) => {
    for (;;) {
      const res = await next(call);
      const location = header(res.headers, "location");
      if ((res.status !== 301 && res.status !== 308) || !location) return res;
      if (++call.moves > MAX_MOVES) throw apiError(ctx, call, res);
      move(ctx, call, res, location);
    }
  };
}
