// provider/plugin/examples.json is what the program generators render from
// docs/reference/programs/ now, and scripts/docs/reference-names.json what the SDK generators call
// each property and function (scripts/docs/reference-examples.ts: three Go tools, built here; about
// half a minute with Go's build cache warm, minutes cold): a changed program, schema or generator
// whose renderings were not written back fails here.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  EXAMPLES_FILE,
  examplesText,
  NAMES_FILE,
  renderReference,
} from "../../scripts/docs/reference-examples";

const work = mkdtempSync(join(tmpdir(), "collectors-examples-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("provider/plugin/examples.json and scripts/docs/reference-names.json", () => {
  it(
    "are what the program and SDK generators give for docs/reference/programs and the schema",
    async () => {
      const { examples, names } = await renderReference(work);
      expect(readFileSync(EXAMPLES_FILE, "utf8"), "run `npm run docs:reference`").toBe(
        examplesText(examples),
      );
      expect(readFileSync(NAMES_FILE, "utf8"), "run `npm run docs:reference`").toBe(
        examplesText(names),
      );
    },
    15 * 60_000,
  );
});
