// What the offline deletions (`collectors offline delete`, `collectors ot offline delete`) share:
// the question before anything is deleted (and the refusal when nobody can answer it), and the
// table they end with.
import { EXIT, type Output } from "./output";
import { byName, type Named, plural, renderTable } from "./table";

export type Answer = { confirmed: true } | { confirmed: false; exitCode: number };

/**
 * Asks whether to delete the `count` collectors shown above. Without a terminal it refuses (exit
 * 2: run again with --yes); a no deletes nothing (exit 1).
 */
export async function confirmDeletion(output: Output, count: number): Promise<Answer> {
  if (!output.confirm) {
    output.err(
      "error: not deleting without confirmation, and there is no terminal to ask on. Check the list above, then run again with --yes.",
    );
    return { confirmed: false, exitCode: EXIT.usage };
  }
  const these = count === 1 ? "this collector" : `these ${plural(count, "collector")}`;
  if (!(await output.confirm(`Delete ${these}?`))) {
    output.out("Nothing was deleted.");
    return { confirmed: false, exitCode: EXIT.failed };
  }
  return { confirmed: true };
}

/** One collector's line in the closing table. */
export interface DeletionRow<C extends Named = Named> {
  collector: C;
  deleted: boolean;
  /** Why it was not deleted; for a deleted one, anything worth knowing ("" mostly). */
  detail: string;
}

/** The deleted ones first, then those NOT DELETED with why, each group by name. */
export function deletionTable(rows: readonly DeletionRow[]): string {
  const group = (deleted: boolean) =>
    rows
      .filter((row) => row.deleted === deleted)
      .sort((a, b) => byName(a.collector, b.collector))
      .map((row) => [
        row.collector.name,
        row.collector.id,
        deleted ? "deleted" : "NOT DELETED",
        row.detail,
      ]);
  return renderTable(
    ["Collector", "ID", "Result", "Detail"],
    [...group(true), ...group(false)],
    [null, null, null, 60],
  );
}

/** Ctrl-C before any DELETE was sent: said, recorded in the result, exit 130. */
export function interruptedBeforeDeleting<R extends { interrupted: boolean }>(
  result: R,
  output: Output,
): { result: R; exitCode: number } {
  output.out("Interrupted (Ctrl-C): nothing was deleted.");
  result.interrupted = true;
  return { result, exitCode: EXIT.interrupted };
}
