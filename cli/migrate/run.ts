// `collectors migrate terraform|pulumi`: from another tool's state to a Pulumi project that takes
// over the same objects. Which objects, with which names, comes from the old state; what each
// object holds comes from the service, read now, so the first `pulumi up` writes nothing; the
// project is written as `collectors export` writes it. Nothing is written to the service or to
// the old tool's state: the hand-off, how the old tool lets go, is printed for the user to run.
import { isDeepStrictEqual } from "node:util";
import type {
  Collector,
  CollectorsClient,
  OtCollector,
  Source as SourceInfo,
  SourceTemplate,
} from "../../provider/api";
import { type ProjectOptions, projectTarget, writeProject } from "../export/command";
import { AdoptById, type Declared, type ExportPlan, planExport } from "../export/plan";
import { readInput } from "../shared/input-file";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import { renderTable } from "../shared/table";
import { pulumiLetGo, terraformLetGo } from "./let-go";
import {
  type Candidate,
  type CandidateKind,
  isOtCandidate,
  type NotTaken,
  type OldState,
  type OtCandidate,
} from "./old-state";
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
  const byId = (kind: CandidateKind) =>
    new Map<number | string, string>(
      oldState.candidates.filter((c) => c.kind === kind).map((c) => [c.id, c.name]),
    );
  const collectors = byId("collector");
  const sources = byId("source");
  const otCollectors = byId("otCollector");
  const templates = byId("sourceTemplate");
  return {
    collector: (collector: Collector) => collectors.get(collector.id),
    source: (source: SourceInfo) => (source.id === undefined ? undefined : sources.get(source.id)),
    otCollector: (collector: OtCollector) => otCollectors.get(collector.id.toUpperCase()),
    sourceTemplate: (template: SourceTemplate) => templates.get(template.id.toUpperCase()),
  };
}

/**
 * A note on each source template whose inputJson in the old state differs from the service's:
 * the program declares the service's (so the first `up` writes nothing), and the old tool's
 * configuration may say otherwise. The members are named, never their values (credentials).
 */
function inputJsonNotes(
  plan: ExportPlan,
  account: { sourceTemplates?: SourceTemplate[] | undefined },
  candidates: readonly Candidate[],
): void {
  const stated = new Map(
    candidates.filter((c): c is OtCandidate => c.kind === "sourceTemplate").map((c) => [c.id, c]),
  );
  const templates = new Map((account.sourceTemplates ?? []).map((t) => [t.id.toUpperCase(), t]));
  for (const statement of plan.groups.flatMap((group) => group.statements)) {
    const adopt = statement.args.adopt;
    if (statement.kind !== "SourceTemplate" || !(adopt instanceof AdoptById)) continue;
    const id = String(adopt.id).toUpperCase();
    const candidate = stated.get(id);
    const template = templates.get(id);
    if (!candidate?.stateInputJson || !template) continue;
    const service = (template.inputJson ?? {}) as Record<string, unknown>;
    const old = candidate.stateInputJson as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(service), ...Object.keys(old)])].filter(
      (key) => !isDeepStrictEqual(service[key], old[key]),
    );
    if (keys.length === 0) continue;
    addNote(
      statement,
      `The old state's inputJson differs from the service's in ${keys.join(", ")}: this ` +
        "declares the service's, as it is now; change it here if the old configuration is the one to keep.",
    );
  }
}

function addNote(statement: Declared, note: string): void {
  statement.notes = [...statement.notes, note];
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
    output.err(
      `error: ${source} manages no collector, source, OpenTelemetry collector or source template; nothing was written.`,
    );
    if (oldState.notTaken.length > 0) output.err(notTakenTable(oldState.notTaken));
    return { result: { ...nothing, notTaken: oldState.notTaken }, exitCode: EXIT.failed };
  }
  const { account, missing } = await readCandidates(client, oldState, signal);
  const plan = planExport(account, {
    ...target.settings,
    names: namesOf(oldState),
    keepMasked: true,
  });
  inputJsonNotes(plan, account, oldState.candidates);
  const notTaken = [
    ...oldState.notTaken,
    ...missing,
    ...plan.skipped.map((s) => ({ what: s.what, reason: s.reason })),
  ];
  if (plan.groups.length === 0) {
    output.err(
      "error: none of the state's collectors, sources, OpenTelemetry collectors and source templates can be taken; nothing was written.",
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
  const takenOver = oldState.candidates.filter((c) =>
    adopted[c.kind].has(isOtCandidate(c) ? c.id.toUpperCase() : c.id),
  );
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

/** The candidate kind a declared class is: its own for the OpenTelemetry ones. */
function candidateKindOf(className: string): CandidateKind {
  if (className === "OtCollector") return "otCollector";
  if (className === "SourceTemplate") return "sourceTemplate";
  return className.endsWith("Collector") ? "collector" : "source";
}

/** The ids of the objects the program adopts, by candidate kind (OpenTelemetry ids upper case). */
function adoptedIds(plan: ExportPlan): Record<CandidateKind, Set<number | string>> {
  const ids: Record<CandidateKind, Set<number | string>> = {
    collector: new Set(),
    source: new Set(),
    otCollector: new Set(),
    sourceTemplate: new Set(),
  };
  for (const statement of plan.groups.flatMap((group) => group.statements)) {
    const adopt = statement.args.adopt;
    if (!(adopt instanceof AdoptById)) continue;
    const id = typeof adopt.id === "string" ? adopt.id.toUpperCase() : adopt.id;
    ids[candidateKindOf(statement.kind)].add(id);
  }
  return ids;
}
