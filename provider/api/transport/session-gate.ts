// Until the service first answers these credentials, one request at a time: the others then
// carry its session cookie instead of each signing in (the service throttles sign-ins).
import { throughSessionGate } from "../session";
import type { Context, Stage } from "./stage";

export function sessionGate(ctx: Context): Stage {
  return (next) => (call) => throughSessionGate(ctx.session, () => next(call), call.req.signal);
}
