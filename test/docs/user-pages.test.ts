// What every page people read must hold to: the configuration table written in one place only,
// and user pages that speak to users (not of the machine the tests run on, nor of the project's
// issue numbers, nor in the words of the research notes the code was written from, which stay in
// docs/internals/service-research/), naming no page that is not in the repository.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { pages, withoutBlocks } from "./pages";

const ROOT = join(__dirname, "..", "..");
const read = (page: string) => readFileSync(join(ROOT, page), "utf8");

/** A table row whose first cell is a provider setting: `| \`collectors:accessId\` | …`. */
const CONFIG_ROW = /^\|\s*`collectors:[A-Za-z]+`\s*\|/m;

/** Pages for users; internals, benchmarks and the changelog are not. */
const isUserPage = (page: string) =>
  page === "README.md" ||
  (page.startsWith("docs/") &&
    !page.startsWith("docs/internals/") &&
    !page.startsWith("docs/benchmarks/"));

/** Words that speak of the machine the docs were written on, or of an issue of this project. */
const NOT_FOR_USERS = [
  /\bthis machine\b/i,
  /\b(verified|tested|run|measured|built|obtainable|reachable|installed) here\b/i,
  /\bissue \d+\b/i,
];

/**
 * Words of the research notes (docs/internals/service-research/): instructions to whoever builds
 * the service or the client, the notes' "sheet" and their confidence codes H, M and L. A user
 * page says the fact and how sure it is in words ("documented", "seen on the live service").
 */
const RESEARCH_WORDS = [
  /\bbuild the (local service|emulator|client)\b/i,
  /\bnothing was tried\b/i,
  /\bsheets?\b/i,
  /[(,;:] ?[HML] ?[),;]/,
];

/**
 * The pages a user page names by a relative path, in a link or in inline code
 * (`../spec/collector-management-api.md`), that are not files of the repository; and any
 * file: link. links.test.ts checks the links' targets too, but takes file: for a web address and
 * never reads inline code.
 */
function pathsOutside(page: string, markdown: string): string[] {
  const root = resolve(ROOT);
  const prose = withoutBlocks(markdown);
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string);
  const targets = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?/g)].map((match) => match[1] as string);
  const named = [...spans, ...targets].filter((path) => /^\.\.?\/\S*\.md(#\S*)?$/.test(path));
  const missing = named.filter((path) => {
    const file = resolve(root, dirname(page), (path.split("#")[0] as string).trim());
    return !file.startsWith(`${root}/`) || !existsSync(file);
  });
  return [...missing, ...targets.filter((target) => /^file:/i.test(target))];
}

describe("the documentation's pages", () => {
  it("write the configuration table once, in README.md", () => {
    const holding = pages().filter((page) => CONFIG_ROW.test(read(page)));
    expect(holding).toEqual(["README.md"]);
  });

  it("spotting a repeated configuration table", () => {
    expect(CONFIG_ROW.test("| `collectors:endpoint` | `COLLECTORS_ENDPOINT` | — |")).toBe(true);
    expect(CONFIG_ROW.test("Set `collectors:endpoint` | or not")).toBe(false);
  });

  it("spotting the research notes' words and paths outside the repository", () => {
    const found = (text: string) => RESEARCH_WORDS.filter((pattern) => pattern.test(text)).length;
    expect(found("Build the local service to the spec first.")).toBe(1);
    expect(found("Gathered from stored copies; nothing was tried against it.")).toBe(1);
    expect(found("(the sheet's table and example disagree, M)")).toBe(2);
    expect(found("keyPassword (sheet M)")).toBe(1);
    expect(found("Documented; the local service builds the URL (the spec's, 8).")).toBe(0);
    const page = "docs/reference/service/source-types.md";
    expect(pathsOutside(page, "The spec (`../spec/collector-management-api.md`).")).toEqual([
      "../spec/collector-management-api.md",
    ]);
    expect(pathsOutside(page, "[the spec](../../../../outside.md)")).toEqual([
      "../../../../outside.md",
    ]);
    expect(pathsOutside(page, "[notes](file:///srv/notes.md)")).toEqual(["file:///srv/notes.md"]);
    expect(
      pathsOutside(page, "[the spec](collector-management-api.md), `../local-service.md`"),
    ).toEqual([]);
    expect(pathsOutside(page, "```\n`../spec/in-a-block.md`\n```\n")).toEqual([]);
  });

  for (const page of pages().filter(isUserPage)) {
    it(`${page} speaks to users`, () => {
      const text = read(page);
      const found = NOT_FOR_USERS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
      expect(found, `${page}: say it without the machine or the issue`).toEqual([]);
    });

    it(`${page} speaks in users' words, not the research notes'`, () => {
      const text = withoutBlocks(read(page));
      const found = RESEARCH_WORDS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
      expect(
        found,
        `${page}: say what the service does and how sure that is ("documented", "seen on the live service"); the research stays in docs/internals/service-research/`,
      ).toEqual([]);
    });

    it(`${page} names no page outside the repository`, () => {
      expect(pathsOutside(page, read(page)), `${page}: link to a page of the repository`).toEqual(
        [],
      );
    });
  }
});
