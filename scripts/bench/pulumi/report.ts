// The markdown bench:pulumi prints: per front end, the commands against the floor, the timeline
// from the request log, the memory per process and the state's size; with two front ends, the
// two side by side.
import { markdownTable } from "../shared/markdown-table";
import { peakByRole, type Role } from "../shared/process-memory";
import { floorMs, RATE } from "../shared/service-requests";
import { STEPS } from "./commands";
import { overFloor, timeline } from "./floor";
import { byMethodAndStatus, mib, seconds } from "./format";
import type { Run } from "./measure";
import type { Options, Provider } from "./options";
import { COLLECTORS } from "./program";
import type { StateSize } from "./state-size";

/** How each front end is named in the titles. */
const FRONT_END: Record<Provider, string> = {
  dynamic: "dynamic provider (TypeScript program)",
  native: "collectors plugin (YAML program)",
};

/** The memory columns: the roles whose processes run a Pulumi command. */
const MEMORY_ROLES: Role[] = ["engine", "language host", "program", "dynamic provider", "plugin"];

/** "pulumi, dynamic provider (…), 200 resources (3 collectors + 197 HTTP sources), default limits (…)". */
export function title(opts: Options, provider: Provider): string {
  const limits = opts.limits
    ? "default limits (4 requests/s, 10 in flight)"
    : "limits off (service and client)";
  const margin =
    opts.pacingMarginMs === undefined ? "" : `, client pacing margin ${opts.pacingMarginMs} ms`;
  const skip =
    (opts.skipPreview ? ", --skip-preview" : "") +
    (opts.skipCheckpoints ? ", PULUMI_SKIP_CHECKPOINTS" : "");
  const parallel = opts.parallel === undefined ? "" : `, --parallel ${opts.parallel}`;
  return (
    `pulumi, ${FRONT_END[provider]}, ${opts.resources} resources (${COLLECTORS} collectors + ` +
    `${opts.resources - COLLECTORS} HTTP sources), ${limits}${margin}${skip}${parallel}`
  );
}

function stateLine(state: StateSize): string {
  const per = (n: number) => (n / Math.max(1, state.resources)).toFixed(0);
  return (
    `State after up (\`pulumi stack export\`): ${(state.bytes / 1024).toFixed(0)} KiB for ` +
    `${state.resources} resources (stack and providers included), ${per(state.bytes)} bytes each; ` +
    `\`__provider\` ${per(state.providerBytes)} bytes each (inputs and outputs), ` +
    `${state.providerTexts} different text(s).`
  );
}

/** One front end's tables: the commands, the timeline, the memory, then the state. */
export function report(opts: Options, run: Run): string[] {
  const { measured, engine, engineRuns } = run;
  const rows = measured.map((m) => {
    const n = m.requests.length;
    return [
      m.step.name + (m.result.code === 0 ? "" : ` (FAILED, exit ${m.result.code})`),
      seconds(m.ended - m.started),
      engine === undefined ? "—" : seconds(engine),
      String(n),
      byMethodAndStatus(m.requests),
      String(m.requests.filter((r) => r.status === 429).length),
      n === 0 ? "—" : seconds(floorMs(n)),
      overFloor(m, engine),
    ];
  });
  return [
    `### ${title(opts, run.provider)}`,
    "",
    markdownTable(
      [
        "command",
        "wall (s)",
        "engine (s)",
        "requests",
        "by method and status",
        "429",
        "floor (s)",
        "(wall − engine) ÷ floor",
      ],
      rows,
    ),
    "",
    (engineRuns.length
      ? `engine: the lower of the previews with nothing to do (${engineRuns.map(seconds).join(" s, ")} s); `
      : "engine: not measured (no preview with nothing to do ran); ") +
      `floor: requests ÷ ${RATE}/s${opts.limits ? "" : " (what the default limits would impose)"}.`,
    "",
    markdownTable(
      [
        "command",
        "to 1st request (s)",
        "request span (s)",
        "after last (s)",
        "client pacing bound (s)",
        "rate in span",
        "longest pause",
        "phases (from command start)",
      ],
      measured.map((m) => timeline(m, opts)),
    ),
    "",
    "Peak resident set size (MiB; VmHWM of each process under `pulumi`, sampled every 250 ms; " +
      "the highest of a role's processes) and the load averages when the command ended:",
    "",
    markdownTable(
      ["command", ...MEMORY_ROLES, "load (1, 5, 15 min)"],
      measured.map((m) => {
        const peaks = peakByRole(m.memory);
        return [m.step.name, ...MEMORY_ROLES.map((role) => mib(peaks.get(role))), m.load];
      }),
    ),
    "",
    ...(run.state ? [stateLine(run.state), ""] : []),
  ];
}

/** The front ends side by side: requests, wall time and (wall − engine) ÷ floor per command. */
export function sideBySide(runs: Run[]): string[] {
  const head = ["command"];
  for (const what of ["requests", "wall (s)", "(wall − engine) ÷ floor"]) {
    for (const run of runs) head.push(`${what}, ${run.provider}`);
  }
  const rows = STEPS.map((step) => {
    const of = runs.map((run) => run.measured.find((m) => m.step === step));
    return [
      step.name,
      ...of.map((m) => (m ? byMethodAndStatus(m.requests) : "—")),
      ...of.map((m) => (m ? seconds(m.ended - m.started) : "—")),
      ...of.map((m, i) => (m ? overFloor(m, runs[i]?.engine) : "—")),
    ];
  });
  const engine = [
    "engine (the lower no-op preview)",
    ...runs.map(() => "—"),
    ...runs.map((run) => (run.engine === undefined ? "—" : seconds(run.engine))),
    ...runs.map(() => "—"),
  ];
  return ["### Side by side", "", markdownTable(head, [...rows, engine]), ""];
}

/** The last line: which engine, which --parallel, and when (so a pasted run carries its date). */
export function closingLine(opts: Options): string {
  return (
    `\nPulumi engine from scripts/toolchain/pulumi-cli.sh; --parallel ${opts.parallel ?? "the CLI's default"}; ` +
    `${new Date().toISOString()}.\n`
  );
}
