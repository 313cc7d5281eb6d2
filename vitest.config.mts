import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * What a file took in a full run, in seconds (2 cores, other work beside), for a file Vitest has
 * no duration of: the end-to-end files are short files of long runs. Only the order depends on
 * it, so a figure gone stale costs time, never a test; the first run records real durations.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  "test/e2e/interrupted-classes.test.ts": 150,
  "test/e2e/interrupted-plugin.test.ts": 110,
  "test/e2e/invariants.test.ts": 150,
  "test/e2e/release.test.ts": 90,
  "test/e2e/python.test.ts": 150,
  "test/e2e/export.test.ts": 90,
  "test/e2e/reference-examples.test.ts": 100,
  "test/e2e/migrate.test.ts": 90,
  "test/e2e/scale.test.ts": 80,
  "test/e2e/fleet.test.ts": 75,
  "test/e2e/lifecycle.test.ts": 70,
  "test/e2e/export-yaml.test.ts": 60,
};

/** An end-to-end file: it drives the real Pulumi CLI, and its order is chosen for time. */
const isEndToEnd = (file: string) => file.startsWith("test/e2e/");

/**
 * The files' order. End-to-end files go longest first, so that the workers finish together
 * instead of one running the slowest file alone at the end. Vitest's own order takes each file's
 * last duration (kept under node_modules/.vite), but falls back to the file's size when one is
 * missing: after `npm ci` (CI, a fresh clone) the two kill-matrix files, six lines each and the
 * longest runs, went last. Here a file without a recorded duration counts as EXPECTED_SECONDS
 * says, else as 30 s for an end-to-end file and 1 s for any other.
 *
 * With `--sequence.shuffle.files` (or `--sequence.shuffle`), as `npm test` and `npm run
 * test:quick` pass it, the other files follow the end-to-end ones in a random order instead: a
 * worker runs its files in one process (isolate: false below), so a file that passes only after
 * another, or fails only after one, shows on some run. Vitest uses its own random order only when
 * no sequencer is configured, so this one reads the option; it prints the seed, which
 * `--sequence.seed=N` takes to repeat an order.
 */
class Sequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const path = (spec: TestSpecification) =>
      relative(spec.project.config.root, spec.moduleId).split("\\").join("/");
    const expected = (spec: TestSpecification): number => {
      const recorded = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (recorded !== undefined) return recorded;
      const file = path(spec);
      return (EXPECTED_SECONDS[file] ?? (isEndToEnd(file) ? 30 : 1)) * 1000;
    };
    const longestFirst = (list: TestSpecification[]) =>
      [...list].sort((a, b) => expected(b) - expected(a));
    const shuffle = this.ctx.config.cliOptions.sequence?.shuffle;
    if (!(shuffle === true || (typeof shuffle === "object" && shuffle.files))) {
      return longestFirst(files);
    }
    const { seed } = this.ctx.config.sequence;
    this.ctx.logger.log(`Files other than end to end in a random order: --sequence.seed=${seed}`);
    const others = files.filter((spec) => !isEndToEnd(path(spec)));
    // By path first, so that only the seed decides the order (not the order files were found in).
    const byPath = others.sort((a, b) => (path(a) < path(b) ? -1 : path(a) > path(b) ? 1 : 0));
    return [
      ...longestFirst(files.filter((spec) => isEndToEnd(path(spec)))),
      ...seeded(byPath, seed),
    ];
  }
}

/** The list in the order a pseudo-random sequence of `seed` gives (mulberry32, Fisher-Yates). */
function seeded<T>(list: T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two more workers than the 2 cores: an end-to-end file spends much of its time waiting (the
    // service's pace, a killed engine noticed, a Go build), and the other files fill those gaps.
    // Full runs on a 2-core machine, 2026-11-27: 884 s with 2 workers and 713 to 739 s with 3;
    // once the plugin's start and the unit files' isolation took less of the processor, 691 to
    // 711 s with 3 and 681 s with 4 (3 % of the processor left idle). The longest checks of the
    // release have minutes, not the 30 s default, for a machine this busy.
    maxWorkers: 4,
    // A worker runs its files one after the other in one process instead of a fresh process per
    // file: the unit and integration files took 132 s of processor time isolated and 88 s not.
    // Every file starts its own services and sets its own Pulumi mocks; the setup file resets
    // the process-wide state after each file, and fails one that leaves process.env changed. The
    // test scripts shuffle the order of the files (Sequencer), so that a dependence shows.
    isolate: false,
    setupFiles: ["test/helpers/reset-between-files.ts"],
    sequence: { sequencer: Sequencer },
    // Inherited by every process a test starts (the Pulumi programs, Pulumi's Node.js hosts, the
    // plugin): Node.js keeps the code it compiled there, so the hundreds of engine runs of the
    // end-to-end tests stop compiling @pulumi/pulumi and its dependencies each time. Only the
    // tests set it; the benchmarks measure a start as users have it.
    // Go's collector is held back until a process holds 2 GiB, in the same processes: the engine's
    // commands, the Go language hosts and builds are short, and collecting took a fifth of their
    // processor time (`pulumi stack ls` 0.26 s → 0.14 s; the invariants file 120 → 113 CPU-s).
    env: {
      NODE_COMPILE_CACHE: join(tmpdir(), "pulumi-collectors-test-compile-cache"),
      GOGC: "off",
      GOMEMLIMIT: "2GiB",
    },
  },
});
