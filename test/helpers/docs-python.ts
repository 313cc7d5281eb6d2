// The Python programs of the user pages outside the reference (the getting-started pages, the
// guides, the docs' index): each fenced `python` block that is a whole program on the plugin's
// SDK (it imports pulumi_collectors). A test of its own (pytest, the Automation API) is run by
// the tests of its page, not previewed as a program.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeBlocks, isUserPage, pages } from "../docs/pages";

const ROOT = join(__dirname, "..", "..");

export interface DocsProgram {
  /** Where it is: "docs/_index.md, its 1st Python block". */
  where: string;
  text: string;
}

const isProgram = (text: string) =>
  /^import pulumi_collectors\b/m.test(text) && !/\bpulumi\.automation\b|^def test_/m.test(text);

export function docsPythonPrograms(): DocsProgram[] {
  return pages()
    .filter((page) => isUserPage(page) && page.startsWith("docs/"))
    .filter((page) => !page.startsWith("docs/reference/"))
    .flatMap((page) =>
      codeBlocks(readFileSync(join(ROOT, page), "utf8"))
        .filter((block) => block.info === "python")
        .map((block, index) => ({ page, index, text: block.text }))
        .filter((block) => isProgram(block.text))
        .map(({ page, index, text }) => ({
          where: `${page}, its Python block ${index + 1}`,
          text,
        })),
    );
}
