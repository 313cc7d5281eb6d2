// What every page people read must hold to: the configuration table written in one place only,
// and user pages that speak to users (not of the machine the tests run on, nor of the project's
// issue numbers).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pages } from "./pages";

const ROOT = join(__dirname, "..", "..");
const read = (page: string) => readFileSync(join(ROOT, page), "utf8");

/** A table row whose first cell is a provider setting: `| \`collectors:accessId\` | …`. */
const CONFIG_ROW = /^\|\s*`collectors:[A-Za-z]+`\s*\|/m;

/** Pages for users; internals, the changelog and the service's own documents are not. */
const isUserPage = (page: string) =>
  page === "README.md" ||
  (page.startsWith("docs/") &&
    !page.startsWith("docs/internals/") &&
    !page.startsWith("docs/benchmarks/") &&
    !page.startsWith("docs/reference/service/"));

/** Words that speak of the machine the docs were written on, or of an issue of this project. */
const NOT_FOR_USERS = [
  /\bthis machine\b/i,
  /\b(verified|tested|run|measured|built|obtainable|reachable|installed) here\b/i,
  /\bissue \d+\b/i,
];

describe("the documentation's pages", () => {
  it("write the configuration table once, in README.md", () => {
    const holding = pages().filter((page) => CONFIG_ROW.test(read(page)));
    expect(holding).toEqual(["README.md"]);
  });

  it("spotting a repeated configuration table", () => {
    expect(CONFIG_ROW.test("| `collectors:endpoint` | `COLLECTORS_ENDPOINT` | — |")).toBe(true);
    expect(CONFIG_ROW.test("Set `collectors:endpoint` | or not")).toBe(false);
  });

  for (const page of pages().filter(isUserPage)) {
    it(`${page} speaks to users`, () => {
      const text = read(page);
      const found = NOT_FOR_USERS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
      expect(found, `${page}: say it without the machine or the issue`).toEqual([]);
    });
  }
});
