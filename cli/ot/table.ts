// How the OT collector commands show an OpenTelemetry collector in their tables.
import type { OtCollector } from "../../provider/api";
import { formatTime, renderTable } from "../shared/table";

/** "0.108.0-sumo-0", or "-". */
export function otVersionOf(collector: OtCollector): string {
  return collector.version?.currentVersion || "-";
}

/** "Linux 6.1", or "-". */
export function otOsOf(collector: OtCollector): string {
  const info = collector.systemInfo;
  const parts = [info?.hostOsName, info?.hostOsVersion].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : "-";
}

/** An RFC 3339 time of the service as milliseconds, or undefined when absent or unreadable. */
export function timeOf(text: string | null | undefined): number | undefined {
  const ms = text ? Date.parse(text) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/** "env=prod, team=web" (keys sorted), or "-". */
function tagsOf(collector: OtCollector): string {
  const entries = Object.entries(collector.tags ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return entries.length > 0 ? entries.map(([k, v]) => `${k}=${v}`).join(", ") : "-";
}

/** The table of `collectors ot list`, in the order given (the service's, as --sort asks). */
export function otTable(collectors: readonly OtCollector[]): string {
  const rows = collectors.map((c) => [
    c.id,
    c.name,
    otVersionOf(c),
    c.alive === undefined ? "-" : c.alive ? "yes" : "no",
    c.isRemotelyManaged === undefined ? "-" : c.isRemotelyManaged ? "remote" : "local",
    c.isRemotelyManaged ? (c.sourceTemplateLinkedCount ?? 0) : "-",
    otOsOf(c),
    tagsOf(c),
  ]);
  // Tags wrap: a long list would push every other column off a terminal.
  return renderTable(
    ["ID", "Name", "Version", "Alive", "Managed", "Templates", "OS", "Tags"],
    rows,
    [null, null, null, null, null, null, null, 40],
  );
}

/** The table of the offline commands: what the rule reads (alive, last modified) up front. */
export function otOfflineTable(collectors: readonly OtCollector[]): string {
  const rows = collectors.map((c) => [
    c.id,
    c.name,
    otVersionOf(c),
    formatTime(timeOf(c.modifiedAt)),
    c.systemInfo?.hostName ?? "-",
    otOsOf(c),
  ]);
  return renderTable(["ID", "Name", "Version", "Last modified", "Host", "OS"], rows);
}
