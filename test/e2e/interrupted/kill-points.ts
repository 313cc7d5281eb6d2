// Where the kill matrix stops a run: at every write the run makes, read from the request log of
// the same change run once with no fault (never a count written here), in the order the log
// shows them. A run is killed either while the write's answer is held (the write committed, its
// answer never sent) or just after its answer was sent (it reached the provider, never the
// state): the last write of a change takes the second, the others the first, so that the run
// that has nothing left to send is stopped too, at no more runs than there are writes.
import type { LoggedRequest } from "../../helpers/pulumi";

/** What a run changes: the whole small stack made, changed, removed (stack.ts). */
export const CHANGES = ["create", "update", "delete"] as const;
export type Change = (typeof CHANGES)[number];

const WRITE_METHODS = ["POST", "PUT", "DELETE"] as const;
export type WriteMethod = (typeof WRITE_METHODS)[number];

/** When the run is killed: while the write's answer is held, or just after it was sent. */
export type Moment = "held" | "sent";

export interface KillPoint {
  /** The matrix's row: "create: POST 2", "create: POST 3, answer sent". */
  row: string;
  change: Change;
  method: WriteMethod;
  /** Its place among the run's writes of its method, from 1: what the fault or kill counts. */
  k: number;
  /** Its place among all the run's writes, from 1. */
  index: number;
  moment: Moment;
}

const isWrite = (method: string): method is WriteMethod =>
  (WRITE_METHODS as readonly string[]).includes(method);

/** The writes among a run's requests, in the log's order. */
export function writesIn(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((r) => isWrite(r.method));
}

/** A kill point per write of `writes` (a run of `change` with no fault), in order. */
export function killPoints(change: Change, writes: readonly LoggedRequest[]): KillPoint[] {
  const seen = new Map<string, number>();
  return writes.map((write, i) => {
    const method = write.method as WriteMethod;
    const k = (seen.get(method) ?? 0) + 1;
    seen.set(method, k);
    const moment: Moment = i === writes.length - 1 ? "sent" : "held";
    const row = `${change}: ${method} ${k}${moment === "sent" ? ", answer sent" : ""}`;
    return { row, change, method, k, index: i + 1, moment };
  });
}
