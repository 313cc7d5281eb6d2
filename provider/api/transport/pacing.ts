// The process-wide pacing of the credential (throttle.ts): a start slot and an in-flight slot
// for every exchange, retries included; a slot taken ahead (RequestOptions.startSlot) serves the first.
import type { Limiter } from "../throttle";
import type { Stage } from "./stage";

export function pacing(limiter: Limiter): Stage {
  return (next) => (call) => limiter.run(() => next(call), call.req.signal, call.req.startSlot);
}
