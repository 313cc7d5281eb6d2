// The Markdown pages people read (README, CHANGELOG and CONTRIBUTING at the top, every page of
// docs/ and of examples/, as paths from the repository's root), and their fenced code blocks.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");

export function pages(): string[] {
  const found = ["README.md", "CHANGELOG.md", "CONTRIBUTING.md"].filter((name) =>
    existsSync(join(ROOT, name)),
  );
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "node_modules") walk(path);
      else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  walk("examples");
  return found;
}

/**
 * Pages for users: README, docs/ but the internals and the benchmarks (the service's reference
 * included), and the examples' READMEs. The changelog and CONTRIBUTING speak to contributors.
 */
export const isUserPage = (page: string): boolean =>
  page === "README.md" ||
  (page.startsWith("docs/") &&
    !page.startsWith("docs/internals/") &&
    !page.startsWith("docs/benchmarks/")) ||
  (page.startsWith("examples/") && page.endsWith("README.md"));

/** A fenced code block: ``` or ~~~, its info string, its text. */
const FENCED = /^(```|~~~)([^\n]*)\n([\s\S]*?)^\1[^\n]*$/gm;

/** The page's fenced code blocks: the info string (`sh`, `text`, or empty) and the text. */
export function codeBlocks(markdown: string): { info: string; text: string }[] {
  return [...markdown.matchAll(FENCED)].map((match) => ({
    info: (match[2] as string).trim(),
    text: match[3] as string,
  }));
}

/** The page without its fenced code blocks. */
export function withoutBlocks(markdown: string): string {
  return markdown.replace(FENCED, "");
}
