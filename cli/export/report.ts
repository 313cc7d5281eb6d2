// What `collectors export` prints at the end (stdout): what was exported by type, what was
// skipped and why, and the `pulumi config set --secret` lines to run. Secret values appear here,
// on the user's own terminal, and never in a file.
import { shellWord } from "../shared/shell";
import { plural, renderTable } from "../shared/table";
import { destroyNotes, firstUpNote, hasOtCollectors, type Language } from "./notes";
import type { ExportPlan, SecretToSet } from "./plan";
import { commentLines } from "./render";

export function secretCommand(secret: SecretToSet, showValue = true): string {
  const base = `pulumi config set --secret ${shellWord(secret.key)}`;
  if (!showValue)
    return `${base}   # ${secret.field} of ${secret.owner}: type the value when asked`;
  return secret.value === undefined
    ? `${base}   # ${secret.field} of ${secret.owner}: hidden by the service, type the real value when asked`
    : `${base} -- ${shellWord(secret.value)}`;
}

export function summaryTable(plan: ExportPlan): string {
  const rows: (string | number)[][] = [];
  for (const [label, n] of [...plan.collectorCounts].sort()) rows.push([`${label} collectors`, n]);
  for (const [label, n] of [...plan.sourceCounts].sort()) rows.push([`${label} sources`, n]);
  if (plan.templateCount > 0) rows.push(["Source templates", plan.templateCount]);
  const hidden = plan.secrets.filter((s) => s.value === undefined).length;
  rows.push([
    "Secrets to set",
    hidden > 0 ? `${plan.secrets.length} (${hidden} hidden by the service)` : plan.secrets.length,
  ]);
  rows.push(["Skipped", plan.skipped.length]);
  return renderTable(["Exported", "Count"], rows);
}

export function skippedTable(plan: ExportPlan): string {
  return renderTable(
    ["Skipped", "Why"],
    plan.skipped.map((s) => [s.what, s.reason]),
    [null, 70], // names and ids, whole: a user looks them up
  );
}

/** How the project gets what its program runs on: a sentence for the summary, and the steps. */
export interface ProjectSetup {
  language: Language;
  note: string;
  steps: string[];
}

export interface ReportContext {
  out: string;
  stack: string;
  written: string[];
  programOnly: boolean;
  setup: ProjectSetup;
  /**
   * Whether the secrets the service shows are printed in the `pulumi config set` lines (an
   * export's default); a migration prints none, so its output holds no secret in clear.
   */
  secretValues?: boolean;
}

/** Paragraphs wrapped for a terminal. */
const wrapped = (text: string) => commentLines(text, "").join("\n");

export function reportText(plan: ExportPlan, context: ReportContext): string[] {
  const parts: string[] = [];
  parts.push(`Wrote ${context.written.join(", ")} to ${context.out}.`);
  parts.push(summaryTable(plan));
  if (plan.skipped.length > 0) parts.push(skippedTable(plan));
  const { setup } = context;
  const notes = [
    firstUpNote(plan),
    ...destroyNotes(plan.protect, setup.language, hasOtCollectors(plan)),
  ];
  if (!context.programOnly) notes.unshift(setup.note);
  parts.push(notes.map(wrapped).join("\n\n"));
  // The secrets go into the stack, so they are set after it exists and before the first up.
  const secrets = plan.secrets.map((secret) =>
    secretCommand(secret, context.secretValues !== false),
  );
  const cd = context.out === "." ? [] : [`cd ${shellWord(context.out)}`];
  // Into an existing project, index.ts replaced the program there: look before applying.
  const steps = context.programOnly
    ? [...secrets, "pulumi preview"]
    : [
        ...cd,
        ...setup.steps,
        `pulumi stack init ${shellWord(context.stack)}`,
        "pulumi config set --secret collectors:accessKey",
        ...secrets,
        "pulumi up",
        "pulumi preview --expect-no-changes",
      ];
  const heading =
    secrets.length === 0
      ? "Then:"
      : context.secretValues === false
        ? `Then (with ${plural(secrets.length, "secret")} to set, typed when asked: no value is printed or written to a file):`
        : `Then (with ${plural(secrets.length, "secret")} to set: the values are shown only here, never written to a file):`;
  parts.push(["", heading, ...steps.map((s) => `  ${s}`)].join("\n"));
  return parts;
}
