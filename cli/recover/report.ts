// What the command prints: a line per pending operation, then the refresh command; or the same
// as one JSON document. Only URNs, types, names, ids and notes: never an input's value.
import { type Finding, logicalName, wasFound } from "./finding";
import { commandText } from "./refresh";

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/** `creating web (collectors:index:HostedCollector) "web-logs" in collector 12: <note>` */
export function findingLine(finding: Finding): string {
  const name = finding.name === undefined ? "" : ` ${JSON.stringify(finding.name)}`;
  const where = finding.collectorId === undefined ? "" : ` in collector ${finding.collectorId}`;
  return `${finding.operation} ${logicalName(finding.urn)} (${finding.type})${name}${where}: ${finding.note}`;
}

/** The report for people: the findings, then what to run. */
export function reportText(
  findings: readonly Finding[],
  argv: readonly string[] | null,
  source: string,
): string[] {
  if (findings.length === 0) return [`No pending operations in ${source}: nothing to recover.`];
  const lines = [
    `${plural(findings.length, "pending operation")} in ${source}:`,
    ...findings.map((f) => `  ${findingLine(f)}`),
    "",
  ];
  const left = findings.filter((f) => ["held", "absent", "other"].includes(f.status));
  if (argv) {
    lines.push("To record the ids found in the stack's state, run:", "", commandText(argv));
    if (left.length > 0) {
      lines.push(
        "",
        "Adding --clear-pending-creates to it also drops every pending create it does not import.",
      );
    }
  } else if (findings.some((f) => f.status !== "settled" && f.status !== "ignored")) {
    lines.push("Nothing to import.");
  } else {
    lines.push("No pending create of a collectors resource: nothing to import.");
  }
  return lines;
}

/** The report for programs: `{ pending: [...], command: argv | null }`. */
export function reportJson(findings: readonly Finding[], argv: readonly string[] | null): string {
  const pending = findings.map((f) => ({
    urn: f.urn,
    type: f.type,
    operation: f.operation,
    name: f.name ?? null,
    ...(f.collectorId === undefined ? {} : { collectorId: f.collectorId }),
    ...(f.id === undefined ? {} : { id: f.id }),
    found: wasFound(f),
    status: f.status,
    note: f.note,
  }));
  return JSON.stringify({ pending, command: argv }, null, 2);
}
