// docs/reference/resources/ is what scripts/reference-pages.ts prints from the kind tables, the
// schema and the rendered examples (the index holds the table of source classes): a new kind,
// field, default, secret, nested member or server-set output that is not on its page fails here,
// as does an example missing from a page or from the schema's descriptions, or a Python
// rendering that does not parse. (The renderings' freshness: reference-examples.test.ts; that
// they run: test/e2e/reference-examples.test.ts.)
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageSchema } from "../../provider/plugin/schema";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import { EXAMPLES_FILE, kebab, LANGUAGES } from "../../scripts/reference-examples";
import { PAGES, referencePages } from "../../scripts/reference-pages";
import { sourceTypesTable } from "../../scripts/source-types-table";

const REGENERATE = "run `npm run docs:reference`";
const KINDS = Object.keys(ENTITY_KINDS);
const examples = JSON.parse(readFileSync(EXAMPLES_FILE, "utf8")) as Record<
  string,
  Record<string, string>
>;

describe("docs/reference/resources", () => {
  const expected = referencePages();

  it("is what the kind tables, the schema and the examples print, and nothing else", () => {
    expect(readdirSync(PAGES).sort(), REGENERATE).toEqual(Object.keys(expected).sort());
    for (const [file, text] of Object.entries(expected)) {
      expect(readFileSync(join(PAGES, file), "utf8"), `${file}: ${REGENERATE}`).toBe(text);
    }
  });

  it("has a page for every kind, each linked from the index with the table of source classes", () => {
    const index = readFileSync(join(PAGES, "README.md"), "utf8");
    for (const kind of KINDS) {
      const page = readFileSync(join(PAGES, `${kebab(kind)}.md`), "utf8");
      expect(page).toMatch(new RegExp(`^# ${kind}$`, "m"));
      expect(index).toContain(`[${kind}](${kebab(kind)}.md)`);
    }
    expect(index).toContain(sourceTypesTable());
  });

  it("shows each kind's example in every language, the classes' with the package's import", () => {
    for (const kind of KINDS) {
      const page = readFileSync(join(PAGES, `${kebab(kind)}.md`), "utf8");
      for (const language of LANGUAGES) {
        const source = examples[kind]?.[language] ?? "";
        expect(source, `${kind} in ${language}`).not.toBe("");
        expect(page).toContain(source.trimEnd());
      }
      expect(page).toContain('import * as collectors from "pulumi-collectors";');
    }
  });
});

describe("the package schema's examples", () => {
  it("every resource's description carries its example in every language, in the Registry's format", () => {
    const resources = Object.entries(packageSchema().resources);
    const withExamples = resources.filter(([token, resource]) => {
      const kind = token.split(":")[2] as string;
      const d = resource.description;
      return (
        /\{\{% examples %\}\}\n## Example Usage\n\{\{% example %\}\}\n### /.test(d) &&
        d.includes("{{% /example %}}\n{{% /examples %}}") &&
        LANGUAGES.every((l) =>
          d.includes(`\`\`\`${l}\n${(examples[kind]?.[l] ?? "-").trimEnd()}\n\`\`\``),
        )
      );
    });
    expect(withExamples.length).toBe(resources.length);
    expect(resources.length).toBe(KINDS.length);
  });
});

describe("the Python renderings", () => {
  it("parse (python3's ast: there is no Python SDK installed to run them against)", () => {
    const sources = KINDS.map((kind) => examples[kind]?.python ?? "");
    // ast.parse raises on a syntax error: the command then fails, and so does the test.
    const parse =
      "import ast, json, sys\nn = 0\nfor s in json.load(sys.stdin):\n    ast.parse(s)\n    n += 1\nprint(n)";
    const parsed = execFileSync("python3", ["-c", parse], {
      input: JSON.stringify(sources),
      encoding: "utf8",
    });
    expect(parsed.trim()).toBe(String(KINDS.length));
  });
});
