// Benchmark (not a test): preview, up, refresh and destroy of N resources through the real Pulumi
// CLI against the local service, and how each compares with the floor the rate limit sets.
//
//   npm run bench:pulumi -- [--provider dynamic|native|both] [--resources 200] [--no-limits]
//                           [--skip-preview] [--parallel P] [--pacing-margin MS]
//                           [--skip-checkpoints] [--save DIR] [--plugin-archive FILE]
//
// The program: 3 Hosted Collectors and N − 3 HTTP sources spread over them. With the dynamic
// provider (the default) it is test/e2e/programs/many, in TypeScript on the package's classes;
// with --provider native, the same resources as a Pulumi YAML program (written for N, YAML has
// no loops) on the collectors provider plugin, installed from the tarball `npm run build` makes;
// --provider both runs one front end after the other, each against a service of its own, and
// adds a table of the two side by side. The service runs in this process with its default limits
// (4 requests/s per user, 10 in flight per key); `pulumi` runs in child processes in a temporary
// workspace (own backend and PULUMI_HOME), as in the end-to-end tests. The figures come from the
// service's request log.
//
// The engine's fixed cost is measured in the same run: a preview with nothing to do (after up,
// and again after refresh; the lower one counts), which runs the program and checks every
// resource but sends no request. For each command: wall time, requests by method and status,
// the floor (requests ÷ 4/s) and (wall − engine) ÷ floor; then a timeline from the request log.
//
// --no-limits turns the service's rate and concurrency limits off and, through a preload in the
// provider process (scripts/bench-pulumi-preload.ts), the client's pacing too: what is left
// is the engine's per-resource overhead. The floor stays requests ÷ 4/s, for comparison.
// --pacing-margin MS runs the client with another windowMarginMs (provider/api/throttle.ts,
// default 5) through the same preload, to measure what the margin costs. Both are for the
// dynamic provider only: the plugin is one bundled file, which a preload cannot reach into.
// --skip-preview passes --skip-preview to up, refresh and destroy (each otherwise runs a preview
// of itself first: the program once more, and for refresh every read twice).
// --skip-checkpoints sets PULUMI_SKIP_CHECKPOINTS=true: the engine saves the state once at the
// end instead of after every step (unsafe for real stacks; here it shows what the saves cost).
// --plugin-archive FILE installs the plugin from FILE instead (a release's archive, whose
// executable carries its own Node.js: `npm run release` writes them to dist/release/).
// --save DIR writes each command's output and request log there (JSON) for closer study.
//
// Prints markdown tables on stdout (progress on stderr); exits 1 if a pulumi command failed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type LoggedRequest, startEmulator } from "../emulator";
import { DEFAULT_LIMITS, type LimitOptions } from "../provider/api/throttle";
import { packageVersion } from "../provider/plugin/version";
import { tarballName } from "./build-plugin";
import {
  type ProcessPeak,
  peakByRole,
  ROLES,
  type Role,
  TreeMemorySampler,
} from "./process-memory";
import { type CommandResult, PulumiWorkspace, pulumiCliPath, repoRoot } from "./pulumi-workspace";

const RATE = 4; // spec 8 (docs/reference/service/collector-management-api.md): requests per second per user
const COLLECTORS = 3; // what the program declares besides its sources

/** The front ends: the dynamic provider of the TypeScript classes, the native plugin. */
const PROVIDERS = ["dynamic", "native"] as const;
type Provider = (typeof PROVIDERS)[number];

interface Options {
  providers: Provider[];
  /** The sizes to run, one after the other (--resources 1000,2000). */
  sizes: number[];
  /** The size being run. */
  resources: number;
  limits: boolean;
  pacingMarginMs: number | undefined;
  skipPreview: boolean;
  skipCheckpoints: boolean;
  parallel: number | undefined;
  save: string | undefined;
  /** The plugin archive the native front end installs; default the launcher tarball. */
  pluginArchive: string | undefined;
}

const USAGE =
  "usage: npm run bench:pulumi -- [--provider dynamic|native|both (default dynamic)] " +
  "[--resources N[,N…] (default 200, each at least 4)] [--no-limits] " +
  "[--skip-preview] [--parallel P] [--pacing-margin MS] [--skip-checkpoints] [--save DIR] " +
  "[--plugin-archive FILE]";

/** A mistake on the command line: reported by its message alone. */
class UsageError extends Error {}

