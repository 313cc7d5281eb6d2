// provider/plugin/examples.json is what the program generators render from
// docs/reference/programs/ now (scripts/reference-examples.ts: three Go tools, built here; about
// half a minute with Go's build cache warm, minutes cold): a changed program, schema or generator
// whose renderings were not written back fails here.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXAMPLES_FILE, examplesText, renderExamples } from "../../scripts/reference-examples";

const work = mkdtempSync(join(tmpdir(), "collectors-examples-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("provider/plugin/examples.json", () => {
  it(
    "is what the program generators render from docs/reference/programs",
    async () => {
      const rendered = examplesText(await renderExamples(work));
      expect(readFileSync(EXAMPLES_FILE, "utf8"), "run `npm run docs:reference`").toBe(rendered);
    },
    15 * 60_000,
  );
});
