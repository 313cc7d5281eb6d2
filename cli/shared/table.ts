// Tables through cli-table3, drawn the same way by every command, and the few value formats
// the tables share.
import Table from "cli-table3";
import type { Collector } from "../../provider/api";
import { width } from "./text-width";

export type Cell = string | number;

/**
 * A table as text: compact (no rule between rows), no colours (output is often piped or logged).
 * `maxWidths` caps prose columns (null: no cap), which then wrap on word boundaries and are no
 * wider than their longest cell. No cell is ever cut: a capped column is at least as wide as its
 * longest word. Leave uncapped every column a user copies from (an id, a name, an address, a
 * command): wrapped, it would copy as two lines.
 */
export function renderTable(head: string[], rows: Cell[][], maxWidths?: (number | null)[]): string {
  const text = rows.map((row) => row.map((cell) => String(cell)));
  const widths = maxWidths?.map((cap, i) => {
    if (cap === null) return null;
    const cells = [head[i] ?? "", ...text.map((row) => row[i] ?? "")];
    const longest = Math.max(...cells.map(width));
    const longestWord = Math.max(...cells.flatMap((cell) => cell.split(/\s+/).map(width)));
    return Math.max(Math.min(cap, longest + 2), longestWord + 2); // + the cell's padding
  });
  const table = new Table({
    head,
    style: { head: [], border: [], compact: true },
    ...(widths ? { colWidths: widths, wordWrap: true, wrapOnWordBoundary: true } : {}),
  });
  for (const row of text) table.push(row);
  return table.toString();
}

/** Milliseconds since the epoch as "2025-03-04 05:06 UTC"; "-" when absent. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "-";
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function isHosted(collector: Collector): boolean {
  return collector.collectorType === "Hosted";
}

/** "Installed" rather than the API's "Installable", which reads oddly in a table. */
export function collectorKind(collector: Collector): string {
  if (collector.collectorType === "Installable") return "Installed";
  return collector.collectorType ?? "-";
}

export function versionOf(collector: Collector): string {
  return collector.collectorVersion ? collector.collectorVersion : "-";
}

/** "Linux 6.1 amd64", or "-" (Hosted collectors have no OS). */
export function osOf(collector: Collector): string {
  const parts = [collector.osName, collector.osVersion, collector.osArch].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : "-";
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What byName orders: an Installed or Hosted Collector (numeric id), an OT collector (hex id). */
export interface Named {
  name: string;
  id: number | string;
}

/**
 * Names before ids: the order people scan a table in. OT collectors' ids are hex of one length,
 * so comparing them as text orders them as numbers.
 */
export function byName(a: Named, b: Named): number {
  const ids =
    typeof a.id === "number" && typeof b.id === "number"
      ? a.id - b.id
      : String(a.id).localeCompare(String(b.id));
  return a.name.localeCompare(b.name) || ids;
}
