// The documentation's relative links: every one names a file of the repository, and every
// `#anchor` a heading of that file (as GitHub makes heading anchors), so a page renamed or a
// heading reworded fails here until its links follow. Links in code blocks are examples, not
// links; web addresses are not checked (no network), but for this repository's own pages on
// GitHub, which the two pages the Pulumi Registry publishes link to (a relative link would not
// resolve there): those are checked as the files they name.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type * as Slugger from "github-slugger" with { "resolution-mode": "import" };
import { describe, expect, it } from "vitest";
import { pages, withoutBlocks } from "./pages";

// github-slugger is ESM-only: Node 22 loads it with require() (require(esm)), as cli/ does commander.
const { default: GithubSlugger } = require("github-slugger") as typeof Slugger;

const ROOT = join(__dirname, "..", "..");

/** The text without fenced code blocks and inline code. */
function prose(markdown: string): string {
  return withoutBlocks(markdown).replace(/`[^`\n]*`/g, "");
}

/** The targets of the page's links: `[text](target)` and `[label]: target` definitions. */
function linksIn(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const defined = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)];
  return [...inline, ...defined].map((match) => match[1] as string);
}

/** The anchors GitHub gives the page's headings (duplicates numbered, as it does). */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const headings = [...withoutBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)];
  return new Set(headings.map((heading) => slugger.slug(heading[1] as string)));
}

/** This repository's files on GitHub, as a page published elsewhere links to them. */
const ON_GITHUB = "https://github.com/pulumi-collectors/pulumi-collectors/blob/main/";

/** What is wrong with one link of `page`, or undefined when it resolves. */
function brokenLink(page: string, target: string): string | undefined {
  const own = target.startsWith(ON_GITHUB);
  if (!own && /^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto:, github://
  const [path = "", anchor] = (own ? target.slice(ON_GITHUB.length) : target).split("#", 2);
  const from = own ? "" : dirname(page);
  const file = path === "" ? join(ROOT, page) : resolve(ROOT, from, decodeURI(path));
  if (!file.startsWith(ROOT) || !existsSync(file)) return `${target}: no such file`;
  if (anchor === undefined || anchor === "") return undefined;
  if (statSync(file).isDirectory() || !file.endsWith(".md")) return undefined;
  const anchors = anchorsOf(readFileSync(file, "utf8"));
  return anchors.has(decodeURIComponent(anchor))
    ? undefined
    : `${target}: ${relative(ROOT, file)} has no heading #${anchor}`;
}

describe("the documentation's links", () => {
  it("finds the pages and their links (the checks below see something)", () => {
    const all = pages();
    expect(all).toContain("README.md");
    expect(all).toContain(join("docs", "reference", "how-resources-behave.md"));
    const readme = linksIn(readFileSync(join(ROOT, "README.md"), "utf8"));
    expect(readme.filter((target) => target.startsWith("docs/")).length).toBeGreaterThan(10);
  });

  it("reads links and anchors as GitHub does", () => {
    const page =
      "# A title\n\n## Quick start: the `collectors` plugin\n\n## Quick start: the `collectors` plugin\n";
    expect([...anchorsOf(page)]).toEqual([
      "a-title",
      "quick-start-the-collectors-plugin",
      "quick-start-the-collectors-plugin-1",
    ]);
    const links = linksIn(
      "See [a](docs/a.md#x), `[code](not.md)`.\n\n```md\n[not](a-link.md)\n```\n\n[ref]: c.md\n",
    );
    expect(links).toEqual(["docs/a.md#x", "c.md"]);
    expect(brokenLink("docs/x.md", `${ON_GITHUB}docs/guides/secrets.md`)).toBeUndefined();
    expect(brokenLink("docs/x.md", `${ON_GITHUB}docs/guides/secret.md`)).toMatch(/no such file/);
    expect(brokenLink("docs/x.md", `${ON_GITHUB}README.md#nowhere`)).toMatch(/no heading #nowhere/);
    expect(brokenLink("docs/x.md", "https://example.com/a.md#b")).toBeUndefined();
  });

  for (const page of pages()) {
    it(`${page}: every relative link and anchor resolves`, () => {
      const broken = linksIn(readFileSync(join(ROOT, page), "utf8"))
        .map((target) => brokenLink(page, target))
        .filter((why) => why !== undefined);
      expect(broken).toEqual([]);
    });
  }
});
