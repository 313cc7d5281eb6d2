// `collectors recover`, start to end: read the export, look up each pending create of ours,
// check what was found against the state, print, and with --run record the ids found in the
// stack's state (import-state.ts).
import type { CollectorsClient } from "../../provider/api";
import { type CommandResult, EXIT, type Output, UsageError } from "../shared/output";
import { readStackExport } from "../shared/stack-export";
import { checkAgainstState } from "./check-state";
import { find } from "./find";
import { type ImportHost, importAndRefresh } from "./import-state";
import { type InputHost, type InputOptions, readExport } from "./input";
import { classify } from "./pending";
import { recordFound, toRecord } from "./record";
import { recoverRunArgv, reportJson, reportText } from "./report";
import { type Finding, STATUSES } from "./statuses";

export interface RecoverOptions extends InputOptions {
  /** Record the ids found in the stack's state instead of only saying how. */
  run?: boolean | undefined;
  json?: boolean | undefined;
}

export interface RecoverResult {
  findings: Finding[];
  /** The `collectors recover --run` that records what was found, or null. */
  command: string[] | null;
  /** With --run: pulumi's first non-zero exit code, else 0; absent when pulumi was not run. */
  pulumiCode?: number;
}

/** Exit 0 only when every pending create of ours is recorded by --run. */
function exitCodeOf(findings: readonly Finding[]): number {
  return findings.some((f) => STATUSES[f.status].open) ? EXIT.failed : EXIT.ok;
}

function checkFlags(options: RecoverOptions): void {
  if (options.run && options.json) {
    throw new UsageError(
      "--run and --json do not go together: --json prints the command for a script to run itself",
    );
  }
  if (options.run && options.file !== undefined) {
    // An export given as a file may be older than the stack's state, or another stack's:
    // importing it would undo whatever happened since.
    throw new UsageError(
      `--run does not take FILE (${options.file}): the state it records the ids in must be the ` +
        "stack's current one, which it reads with `pulumi stack export` itself; run " +
        "`collectors recover --run` where the project is, or with --cwd and --stack",
    );
  }
}

export async function runRecover(
  client: CollectorsClient,
  options: RecoverOptions,
  output: Output,
  host: InputHost & ImportHost,
): Promise<CommandResult<RecoverResult>> {
  checkFlags(options);
  const { text, source } = await readExport(options, host);
  const exported = readStackExport(text, source);
  const findings = checkAgainstState(
    await Promise.all(
      exported.pending.map(async (operation) => {
        const classified = classify(operation);
        return "status" in classified ? classified : find(client, classified);
      }),
    ),
    exported.resources,
  );
  const command = recoverRunArgv(findings, options);
  if (options.json) output.out(reportJson(findings, command));
  else output.out(reportText(findings, command, source, options.run === true).join("\n"));
  const exitCode = exitCodeOf(findings);
  if (!options.run) return { result: { findings, command }, exitCode };
  const found = toRecord(findings);
  if (found.length === 0) {
    output.err("--run: nothing to record; the stack's state is left as it is.");
    return { result: { findings, command }, exitCode };
  }
  const pulumiCode = await importAndRefresh(
    recordFound(exported, findings),
    found.map((f) => f.urn),
    options,
    host,
    output,
  );
  return {
    result: { findings, command, pulumiCode },
    exitCode: pulumiCode !== 0 ? pulumiCode : exitCode,
  };
}
