// Benchmark (not a test): the plugin's start-up, from spawning the process to the port it prints
// (what the engine waits for before every deployment), as the release's self-contained
// executable and as the launcher script `npm run build` makes (which runs the bundle with the
// `node` on the PATH: here the repository's pinned Node 22), alternating, in one run.
//
//   npm run bench:plugin-start -- [--runs 20] [--release DIR]
//
// --release names a folder `npm run release` wrote (default dist/release/); the archive of this
// machine's platform is unpacked from it. Prints a markdown table on stdout.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { packageVersion } from "../../provider/plugin/version";
import { archiveName, hostPlatform, PLUGIN } from "../release/platforms";
import { startPlugin, withoutPath } from "../release/start-plugin";
import { repoRoot } from "../toolchain/pulumi-workspace";
import { markdownTable } from "./shared/markdown-table";
import { quantile } from "./shared/quantile";

const ROOT = repoRoot(__dirname);

/** Median, min, p90 and max, in whole milliseconds. */
function summary(times: number[]): string[] {
  const sorted = [...times].sort((a, b) => a - b);
  return [quantile(sorted, 0.5), sorted[0] ?? 0, quantile(sorted, 0.9), sorted.at(-1) ?? 0].map(
    (ms) => `${ms.toFixed(0)} ms`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "20" }, release: { type: "string" } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a whole number, got ${values.runs}`);
  const release = resolve(values.release ?? join(ROOT, "dist", "release"));
  const archive = join(release, archiveName(packageVersion(ROOT), hostPlatform()));
  statSync(archive);
  const dir = mkdtempSync(join(tmpdir(), "collectors-start-"));
  try {
    execFileSync("tar", ["-xzf", archive, "-C", dir]);
    const variants = {
      "self-contained executable": { command: join(dir, PLUGIN), env: withoutPath() },
      "launcher + bundle on Node 22": {
        command: join(ROOT, "dist", "plugin", "bin", PLUGIN),
        env: { PATH: [join(ROOT, "node_modules", ".bin"), "/usr/bin", "/bin"].join(delimiter) },
      },
    };
    const times = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
    for (let i = 0; i < runs; i++) {
      for (const [name, { command, env }] of Object.entries(variants)) {
        const started = await startPlugin(command, [], env);
        started.stop();
        times.get(name)?.push(started.startMs);
      }
    }
    process.stdout.write(
      `Plugin start-up, process start to port printed, ${runs} runs each, alternating\n\n`,
    );
    const rows = [...times].map(([name, list]) => [name, ...summary(list)]);
    process.stdout.write(`${markdownTable(["Plugin", "median", "min", "p90", "max"], rows)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
