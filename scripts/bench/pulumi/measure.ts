// One front end's run: a local service of its own (so the request log holds this run's requests
// only), a temporary Pulumi workspace as in the end-to-end tests, then each command of STEPS with
// the memory of every process under `pulumi` sampled and the service's requests collected.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LoggedRequest, startEmulator } from "../../../emulator/index";
import { packageVersion } from "../../../provider/plugin/version";
import { tarballName } from "../../build/plugin";
import {
  type CommandResult,
  PulumiWorkspace,
  pulumiCliPath,
} from "../../toolchain/pulumi-workspace";
import { type ProcessPeak, TreeMemorySampler } from "../shared/process-memory";
import { loggedRequests } from "../shared/service-requests";
import { clientPacingEnv } from "./client-pacing";
import { commandArgs, STEPS, type Step } from "./commands";
import { memoryCells, seconds } from "./format";
import type { Options, Provider } from "./options";
import { programFor } from "./program";
import { title } from "./report";
import { type StateSize, stateSize } from "./state-size";

/** One command, as it ran. */
export interface Measured {
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

/** What one front end's run measured: each command, and the engine's fixed cost. */
export interface Run {
  provider: Provider;
  measured: Measured[];
  /** The lower of the previews with nothing to do, and each of them. */
  engine: number | undefined;
  engineRuns: number[];
  failed: CommandResult | undefined;
  /** The stack's state after `up`. */
  state: StateSize | undefined;
}

/** "0.52, 0.61, 0.70": the load averages, 1, 5 and 15 minutes. */
function loadAverage(): string {
  return (readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3) as string[]).join(", ");
}

/** The commands of STEPS on one front end, against a service of its own. */
export async function measure(opts: Options, provider: Provider, root: string): Promise<Run> {
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
    const { program, config } = programFor(provider, opts.resources, root, programDir);
    ws = await PulumiWorkspace.create({
      program,
      prefix: "collectors-bench-",
      cliPath,
      config: {
        ...config,
        "collectors:accessId": creds.accessId,
        "collectors:endpoint": emu.url,
      },
      secrets: { "collectors:accessKey": creds.accessKey },
      env: {
        ...clientPacingEnv(opts),
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
    process.stderr.write(`${title(opts, provider)}\n`);
    const save = opts.save && join(opts.save, String(opts.resources), provider);
    if (save) mkdirSync(save, { recursive: true });

    for (const [i, step] of STEPS.entries()) {
      const args = commandArgs(step, opts);
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
      const log = await loggedRequests(emu.origin);
      const requests = log.filter((r) => r.time >= started && r.time <= ended);
      if (log.length >= 10_000 && (log[0]?.time ?? 0) >= started) {
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
