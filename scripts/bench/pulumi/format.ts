// How figures are written in the tables and in the progress lines, in one place so that both
// say the same thing the same way.
import type { LoggedRequest } from "../../../emulator/index";
import { type ProcessPeak, peakByRole, ROLES } from "../shared/process-memory";
import { countBy } from "../shared/service-requests";

/** Milliseconds as seconds with one decimal: "12.3". */
export const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** KiB as whole MiB: "96"; "—" for a role that did not run. */
export const mib = (kb: number | undefined) => (kb === undefined ? "—" : (kb / 1024).toFixed(0));

/** "GET 200 ×400, POST 201 ×197": requests by method and status. */
export function byMethodAndStatus(requests: LoggedRequest[]): string {
  return (
    [...countBy(requests, (r) => `${r.method} ${r.status}`)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k} ×${n}`)
      .join(", ") || "none"
  );
}

/** The peak RSS (MiB) of each role that ran, in ROLES' order: "engine 96 / program 210 …". */
export function memoryCells(memory: readonly ProcessPeak[]): string[] {
  const peaks = peakByRole(memory);
  return ROLES.filter((role) => peaks.has(role)).map((role) => `${role} ${mib(peaks.get(role))}`);
}
