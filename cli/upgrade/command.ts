// `collectors upgrade`: move Installed Collectors to a build, within the rate limits, and say
// exactly what happened to each.
import type { CollectorsClient } from "../../provider/api";
import { type CommandIO, commandAction } from "../shared/action";
import { type Command, InvalidArgumentError } from "../shared/commander";
import { addConnectionOptions } from "../shared/connection";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import { plural } from "../shared/table";
import { planUpgrade } from "./plan";
import { type Progress, progressFor } from "./progress";
import { countOutcomes, type UpgradeCounts, upgradeSummary, upgradeTable } from "./report";
import { RUN_DEFAULTS, type RunOptions, runUpgrades, type UpgradeRow } from "./run";

export interface UpgradeOptions {
  /** A build version, or "latest". */
  to: string;
  /** Globs on collector names. */
  name?: string[] | undefined;
  allUpgradable?: boolean | undefined;
  dryRun?: boolean | undefined;
  /** Print the result as JSON on stdout instead of the table. */
  json?: boolean | undefined;
  /** Shortest wait between two polls of one task, in ms. */
  pollIntervalMs?: number | undefined;
  /** Ctrl-C. */
  signal?: AbortSignal | undefined;
  /** Instead of the display chosen from the output (tests). */
  progress?: Progress | undefined;
  /** Engine tunables (tests). */
  run?: Omit<RunOptions, "toVersion" | "signal" | "events"> | undefined;
}

export interface UpgradeResult {
  /** The build upgraded to, `latest` resolved. */
  target: string;
  dryRun: boolean;
  interrupted: boolean;
  /** One row per selected collector: upgraded, failed, skipped (and why), … */
  rows: UpgradeRow[];
  counts: UpgradeCounts;
  unmatchedPatterns: string[];
}

function report(
  output: Output,
  result: UpgradeResult,
  json: boolean | undefined,
  started: boolean,
): void {
  if (json) {
    output.out(JSON.stringify(result, null, 2));
    return;
  }
  if (result.rows.length > 0) output.out(upgradeTable(result.rows, result.target));
  if (result.dryRun) {
    output.out(
      `Dry run: would upgrade ${plural(result.counts.wouldUpgrade, "collector")} to ${result.target}, ` +
        `${result.counts.skipped} skipped. Nothing was changed.`,
    );
  } else if (!started) {
    output.out(
      `Nothing to upgrade to ${result.target} (${plural(result.counts.skipped, "collector")} skipped).`,
    );
  } else {
    output.out(upgradeSummary(result.counts, result.target, result.interrupted));
  }
}

export async function runUpgrade(
  client: CollectorsClient,
  options: UpgradeOptions,
  output: Output,
): Promise<CommandResult<UpgradeResult>> {
  const plan = await planUpgrade(client, options.to, {
    names: options.name ?? [],
    allUpgradable: options.allUpgradable === true,
  });
  for (const pattern of plan.unmatchedPatterns) {
    output.err(`warning: --name ${pattern} matched no collector`);
  }
  const skippedRows: UpgradeRow[] = plan.skipped.map(({ collector, reason }) => ({
    collector,
    outcome: { state: "skipped", reason },
  }));
  const finish = (rows: UpgradeRow[], interrupted: boolean, started: boolean) => {
    const result: UpgradeResult = {
      target: plan.target,
      dryRun: options.dryRun === true,
      interrupted,
      rows,
      counts: countOutcomes(rows),
      unmatchedPatterns: plan.unmatchedPatterns,
    };
    report(output, result, options.json, started);
    const exitCode = interrupted
      ? EXIT.interrupted
      : result.counts.failed > 0
        ? EXIT.failed
        : EXIT.ok;
    return { result, exitCode };
  };

  if (options.dryRun || plan.toUpgrade.length === 0) {
    const planned: UpgradeRow[] = plan.toUpgrade.map((collector) => ({
      collector,
      outcome: { state: "would-upgrade" },
    }));
    return finish([...planned, ...skippedRows], false, false);
  }

  output.err(
    `Upgrading ${plural(plan.toUpgrade.length, "collector")} to ${plan.target}` +
      (plan.skipped.length > 0
        ? ` (${plan.skipped.length} skipped: see the table at the end)`
        : "") +
      ". Ctrl-C stops starting new upgrades.",
  );
  const onInterrupt = () =>
    output.err(
      "Ctrl-C: no more upgrades will start; waiting for the requests already sent, then reporting. Ctrl-C again quits at once.",
    );
  options.signal?.addEventListener("abort", onInterrupt, { once: true });
  const progress = options.progress ?? progressFor(output);
  progress.begin(plan.toUpgrade.length);
  let run: Awaited<ReturnType<typeof runUpgrades>>;
  try {
    run = await runUpgrades(client, plan.toUpgrade, {
      ...options.run,
      pollIntervalMs: options.pollIntervalMs ?? options.run?.pollIntervalMs,
      toVersion: plan.target,
      signal: options.signal,
      events: progress,
    });
  } finally {
    progress.end();
    options.signal?.removeEventListener("abort", onInterrupt);
  }
  return finish([...run.rows, ...skippedRows], run.interrupted, true);
}

function seconds(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(n > 0)) {
    throw new InvalidArgumentError("give a number of seconds above 0.");
  }
  return n;
}

interface UpgradeFlags {
  to: string;
  name?: string[];
  allUpgradable?: boolean;
  dryRun?: boolean;
  json?: boolean;
  pollInterval: number;
}

export function registerUpgrade(program: Command, io?: CommandIO): void {
  const command = program
    .command("upgrade")
    .description(
      "Upgrade (or downgrade) Installed Collectors to a build: starts the tasks within the rate limits, follows them, and ends with a table of what succeeded, failed or was skipped. Exits 1 if any failed, 130 on Ctrl-C.",
    )
    .requiredOption("--to <version>", 'the build to move to, or "latest"')
    .option(
      "--name <glob...>",
      "collectors whose names match (* ? [a-z]); repeatable, e.g. --name 'web-*' 'db-?'",
    )
    .option("--all-upgradable", "the collectors the service lists as upgradable to the build")
    .option("--dry-run", "show what would be upgraded and skipped, change nothing")
    .option("--json", "print the result as JSON instead of the table")
    .option(
      "--poll-interval <seconds>",
      "shortest wait between two status checks of one task",
      seconds,
      RUN_DEFAULTS.pollIntervalMs / 1000,
    );
  addConnectionOptions(command).action(
    commandAction<UpgradeFlags>(
      (client, flags, output, { interrupt }) =>
        runUpgrade(
          client,
          {
            to: flags.to,
            name: flags.name,
            allUpgradable: flags.allUpgradable,
            dryRun: flags.dryRun,
            json: flags.json,
            pollIntervalMs: flags.pollInterval * 1000,
            signal: interrupt,
          },
          output,
        ),
      io,
      { interruptible: true },
    ),
  );
}
