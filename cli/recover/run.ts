// `collectors recover`, start to end: read the export, look up each pending create of ours,
// weigh what was found against the state, print, and with --run hand the refresh to pulumi.
import type { CollectorsClient } from "../../provider/api";
import { type CommandResult, EXIT, type Output, UsageError } from "../shared/output";
import { find } from "./find";
import type { Finding } from "./finding";
import { settle } from "./held";
import { type InputHost, type InputOptions, readExport } from "./input";
import { classify } from "./pending";
import { runPulumi } from "./pulumi";
import { refreshArgv, shellWord, withYes } from "./refresh";
import { reportJson, reportText } from "./report";
import { parseStackExport } from "./stack-export";

export interface RecoverOptions extends InputOptions {
  /** Run the refresh instead of only printing it. */
  run?: boolean | undefined;
  json?: boolean | undefined;
}

export interface RecoverResult {
  findings: Finding[];
  /** The refresh that imports what was found (without --yes), or null. */
  command: string[] | null;
  /** pulumi refresh's exit code, with --run. */
  refreshCode?: number;
}

/** Exit 0 only when every pending create of ours is imported by the command. */
function exitCodeOf(findings: readonly Finding[]): number {
  const left = findings.some((f) => !["import", "settled", "ignored"].includes(f.status));
  return left ? EXIT.failed : EXIT.ok;
}

export async function runRecover(
  client: CollectorsClient,
  options: RecoverOptions,
  output: Output,
  host: InputHost,
): Promise<CommandResult<RecoverResult>> {
  if (options.run && options.json) {
    throw new UsageError(
      "--run and --json do not go together: --json prints the command for a script to run itself",
    );
  }
  const { text, source } = await readExport(options, host);
  const { resources, pending } = parseStackExport(text, source);
  const findings = settle(
    await Promise.all(
      pending.map(async (operation) => {
        const classified = classify(operation);
        return "status" in classified ? classified : find(client, classified);
      }),
    ),
    resources,
  );
  const command = refreshArgv(findings, options);
  if (options.json) output.out(reportJson(findings, command));
  else output.out(reportText(findings, command, source).join("\n"));
  const exitCode = exitCodeOf(findings);
  if (!options.run) return { result: { findings, command }, exitCode };
  if (!command) {
    output.err("--run: nothing to import, pulumi not run.");
    return { result: { findings, command }, exitCode };
  }
  output.err(`Running: ${withYes(command).map(shellWord).join(" ")}`);
  const refresh = await runPulumi(withYes(command).slice(1), { env: host.env, capture: false });
  return {
    result: { findings, command, refreshCode: refresh.code },
    exitCode: refresh.code !== 0 ? refresh.code : exitCode,
  };
}