function parseArgs(argv: string[]): Options {
  const opts: Options = {
    providers: ["dynamic"],
    sizes: [200],
    resources: 200,
    limits: true,
    pacingMarginMs: undefined,
    skipPreview: false,
    skipCheckpoints: false,
    parallel: undefined,
    save: undefined,
    pluginArchive: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value; ${USAGE}`);
      return v;
    };
    const count = (name: string, v: string, min: number) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        throw new UsageError(`${name} must be an integer of at least ${min}, got "${v}"; ${USAGE}`);
      }
      return n;
    };
    if (arg === "--provider") {
      const v = value();
      if (v === "both") opts.providers = [...PROVIDERS];
      else if ((PROVIDERS as readonly string[]).includes(v)) opts.providers = [v as Provider];
      else throw new UsageError(`--provider must be dynamic, native or both, got "${v}"; ${USAGE}`);
    } else if (arg === "--resources") {
      opts.sizes = value()
        .split(",")
        .map((v) => count(arg, v, COLLECTORS + 1));
    } else if (arg === "--no-limits") opts.limits = false;
    else if (arg === "--pacing-margin") opts.pacingMarginMs = count(arg, value(), 0);
    else if (arg === "--skip-preview") opts.skipPreview = true;
    else if (arg === "--skip-checkpoints") opts.skipCheckpoints = true;
    else if (arg === "--parallel") opts.parallel = count(arg, value(), 1);
    else if (arg === "--save") opts.save = value();
    else if (arg === "--plugin-archive") opts.pluginArchive = resolve(value());
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else throw new UsageError(`unknown argument "${arg}"; ${USAGE}`);
  }
  if (opts.providers.includes("native") && (!opts.limits || opts.pacingMarginMs !== undefined)) {
    throw new UsageError(
      "--no-limits and --pacing-margin change the client's pacing through a preload in the " +
        "dynamic provider's process; the plugin is one bundled file a preload cannot reach: " +
        "use them with --provider dynamic",
    );
  }
  return opts;
}

interface Step {
  /** The row's name in the tables. */
  name: string;
  args: string[];
  /** A preview with nothing to do: the engine's fixed cost. */
  engine?: boolean;
  /** Runs a preview of itself first unless given --skip-preview. */
  previews?: boolean;
}

const STEPS: Step[] = [
  { name: "preview", args: ["preview"] }, // plans every create, sends nothing
  { name: "up", args: ["up", "--yes"], previews: true },
  { name: "preview, nothing to do", args: ["preview", "--expect-no-changes"], engine: true },
  { name: "refresh", args: ["refresh", "--yes"], previews: true },
  { name: "preview, nothing to do (2)", args: ["preview", "--expect-no-changes"], engine: true },
  { name: "destroy", args: ["destroy", "--yes"], previews: true },
];

interface Measured {
  step: Step;
  result: CommandResult;
  started: number;
  ended: number;
  requests: LoggedRequest[];
  /** Every process under `pulumi` during the command, with its peak resident set size. */
  memory: ProcessPeak[];
  /** `uptime`'s load averages when the command ended: how loaded the machine was. */
  load: string;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** "GET 200 ×400, POST 201 ×197": requests by method and status. */
function byMethodAndStatus(requests: LoggedRequest[]): string {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const key = `${r.method} ${r.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (
    [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k} ×${n}`)
      .join(", ") || "none"
  );
}

/** What a request is about: "collector" or "source" (by its path). */
function kindOf(r: LoggedRequest): "collector" | "source" | "other" {
  const p = r.path.replace(/^.*\/api\/v1/, "");
  if (/^\/collectors\/\d+\/sources(\/\d+)?$/.test(p)) return "source";
  if (/^\/collectors(\/\d+)?$/.test(p)) return "collector";
  return "other";
}

/** How each front end is named in the titles. */
const FRONT_END: Record<Provider, string> = {
  dynamic: "dynamic provider (TypeScript program)",
  native: "collectors plugin (YAML program)",
};

/** "pulumi, dynamic provider (…), 200 resources (3 collectors + 197 HTTP sources), default limits (…)". */
function title(opts: Options, provider: Provider): string {
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

/** The environment that makes the provider process pace otherwise (see bench-pulumi-preload.ts). */
function clientLimits(opts: Options): Record<string, string> {
  let limits: LimitOptions | false | undefined;
  if (!opts.limits) limits = false;
  else if (opts.pacingMarginMs !== undefined) limits = { windowMarginMs: opts.pacingMarginMs };
  if (limits === undefined) return {};
  return {
    NODE_OPTIONS: `--require ${join(__dirname, "bench-pulumi-preload.js")}`,
    BENCH_PULUMI_CLIENT_LIMITS: JSON.stringify(limits),
  };
}

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * The shortest time the client's pacing allows for n request starts: one start every
 * 1000 / requestsPerSecond ms plus the margin (255 ms with the defaults of provider/api/throttle.ts).
 */
function pacingBoundMs(n: number, marginMs = DEFAULT_LIMITS.windowMarginMs): number {
  return Math.max(0, n - 1) * (1000 / DEFAULT_LIMITS.requestsPerSecond + marginMs);
}

/** One timeline row: where the command's time went, from the request log. */
function timeline(m: Measured, opts: Options): string[] {
  const wall = m.ended - m.started;
  const rs = [...m.requests].sort((a, b) => a.time - b.time);
  const first = rs[0];
  const last = rs.at(-1);
  if (!first || !last) return [m.step.name, "—", "—", seconds(wall), "—", "—", "—", "—"];
  const lastEnd = Math.max(...rs.map((r) => r.time + r.durationMs));
  const span = lastEnd - first.time;
  // The longest pause between two consecutive arrivals, and where in the sequence it fell.
  let pause = 0;
  let at = 0;
  for (let i = 1; i < rs.length; i++) {
    const gap = (rs[i] as LoggedRequest).time - (rs[i - 1] as LoggedRequest).time;
    if (gap > pause) {
      pause = gap;
      at = i;
    }
  }
  // Collectors first, then sources (an up) or sources first (a destroy): when each kind ran.
  const phases = (["collector", "source"] as const)
    .map((kind) => {
      const of = rs.filter((r) => kindOf(r) === kind);
      if (of.length === 0) return undefined;
      const from = (of[0] as LoggedRequest).time - m.started;
      const to = Math.max(...of.map((r) => r.time + r.durationMs)) - m.started;
      return `${kind}s ${of.length}: ${seconds(from)}–${seconds(to)} s`;
    })
    .filter(Boolean)
    .join("; ");
  return [
    m.step.name,
    seconds(first.time - m.started),
    seconds(span),
    seconds(m.ended - lastEnd),
    opts.limits ? seconds(pacingBoundMs(rs.length, opts.pacingMarginMs)) : "off",
    `${((rs.length - 1) / (span / 1000)).toFixed(2)}/s`,
    `${seconds(pause)} s after request ${at} of ${rs.length}`,
    phases,
  ];
}

/** The native front end's program: the resources of test/e2e/programs/many, in Pulumi YAML. */
function manyYaml(sources: number): string {
  const lines = [
    "name: bench-many-yaml",
    "runtime: yaml",
    "description: Benchmark; the resources of test/e2e/programs/many on the collectors plugin.",
    "resources:",
  ];
  for (let i = 0; i < COLLECTORS; i++) {
    lines.push(`  c${i}:`, "    type: collectors:index:HostedCollector");
    lines.push("    properties:", "      category: many");
  }
  for (let i = 0; i < sources; i++) {
    lines.push(`  s${i}:`, "    type: collectors:index:HttpSource", "    properties:");
    lines.push(`      collectorId: \${c${i % COLLECTORS}.id}`, `      category: many/s${i}`);
  }
  return `${lines.join("\n")}\n`;
}

/** What one front end's run measured: each command, and the engine's fixed cost. */
interface Run {
  provider: Provider;
  measured: Measured[];
  /** The lower of the previews with nothing to do, and each of them. */
  engine: number | undefined;
  engineRuns: number[];
  failed: CommandResult | undefined;
  /** The stack's state after `up`. */
  state: StateSize | undefined;
}

/** How big the state is after `up`, and how much of it is the dynamic provider's `__provider`. */
interface StateSize {
  bytes: number;
  resources: number;
  /** The bytes of `__provider` in one resource's inputs and outputs, summed over resources. */
  providerBytes: number;
  /** How many different `__provider` texts the state holds (one per kind when cached). */
  providerTexts: number;
}

async function stateSize(ws: PulumiWorkspace): Promise<StateSize> {
  const text = (await ws.pulumi(["stack", "export"])).stdout;
  const resources =
    (
      JSON.parse(text) as {
        deployment: {
          resources?: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[];
        };
      }
    ).deployment.resources ?? [];
  let providerBytes = 0;
  const texts = new Set<string>();
  for (const r of resources) {
    for (const bag of [r.inputs, r.outputs]) {
      const p = bag?.__provider;
      if (p === undefined) continue;
      const json = JSON.stringify(p);
      providerBytes += Buffer.byteLength(json);
      texts.add(json);
    }
  }
  return {
    bytes: Buffer.byteLength(text),
    resources: resources.length,
    providerBytes,
    providerTexts: texts.size,
  };
}

/** "0.52, 0.61, 0.70": the load averages, 1, 5 and 15 minutes. */
function loadAverage(): string {
  return (readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3) as string[]).join(", ");
}

const mib = (kb: number | undefined) => (kb === undefined ? "—" : (kb / 1024).toFixed(0));

/** The peak RSS (MiB) of each role that ran, in ROLES' order: "engine 96 / program 210 …". */
function memoryCells(memory: readonly ProcessPeak[]): string[] {
  const peaks = peakByRole(memory);
  return ROLES.filter((role) => peaks.has(role)).map((role) => `${role} ${mib(peaks.get(role))}`);
}

/** The memory columns: the roles whose processes run a Pulumi command. */
const MEMORY_ROLES: Role[] = ["engine", "language host", "program", "dynamic provider", "plugin"];

/** The commands of STEPS on one front end, against a service of its own. */
async function measure(opts: Options, provider: Provider, root: string): Promise<Run> {
  const sources = opts.resources - COLLECTORS;
  const emu = await startEmulator({
    port: 0,
    logger: false,
    // The service's defaults unless --no-limits; the authentication throttle stays on in both.
    ...(opts.limits ? {} : { rateLimit: 0, maxConcurrent: 0 }),
  });
  const creds = emu.credentials[0];
  if (!creds) throw new Error("the emulator reported no credentials");
  const programDir = mkdtempSync(join(tmpdir(), "collectors-bench-program-"));
  let ws: PulumiWorkspace | undefined;
  const measured: Measured[] = [];
  let failed: CommandResult | undefined;
  let state: StateSize | undefined;
  try {
    const cliPath = await pulumiCliPath(root, process.stderr);
    let program = join(root, "test", "e2e", "programs", "many");
    if (provider === "native") {
      writeFileSync(join(programDir, "Pulumi.yaml"), manyYaml(sources));
      program = programDir;
    }
    ws = await PulumiWorkspace.create({
      program,
      prefix: "collectors-bench-",
      cliPath,
      config: {
        ...(provider === "dynamic" ? { count: String(sources) } : {}),
        "collectors:accessId": creds.accessId,
        "collectors:endpoint": emu.url,
      },
      secrets: { "collectors:accessKey": creds.accessKey },
      env: {
        ...clientLimits(opts),
        ...(opts.skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
      },
    });
    if (provider === "native") {
      // As a user installs it: the tarball `npm run build` made (a launcher), or a release's
      // archive (the self-contained executable) with --plugin-archive.
      const tarball = opts.pluginArchive ?? join(root, "dist", "plugin", tarballName());
      const version = packageVersion(root);
      await ws.pulumi(["plugin", "install", "resource", "collectors", version, "--file", tarball]);
    }
    const extra = (step: Step) => [
      ...(opts.skipPreview && step.previews ? ["--skip-preview"] : []),
      ...(opts.parallel === undefined ? [] : ["--parallel", String(opts.parallel)]),
    ];
    process.stderr.write(`${title(opts, provider)}\n`);
    const save = opts.save && join(opts.save, String(opts.resources), provider);
    if (save) mkdirSync(save, { recursive: true });

    for (const [i, step] of STEPS.entries()) {
      const args = [...step.args, ...extra(step)];
      process.stderr.write(`==> pulumi ${args.join(" ")}\n`);
      const started = Date.now();
      let sampler: TreeMemorySampler | undefined;
      const result = await ws.pulumi(args, {
        check: false,
        // A 2,000-resource up at 4 requests/s takes over 8 minutes before the engine's own cost.
        timeoutMs: Math.max(15 * 60_000, opts.resources * 1_500),
        onSpawn: (pid) => {
          sampler = new TreeMemorySampler(pid);
        },
      });
      const ended = Date.now();
      const memory = sampler?.stop() ?? [];
      const load = loadAverage();
      // The service's clock is real time here (nothing advances it), so times compare directly.
      const log = (await (await fetch(`${emu.origin}/_emulator/requests`)).json()) as {
        requests: LoggedRequest[];
      };
      const requests = log.requests.filter((r) => r.time >= started && r.time <= ended);
      if (log.requests.length >= 10_000 && (log.requests[0]?.time ?? 0) >= started) {
        process.stderr.write("    warning: the service keeps 10,000 requests; some were lost\n");
      }
      measured.push({ step, result, started, ended, requests, memory, load });
      process.stderr.write(
        `    exit ${result.code}, ${seconds(ended - started)} s, ${requests.length} requests, ` +
          `peak RSS ${memoryCells(memory).join(" / ")} MiB, load ${load}\n`,
      );
      if (save) {
        const base = join(save, `${i + 1}-${step.args[0]}${step.engine ? "-noop" : ""}`);
        writeFileSync(`${base}.requests.json`, `${JSON.stringify(requests, null, 1)}\n`);
        writeFileSync(`${base}.out.txt`, `${result.stdout}\n--- stderr ---\n${result.stderr}`);
      }
      if (result.code !== 0) {
        failed = result;
        break;
      }
      if (step.name === "up") state = await stateSize(ws);
    }
  } finally {
    ws?.dispose();
    rmSync(programDir, { recursive: true, force: true });
    await emu.close();
  }
  const engineRuns = measured.filter((m) => m.step.engine).map((m) => m.ended - m.started);
  const engine = engineRuns.length ? Math.min(...engineRuns) : undefined;
  return { provider, measured, engine, engineRuns, failed, state };
}

/** (wall − engine) ÷ floor of one command, or "—" without requests or an engine cost. */
function overFloor(m: Measured, engine: number | undefined): string {
  const n = m.requests.length;
  if (n === 0 || engine === undefined) return "—";
  return ((m.ended - m.started - engine) / ((n / RATE) * 1000)).toFixed(2);
}

/** One front end's tables: the commands, then the timeline. */
function report(opts: Options, run: Run): string[] {
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
      n === 0 ? "—" : seconds((n / RATE) * 1000),
      overFloor(m, engine),
    ];
  });
  return [
    `### ${title(opts, run.provider)}`,
    "",
    table(
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
    table(
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
    table(
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

function stateLine(state: StateSize): string {
  const per = (n: number) => (n / Math.max(1, state.resources)).toFixed(0);
  return (
    `State after up (\`pulumi stack export\`): ${(state.bytes / 1024).toFixed(0)} KiB for ` +
    `${state.resources} resources (stack and providers included), ${per(state.bytes)} bytes each; ` +
    `\`__provider\` ${per(state.providerBytes)} bytes each (inputs and outputs), ` +
    `${state.providerTexts} different text(s).`
  );
}

/** The front ends side by side: requests, wall time and (wall − engine) ÷ floor per command. */
function sideBySide(runs: Run[]): string[] {
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
  return ["### Side by side", "", table(head, [...rows, engine]), ""];
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const root = repoRoot(__dirname);
  const all: Run[] = [];
  // Each size's tables are printed as soon as it is measured: a long run that is stopped keeps
  // what it measured.
  for (const resources of opts.sizes) {
    const sized = { ...opts, resources };
    const runs: Run[] = [];
    for (const provider of opts.providers) {
      const run = await measure(sized, provider, root);
      runs.push(run);
      process.stdout.write(`\n${report(sized, run).join("\n")}`);
      if (run.failed) break;
    }
    if (runs.length > 1) process.stdout.write(`\n${sideBySide(runs).join("\n")}`);
    all.push(...runs);
    if (runs.some((run) => run.failed)) break;
  }
  process.stdout.write(
    `\nPulumi engine from scripts/pulumi-cli.sh; --parallel ${opts.parallel ?? "the CLI's default"}; ` +
      `${new Date().toISOString()}.\n`,
  );
  const failed = all.find((run) => run.failed)?.failed;
  if (failed) {
    process.stderr.write(
      `\n\`${failed.command}\` failed (exit ${failed.code}):\n${failed.stdout}\n${failed.stderr}\n`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  const text = error instanceof UsageError ? error.message : undefined;
  process.stderr.write(`${text ?? (error instanceof Error ? error.stack : String(error))}\n`);
  process.exit(1);
});
