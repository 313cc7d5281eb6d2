// docs/resource-reference.md is the page scripts/resource-reference.ts prints from the kind
// tables (it holds the table of source classes too): a new kind, field, default, secret or
// server-set output that is not on the page fails here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import { resourceReference } from "../../scripts/resource-reference";
import { sourceTypesTable } from "../../scripts/source-types-table";

const PAGE = join(__dirname, "..", "..", "docs", "resource-reference.md");

describe("docs/resource-reference.md", () => {
  const page = readFileSync(PAGE, "utf8");

  it("is what the kind tables print", () => {
    expect(
      page,
      "run `npx tsc -p scripts && node dist/scripts/resource-reference.js > docs/resource-reference.md`",
    ).toBe(`${resourceReference()}\n`);
  });

  it("has a section for every kind and the table of source classes", () => {
    const headings = [...page.matchAll(/^### (\w+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(expect.arrayContaining(Object.keys(ENTITY_KINDS)));
    expect(page).toContain(sourceTypesTable());
  });
});
