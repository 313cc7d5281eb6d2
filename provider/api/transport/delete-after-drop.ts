// A DELETE sent again after a dropped connection that now finds nothing: the first try did the
// deletion. Only the service's own "no such collector/source" says so; a bare 404 may come from
// anything on the way (a wrong endpoint, a proxy).
import { isGoneAnswer } from "../errors";
import { envelope } from "./answer";
import type { Context, Stage } from "./stage";

export function deleteAfterDrop(ctx: Context): Stage {
  return (next) => async (call) => {
    const res = await next(call);
    call.deletedBefore =
      call.req.method === "DELETE" &&
      call.mayHaveActed &&
      isGoneAnswer(res.status, envelope(res.body, ctx.secrets()).code);
    return res;
  };
}
