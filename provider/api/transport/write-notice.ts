// Tells the write listeners (Transport.onWrite) the path of every request other than a GET (or a
// read-only POST, a search) when it is sent and again when it has settled, whatever the outcome
// (a failed write may have acted), so that what was read before it (batch.ts's list answers) is
// not taken as current.
import type { Stage } from "./stage";

export function writeNotice(listeners: ReadonlySet<(path: string) => void>): Stage {
  return (next) => async (call) => {
    if (call.req.method === "GET" || call.req.readOnly || listeners.size === 0) return next(call);
    const notify = () => {
      for (const listener of listeners) listener(call.req.path);
    };
    notify();
    try {
      return await next(call);
    } finally {
      notify();
    }
  };
}
