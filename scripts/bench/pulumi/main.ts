// Benchmark (not a test): preview, up, refresh and destroy of N resources through the real Pulumi
// CLI against the local service, and how each compares with the floor the rate limit sets.
//
//   npm run bench:pulumi -- [--provider dynamic|native|both] [--resources 200] [--no-limits]
//                           [--skip-preview] [--parallel P] [--pacing-margin MS]
//                           [--skip-checkpoints] [--save DIR] [--plugin-archive FILE]
//
// The program (program.ts): 3 Hosted Collectors and N − 3 HTTP sources spread over them. With the
// dynamic provider (the default) it is test/e2e/programs/many, in TypeScript on the package's
// classes; with --provider native, the same resources as a Pulumi YAML program on the collectors
// provider plugin, installed from the tarball `npm run build` makes; --provider both runs one
// front end after the other, each against a service of its own, and adds a table of the two side
// by side. The service runs in this process with its default limits (4 requests/s per user, 10
// in flight per key); `pulumi` runs in child processes in a temporary workspace (own backend and
// PULUMI_HOME), as in the end-to-end tests (measure.ts). The figures come from the service's
// request log.
//
// The engine's fixed cost is measured in the same run (commands.ts): a preview with nothing to
// do, after up and again after refresh, the lower one counting. For each command: wall time,
// requests by method and status, the floor (requests ÷ 4/s) and (wall − engine) ÷ floor; then a
// timeline from the request log (floor.ts), the peak memory per process and the state's size
// (report.ts).
//
// --no-limits turns the service's rate and concurrency limits off and, through a preload in the
// provider process (client-pacing.ts), the client's pacing too: what is left is the engine's
// per-resource overhead. The floor stays requests ÷ 4/s, for comparison. --pacing-margin MS runs
// the client with another windowMarginMs (provider/api/throttle.ts, default 5) through the same
// preload, to measure what the margin costs. Both are for the dynamic provider only: the plugin
// is one bundled file, which a preload cannot reach into.
// --skip-preview passes --skip-preview to up, refresh and destroy (each otherwise runs a preview
// of itself first: the program once more, and for refresh every read twice).
// --skip-checkpoints sets PULUMI_SKIP_CHECKPOINTS=true: the engine saves the state once at the
// end instead of after every step (unsafe for real stacks; here it shows what the saves cost).
// --plugin-archive FILE installs the plugin from FILE instead (a release's archive, whose
// executable carries its own Node.js: `npm run release` writes them to dist/release/).
// --save DIR writes each command's output and request log there (JSON) for closer study.
//
// Prints markdown tables on stdout (progress on stderr); exits 1 if a pulumi command failed.
import { repoRoot } from "../../toolchain/pulumi-workspace";
import { measure, type Run } from "./measure";
import { parseArgs, UsageError } from "./options";
import { closingLine, report, sideBySide } from "./report";

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
  process.stdout.write(closingLine(opts));
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
