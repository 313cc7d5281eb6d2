// The README's table of source classes is the one scripts/source-types-table.ts prints from the
// tables the classes are built from: a new type, field or secret that is not in the README fails.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceTypesTable, TABLE_END, TABLE_START } from "../../scripts/source-types-table";

describe("README", () => {
  it("holds the table of source classes as the tables print it", () => {
    const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");
    const start = readme.indexOf(TABLE_START);
    const end = readme.indexOf(TABLE_END);
    expect(start, "the README's start marker").toBeGreaterThan(0);
    expect(end, "the README's end marker").toBeGreaterThan(start);
    const shown = readme.slice(start + TABLE_START.length, end).trim();
    expect(
      shown,
      "run `npx tsc -p scripts && node dist/scripts/source-types-table.js` and paste its output",
    ).toBe(sourceTypesTable());
  });
});
