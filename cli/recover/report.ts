// What the command prints: a line per pending operation, then what records the ids found; or
// the same as one JSON document. Only URNs, types, names, ids and notes: never an input's value.
import { logicalNameOf } from "../../provider/resources/steps/urn";
import { commandLine } from "../shared/shell";
import { plural } from "../shared/table";
import type { InputOptions } from "./input";
import { toRecord } from "./record";
import { type Finding, STATUSES } from "./statuses";

/** `collectors recover --run` for the same stack; null when nothing is to be recorded. */
export function recoverRunArgv(
  findings: readonly Finding[],
  options: InputOptions,
): string[] | null {
  if (toRecord(findings).length === 0) return null;
  return [
    "collectors",
    "recover",
    "--run",
    ...(options.stack === undefined ? [] : ["--stack", options.stack]),
    ...(options.cwd === undefined ? [] : ["--cwd", options.cwd]),
  ];
}

/** What --run does, and why not the refresh flag made for this. */
const HOW = [
  "It records their ids in the stack's state with `pulumi stack import`, then `pulumi refresh --target` reads the objects from the service.",
  "Not `pulumi refresh --import-pending-creates`: it drops the pending creates without recording them.",
];

/** `creating web (collectors:index:HostedCollector) "web-logs" in collector 12: <note>` */
export function findingLine(finding: Finding): string {
  const name = finding.name === undefined ? "" : ` ${JSON.stringify(finding.name)}`;
  const where = finding.collectorId === undefined ? "" : ` in collector ${finding.collectorId}`;
  return `${finding.operation} ${logicalNameOf(finding.urn)} (${finding.type})${name}${where}: ${finding.note}`;
}

/**
 * The report for people: the findings, then what records the ids found: `command` (from
 * recoverRunArgv) to run, or, with --run (`running`), what is being run.
 */
export function reportText(
  findings: readonly Finding[],
  command: readonly string[] | null,
  source: string,
  running = false,
): string[] {
  if (findings.length === 0) return [`No pending operations in ${source}: nothing to recover.`];
  const lines = [
    `${plural(findings.length, "pending operation")} in ${source}:`,
    ...findings.map((f) => `  ${findingLine(f)}`),
    "",
  ];
  const left = findings.filter((f) => STATUSES[f.status].cleared);
  if (command) {
    if (running) {
      lines.push(
        "Recording the ids found in the stack's state (`pulumi stack import`, then `pulumi refresh --target`).",
      );
    } else {
      lines.push(
        "To record the ids found in the stack's state, run:",
        "",
        commandLine(command),
        "",
        ...HOW,
      );
    }
    if (left.length > 0) {
      lines.push(
        "",
        "Once the ids are recorded, `pulumi refresh --clear-pending-creates` drops every pending create left.",
      );
    }
  } else if (findings.some((f) => STATUSES[f.status].ours)) {
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
    found: STATUSES[f.status].found,
    status: f.status,
    note: f.note,
  }));
  return JSON.stringify({ pending, command: argv }, null, 2);
}
