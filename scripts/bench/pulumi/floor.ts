// How a command's time compares with the floor the service's rate limit sets (requests ÷ 4/s):
// the engine's fixed cost is taken out first, since no provider can make it shorter, and the
// request log says where the rest went (before the first request, during the requests, after).
import type { LoggedRequest } from "../../../emulator/index";
import { DEFAULT_LIMITS } from "../../../provider/api/throttle";
import { floorMs } from "../shared/service-requests";
import { seconds } from "./format";
import type { Measured } from "./measure";
import type { Options } from "./options";

/** (wall − engine) ÷ floor of one command, or "—" without requests or an engine cost. */
export function overFloor(m: Measured, engine: number | undefined): string {
  const n = m.requests.length;
  if (n === 0 || engine === undefined) return "—";
  return ((m.ended - m.started - engine) / floorMs(n)).toFixed(2);
}

/**
 * The shortest time the client's pacing allows for n request starts: one start every
 * 1000 / requestsPerSecond ms plus the margin (255 ms with the defaults of provider/api/throttle.ts).
 * A request span near this bound means the client's queue, not the engine, set the pace.
 */
function pacingBoundMs(n: number, marginMs = DEFAULT_LIMITS.windowMarginMs): number {
  return Math.max(0, n - 1) * (1000 / DEFAULT_LIMITS.requestsPerSecond + marginMs);
}

/** What a request is about: "collector" or "source" (by its path). */
function kindOf(r: LoggedRequest): "collector" | "source" | "other" {
  const p = r.path.replace(/^.*\/api\/v1/, "");
  if (/^\/collectors\/\d+\/sources(\/\d+)?$/.test(p)) return "source";
  if (/^\/collectors(\/\d+)?$/.test(p)) return "collector";
  return "other";
}

/** One timeline row: where the command's time went, from the request log. */
export function timeline(m: Measured, opts: Options): string[] {
  const wall = m.ended - m.started;
  const rs = [...m.requests].sort((a, b) => a.time - b.time);
  const first = rs[0];
  const last = rs.at(-1);
  if (!first || !last) return [m.step.name, "—", "—", seconds(wall), "—", "—", "—", "—"];
  const lastEnd = Math.max(...rs.map((r) => r.time + r.durationMs));
  const span = lastEnd - first.time;
  // The longest pause between two consecutive arrivals, and where in the sequence it fell: a
  // pause in the middle of a run is the engine falling behind the client's pacing.
  let pause = 0;
  let at = 0;
  for (let i = 1; i < rs.length; i++) {
    const gap = (rs[i] as LoggedRequest).time - (rs[i - 1] as LoggedRequest).time;
    if (gap > pause) {
      pause = gap;
      at = i;
    }
  }
  // Collectors first, then sources (an up) or sources first (a destroy): when each kind ran.
  const phases = (["collector", "source"] as const)
    .map((kind) => {
      const of = rs.filter((r) => kindOf(r) === kind);
      if (of.length === 0) return undefined;
      const from = (of[0] as LoggedRequest).time - m.started;
      const to = Math.max(...of.map((r) => r.time + r.durationMs)) - m.started;
      return `${kind}s ${of.length}: ${seconds(from)}–${seconds(to)} s`;
    })
    .filter(Boolean)
    .join("; ");
  return [
    m.step.name,
    seconds(first.time - m.started),
    seconds(span),
    seconds(m.ended - lastEnd),
    opts.limits ? seconds(pacingBoundMs(rs.length, opts.pacingMarginMs)) : "off",
    `${((rs.length - 1) / (span / 1000)).toFixed(2)}/s`,
    `${seconds(pause)} s after request ${at} of ${rs.length}`,
    phases,
  ];
}
