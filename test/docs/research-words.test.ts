// User pages speak in users' words, not in those of the research notes the code was written from
// (docs/internals/service-research/), and name no page that is not in the repository. Copies of
// those notes once shipped as the service's reference: "nothing was tried against the live
// service", "Build the local service to the spec first", "sheet M", `../spec/…` paths.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { isUserPage, pages, withoutBlocks } from "./pages";

const ROOT = resolve(__dirname, "..", "..");

/**
 * Instructions to whoever builds the service or the client, the notes' "sheet", and their
 * confidence codes H, M and L. A user page says the fact and how sure it is in words
 * ("documented", "seen on the live service").
 */
const RESEARCH_WORDS = [
  /\bbuild the (local service|emulator|client)\b/i,
  /\bnothing was tried\b/i,
  /\bsheets?\b/i,
  /[(,;:] ?[HML] ?[),;]/,
];

/** The research notes' words in the text, as found. */
const researchWords = (text: string) =>
  RESEARCH_WORDS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);

/**
 * The pages a page names by a relative path, in a link or in inline code
 * (`../spec/collector-management-api.md`), that are not files of the repository; and its file:
 * links. links.test.ts checks link targets too, but takes file: for a web address and never
 * reads inline code.
 */
function pathsOutside(page: string, markdown: string): string[] {
  const prose = withoutBlocks(markdown);
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string);
  const targets = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?/g)].map((match) => match[1] as string);
  const named = [...spans, ...targets].filter((path) => /^\.\.?\/\S*\.md(#\S*)?$/.test(path));
  const missing = named.filter((path) => {
    const file = resolve(ROOT, dirname(page), path.split("#")[0] as string);
    return !file.startsWith(`${ROOT}/`) || !existsSync(file);
  });
  return [...missing, ...targets.filter((target) => /^file:/i.test(target))];
}

describe("user pages", () => {
  it("spotting the research notes' words", () => {
    expect(researchWords("Build the local service to the spec first.")).toEqual([
      "Build the local service",
    ]);
    expect(researchWords("Gathered from stored copies; nothing was tried against it.")).toEqual([
      "nothing was tried",
    ]);
    expect(researchWords("(the sheet's table and example disagree, M)")).toEqual(["sheet", ", M)"]);
    expect(researchWords("keyPassword (sheet: L)")).toEqual(["sheet", ": L)"]);
    expect(researchWords("Documented; the local service builds the URL (spec 8).")).toEqual([]);
  });

  it("spotting paths outside the repository", () => {
    const page = "docs/reference/service/source-types.md";
    expect(pathsOutside(page, "The spec (`../spec/collector-management-api.md`).")).toEqual([
      "../spec/collector-management-api.md",
    ]);
    expect(pathsOutside(page, "[the spec](../../../../outside.md)")).toEqual([
      "../../../../outside.md",
    ]);
    expect(pathsOutside(page, "[notes](file:///srv/notes.md)")).toEqual(["file:///srv/notes.md"]);
    expect(
      pathsOutside(page, "[spec](collector-management-api.md), `../local-service.md`"),
    ).toEqual([]);
    expect(pathsOutside(page, "```\n`../spec/in-a-block.md`\n```\n")).toEqual([]);
  });

  const checked = pages().filter(isUserPage);

  it("include the service's reference", () => {
    expect(checked).toContain(join("docs", "reference", "service", "source-types.md"));
    expect(checked).toContain(join("docs", "reference", "service", "live-service-facts.md"));
    expect(checked.some((page) => page.startsWith("docs/internals/"))).toBe(false);
  });

  for (const page of checked) {
    const markdown = readFileSync(join(ROOT, page), "utf8");

    it(`${page} speaks in users' words, not the research notes'`, () => {
      expect(
        researchWords(withoutBlocks(markdown)),
        `${page}: say what the service does and how sure that is ("documented", "seen on the live service"); the research stays in docs/internals/service-research/`,
      ).toEqual([]);
    });

    it(`${page} names no page outside the repository`, () => {
      expect(pathsOutside(page, markdown), `${page}: link to a page of the repository`).toEqual([]);
    });
  }
});
