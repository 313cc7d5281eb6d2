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
  "test/e2e/export.test.ts": 90,
  "test/e2e/reference-examples.test.ts": 100,
  "test/e2e/migrate.test.ts": 90,
  "test/e2e/scale.test.ts": 80,
  "test/e2e/fleet.test.ts": 75,
  "test/e2e/lifecycle.test.ts": 70,
  "test/e2e/export-yaml.test.ts": 60,
};

/**
 * Longest file first, so that the workers finish together instead of one running the slowest
 * file alone at the end. Vitest's own order takes each file's last duration (kept under
 * node_modules/.vite), but falls back to the file's size when one is missing: after `npm ci` (CI,
 * a fresh clone) the two kill-matrix files, six lines each and the longest runs, went last.
 * Here a file without a recorded duration counts as EXPECTED_SECONDS says, else as 30 s for an
 * end-to-end file and 1 s for any other.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = (spec: TestSpecification): number => {
      const recorded = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (recorded !== undefined) return recorded;
      const file = relative(spec.project.config.root, spec.moduleId).split("\\").join("/");
      const seconds = EXPECTED_SECONDS[file] ?? (file.startsWith("test/e2e/") ? 30 : 1);
      return seconds * 1000;
    };
    return [...files].sort((a, b) => expected(b) - expected(a));
  }
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
    // file: the unit and integration files took 132 s of processor time isolated and 88 s not
    // (the same 1,840 tests, their order shuffled three times). Every file starts its own
    // services and sets its own Pulumi mocks, and restores the environment it changes.
    isolate: false,
    sequence: { sequencer: LongestFirst },
    // Inherited by every process a test starts (the Pulumi programs, Pulumi's Node.js hosts, the
    // plugin): Node.js keeps the code it compiled there, so the hundreds of engine runs of the
    // end-to-end tests stop compiling @pulumi/pulumi and its dependencies each time. Only the
    // tests set it; the benchmarks measure a start as users have it.
    env: { NODE_COMPILE_CACHE: join(tmpdir(), "pulumi-collectors-test-compile-cache") },
  },
});
