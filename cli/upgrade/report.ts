// The table `collectors upgrade` ends with (and --dry-run shows instead of doing anything).

import { type Cell, plural, renderTable, versionOf } from "../shared/table";
import type { Outcome, UpgradeRow } from "./run";
import { statusName } from "./run";

export interface UpgradeCounts {
  succeeded: number;
  failed: number;
  skipped: number;
  inFlight: number;
  notStarted: number;
  wouldUpgrade: number;
}

export function countOutcomes(rows: readonly UpgradeRow[]): UpgradeCounts {
  const counts: UpgradeCounts = {
    succeeded: 0,
    failed: 0,
    skipped: 0,
    inFlight: 0,
    notStarted: 0,
    wouldUpgrade: 0,
  };
  for (const { outcome } of rows) {
    if (outcome.state === "succeeded") counts.succeeded++;
    else if (outcome.state === "failed") counts.failed++;
    else if (outcome.state === "skipped") counts.skipped++;
    else if (outcome.state === "in-flight") counts.inFlight++;
    else if (outcome.state === "not-started") counts.notStarted++;
    else counts.wouldUpgrade++;
  }
  return counts;
}

// Failures last, next to the summary, where they are seen.
const ORDER: Record<Outcome["state"], number> = {
  "would-upgrade": 0,
  succeeded: 1,
  skipped: 2,
  "not-started": 3,
  "in-flight": 4,
  failed: 5,
};

function describe(outcome: Outcome, target: string): [string, string] {
  switch (outcome.state) {
    case "succeeded":
      return ["succeeded", `now runs ${target} (task ${outcome.taskId})`];
    case "failed":
      return [
        "FAILED",
        outcome.taskId ? `${outcome.message} (task ${outcome.taskId})` : outcome.message,
      ];
    case "skipped":
      return ["skipped", outcome.reason];
    case "in-flight":
      return [
        "still running",
        `task ${outcome.taskId}, last status ${statusName(outcome.status)}: it goes on on the service`,
      ];
    case "not-started":
      return ["not started", "interrupted before its upgrade was started"];
    case "would-upgrade":
      return ["would upgrade", `to ${target}`];
  }
}

export function upgradeTable(rows: readonly UpgradeRow[], target: string): string {
  const sorted = [...rows].sort(
    (a, b) =>
      ORDER[a.outcome.state] - ORDER[b.outcome.state] ||
      a.collector.name.localeCompare(b.collector.name) ||
      a.collector.id - b.collector.id,
  );
  const body: Cell[][] = sorted.map(({ collector, outcome }) => {
    const [result, detail] = describe(outcome, target);
    return [collector.name, collector.id, versionOf(collector), result, detail];
  });
  return renderTable(["Collector", "ID", "Was", "Result", "Detail"], body, [
    null,
    null,
    null,
    null,
    60,
  ]);
}

export function upgradeSummary(
  counts: UpgradeCounts,
  target: string,
  interrupted: boolean,
): string {
  const parts = [
    `${counts.succeeded} succeeded`,
    `${counts.failed} failed`,
    `${counts.skipped} skipped`,
  ];
  let text = `Upgrade to ${target}: ${parts.join(", ")}.`;
  if (interrupted) {
    text +=
      ` Interrupted: ${plural(counts.inFlight, "task")} still running on the service, ` +
      `${plural(counts.notStarted, "collector")} not started.`;
  }
  return text;
}
