// `collectors migrate terraform|pulumi`: from another tool's state to a Pulumi project that takes
// over the same objects. Which objects, with which names, comes from the old state; what each
// object holds comes from the service, read now, so the first `pulumi up` writes nothing; the
// project is written as `collectors export` writes it. Nothing is written to the service or to
// the old tool's state: the hand-off, how the old tool lets go, is printed for the user to run.
import type { Collector, CollectorsClient, Source as SourceInfo } from "../../provider/api";
import { type ProjectOptions, projectTarget, writeProject } from "../export/command";
import { AdoptById, type ExportPlan, planExport } from "../export/plan";
import { readInput } from "../shared/input-file";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import { renderTable } from "../shared/table";
import { pulumiLetGo, terraformLetGo } from "./let-go";
import type { Candidate, NotTaken, OldState } from "./old-state";
import { readPulumiStack } from "./pulumi-stack";
import { readCandidates } from "./read";
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

/** Names from the old state, by the object's id: what the old tool called each. */
function namesOf(oldState: OldState) {
  const byId = (kind: Candidate["kind"]) =>
    new Map(oldState.candidates.filter((c) => c.kind === kind).map((c) => [c.id, c.name]));
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
  const oldState =
    tool === "terraform" ? readTerraformState(text, source) : readPulumiStack(text, source);
  const nothing = { plan: undefined, written: [] };
  if (oldState.candidates.length === 0) {
    output.err(`error: ${source} manages no collector or source; nothing was written.`);
    if (oldState.notTaken.length > 0) output.err(notTakenTable(oldState.notTaken));
    return { result: { ...nothing, notTaken: oldState.notTaken }, exitCode: EXIT.failed };
  }
  const { account, missing } = await readCandidates(client, oldState, signal);
  const plan = planExport(account, {
    ...target.settings,
    names: namesOf(oldState),
    keepMasked: true,
  });
  const notTaken = [
    ...oldState.notTaken,
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
  // The hand-off names exactly what the program adopts: a skipped or missing object stays.
  const adopted = adoptedIds(plan);
  const takenOver = oldState.candidates.filter((c) => adopted[c.kind].has(c.id));
  const handOff =
    tool === "terraform"
      ? terraformLetGo(takenOver, [
          ...oldState.candidates.map((c) => c.from),
          ...oldState.notTaken.map((n) => n.what),
        ])
      : pulumiLetGo(takenOver, oldState.dependents);
  output.out(["", ...handOff].join("\n"));
  return { result: { plan, notTaken, written }, exitCode: EXIT.ok };
}

/** The ids of the collectors and of the sources the program adopts. */
function adoptedIds(plan: ExportPlan): Record<"collector" | "source", Set<number>> {
  const ids = { collector: new Set<number>(), source: new Set<number>() };
  for (const statement of plan.groups.flatMap((group) => group.statements)) {
    const adopt = statement.args.adopt;
    if (!(adopt instanceof AdoptById)) continue;
    ids[statement.kind.endsWith("Collector") ? "collector" : "source"].add(adopt.id);
  }
  return ids;
}
