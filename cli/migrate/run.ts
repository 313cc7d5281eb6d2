// `collectors migrate terraform|pulumi`: from another tool's state to a Pulumi project that takes
// over the same objects. The hand-over (which objects, with which names) comes from the state;
// what each object holds comes from the service, read now, so the first `pulumi up` writes
// nothing; the project is written as `collectors export` writes it. Nothing is written to the
// service or to the old tool's state: the hand-off is printed for the user to run.
import type { Collector, CollectorsClient, Source as SourceInfo } from "../../provider/api";
import { type ProjectOptions, projectTarget, writeProject } from "../export/command";
import { AdoptById, type ExportPlan, planExport } from "../export/plan";
import { readInput } from "../shared/input-file";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import { renderTable } from "../shared/table";
import { pulumiHandoff, terraformHandoff } from "./handoff";
import type { Handover, NotTaken, Taken } from "./handover";
import { readPulumiStack } from "./pulumi-stack";
import { readHandover } from "./read";
import { readTerraformState } from "./terraform-state";

export type Tool = "terraform" | "pulumi";

export interface MigrateOptions extends ProjectOptions {
  /** The state's path, or `-` for stdin. */
  file: string;
}

export interface MigrateHost {
  env: Record<string, string | undefined>;
  readStdin(): Promise<string>;
}

export interface MigrateResult {
  plan: ExportPlan | undefined;
  notTaken: NotTaken[];
  written: string[];
}

const WHAT: Record<Tool, string> = {
  terraform: "the JSON of `terraform state pull`",
  pulumi: "the JSON of `pulumi stack export`",
};

/** Names from the hand-over, by the object's id: what the old tool called each. */
function namesOf(handover: Handover) {
  const byId = (kind: Taken["kind"]) =>
    new Map(handover.taken.filter((t) => t.kind === kind).map((t) => [t.id, t.name]));
  const collectors = byId("collector");
  const sources = byId("source");
  return {
    collector: (collector: Collector) => collectors.get(collector.id),
    source: (source: SourceInfo) => (source.id === undefined ? undefined : sources.get(source.id)),
  };
}

function notTakenTable(notTaken: readonly NotTaken[]): string {
  return renderTable(
    ["Not taken", "Why"],
    notTaken.map((n) => [n.what, n.reason]),
    [null, 70], // an address or a URN, whole: the hand-off and the old tool take it as it is
  );
}

export async function runMigrate(
  tool: Tool,
  client: CollectorsClient,
  options: MigrateOptions,
  output: Output,
  host: MigrateHost,
  signal: AbortSignal,
): Promise<CommandResult<MigrateResult>> {
  const target = projectTarget(options);
  const { text, source } = await readInput(options.file, WHAT[tool], host.readStdin);
  const handover =
    tool === "terraform" ? readTerraformState(text, source) : readPulumiStack(text, source);
  const nothing = { plan: undefined, written: [] };
  if (handover.taken.length === 0) {
    output.err(`error: ${source} manages no collector or source; nothing was written.`);
    if (handover.notTaken.length > 0) output.err(notTakenTable(handover.notTaken));
    return { result: { ...nothing, notTaken: handover.notTaken }, exitCode: EXIT.failed };
  }
  const { account, missing } = await readHandover(client, handover, signal);
  const plan = planExport(account, {
    ...target.settings,
    names: namesOf(handover),
    keepMasked: true,
  });
  const notTaken = [
    ...handover.notTaken,
    ...missing,
    ...plan.skipped.map((s) => ({ what: s.what, reason: s.reason })),
  ];
  if (plan.groups.length === 0) {
    output.err(
      "error: none of the state's collectors and sources can be taken; nothing was written.",
    );
    output.err(notTakenTable(notTaken));
    return { result: { ...nothing, notTaken }, exitCode: EXIT.failed };
  }
  const written = writeProject(plan, target, { client, options, env: host.env }, output, {
    secretValues: false,
  });
  if (notTaken.length > 0) output.out(notTakenTable(notTaken));
  // The hand-off names exactly what the program declares: a skipped or missing object stays.
  const declared = declaredIds(plan);
  const handedOver = handover.taken.filter((t) => declared[t.kind].has(t.id));
  const handoff =
    tool === "terraform"
      ? terraformHandoff(handedOver, [
          ...handover.taken.map((t) => t.from),
          ...handover.notTaken.map((n) => n.what),
        ])
      : pulumiHandoff(handedOver, handover.dependents);
  output.out(["", ...handoff].join("\n"));
  return { result: { plan, notTaken, written }, exitCode: EXIT.ok };
}

/** The ids of the collectors and of the sources the program adopts. */
function declaredIds(plan: ExportPlan): Record<"collector" | "source", Set<number>> {
  const ids = { collector: new Set<number>(), source: new Set<number>() };
  for (const statement of plan.groups.flatMap((group) => group.statements)) {
    const adopt = statement.args.adopt;
    if (!(adopt instanceof AdoptById)) continue;
    ids[statement.kind.endsWith("Collector") ? "collector" : "source"].add(adopt.id);
  }
  return ids;
}
