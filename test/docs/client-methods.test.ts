// docs/reference/client.md lists the client's methods, printed from provider/api/ by
// scripts/docs/client-reference.ts: a method added, renamed or re-documented fails here until
// `npm run docs:client` prints the section again, and a public method without a doc comment
// cannot be printed at all.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CollectorsApi } from "../../provider/api/collectors";
import { BEGIN, clientReference, END, PAGE } from "../../scripts/docs/client-reference";
import { markedSection } from "../../scripts/docs/marked-section";

const ROOT = join(__dirname, "..", "..");

describe(PAGE, () => {
  const page = readFileSync(join(ROOT, PAGE), "utf8");
  const section = clientReference(ROOT);

  it("lists the client's methods as the source has them", () => {
    const onPage = markedSection(page, BEGIN, END, PAGE);
    expect(onPage, "run `npm run docs:client`").toBe(section);
  });

  it("has a row for every public method of an API class", () => {
    const methods = Object.getOwnPropertyNames(CollectorsApi.prototype).filter(
      (name) => name !== "constructor",
    );
    for (const method of methods) expect(section).toContain(`| \`${method}(`);
    expect(section).toContain("### client.searchJobs");
  });
});
