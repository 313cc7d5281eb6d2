// docs/reference/resources/ and docs/reference/functions/ are what scripts/docs/reference-pages.ts
// prints from the kind tables, the schema, the rendered examples and the SDKs' names (the index
// holds the table of source classes): a new kind, function, field, default, secret, nested member
// or server-set output that is not on its page fails here, as does an example missing from a page
// or from the schema's descriptions, or a Python rendering that does not parse. (The renderings' freshness: reference-examples.test.ts; that
// they run: test/e2e/reference-examples.test.ts.)
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as classes from "../../provider";
import { INVOKES } from "../../provider/plugin/invokes";
import { PLUGIN_INPUTS } from "../../provider/plugin/plugin-inputs";
import { packageSchema } from "../../provider/plugin/schema";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import {
  EXAMPLE_NAMES,
  EXAMPLES_FILE,
  kebab,
  LANGUAGES,
} from "../../scripts/docs/reference-examples";
import { FUNCTION_PAGES, PAGES, referencePages } from "../../scripts/docs/reference-pages";
import { sourceTypesTable } from "../../scripts/docs/source-types-table";

const REGENERATE = "run `npm run docs:reference`";
const KINDS = Object.keys(ENTITY_KINDS);
const FUNCTIONS = Object.keys(INVOKES);
const examples = JSON.parse(readFileSync(EXAMPLES_FILE, "utf8")) as Record<
  string,
  Record<string, string>
>;

describe("docs/reference/resources", () => {
  const expected = referencePages();

  it("is what the kind tables, the schema and the examples print, and nothing else", () => {
    const files = [
      ...readdirSync(PAGES).map((file) => `resources/${file}`),
      ...readdirSync(FUNCTION_PAGES).map((file) => `functions/${file}`),
    ];
    expect(files.sort(), REGENERATE).toEqual(Object.keys(expected).sort());
    for (const [file, text] of Object.entries(expected)) {
      expect(readFileSync(join(PAGES, "..", file), "utf8"), `${file}: ${REGENERATE}`).toBe(text);
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

  it("has a page for every function of the plugin, linked from the index, with its example in every language", () => {
    const index = readFileSync(join(PAGES, "README.md"), "utf8");
    for (const fn of FUNCTIONS) {
      const page = readFileSync(join(FUNCTION_PAGES, `${kebab(fn)}.md`), "utf8");
      expect(page).toMatch(new RegExp(`^# ${fn}$`, "m"));
      expect(index).toContain(`(../functions/${kebab(fn)}.md)`);
      for (const language of LANGUAGES) {
        const source = examples[fn]?.[language] ?? "";
        expect(source, `${fn} in ${language}`).not.toBe("");
        expect(page).toContain(source.trimEnd());
      }
    }
  });

  it("lists the plugin's own inputs in their kind's arguments table, and says what deleting does", () => {
    for (const [kind, inputs] of Object.entries(PLUGIN_INPUTS)) {
      const page = readFileSync(join(PAGES, `${kebab(kind)}.md`), "utf8");
      const table = page.slice(
        page.indexOf("## Arguments"),
        page.indexOf("\n## ", page.indexOf("## Arguments") + 1),
      );
      for (const key of Object.keys(inputs))
        expect(table, `${kind}.${key}`).toMatch(
          new RegExp(`^\\| \`${key}\` \\|.*Plugin only`, "m"),
        );
    }
    const installed = readFileSync(join(PAGES, "installed-collector.md"), "utf8");
    expect(installed).toContain("## Deleting");
    expect(installed).not.toMatch(/leaves the collector on the service unless `allowDelete`/);
  });

  it("tells how to find the id each import takes", () => {
    for (const [kind, spec] of Object.entries(ENTITY_KINDS)) {
      const page = readFileSync(join(PAGES, `${kebab(kind)}.md`), "utf8");
      const section = page.slice(page.indexOf("## Import"));
      expect(section, kind).toContain("`collectors list` shows every collector's id");
      if (spec.parent !== undefined)
        expect(section, kind).toContain("`collectors list --sources COLLECTOR`");
    }
  });

  it("states the source notes in users' words: no codes of the fact sheet", () => {
    const index = readFileSync(join(PAGES, "README.md"), "utf8");
    expect(index).not.toMatch(/\bsheet\b|[,(] ?[HML]\)|\bTF\b/);
  });

  it("says the classes' package has each function and its Output variant, which it does", () => {
    const exported = classes as unknown as Record<string, unknown>;
    for (const fn of FUNCTIONS) {
      const page = readFileSync(join(FUNCTION_PAGES, `${kebab(fn)}.md`), "utf8");
      expect(page).toMatch(
        new RegExp(`same look-up as \`${fn}\\((args)?\\)\` and \`${fn}Output\\(`),
      );
      expect(typeof exported[fn], fn).toBe("function");
      expect(typeof exported[`${fn}Output`], `${fn}Output`).toBe("function");
    }
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
  it("parse (python3's ast, in a second; the e2e previews them with the SDK)", () => {
    const sources = EXAMPLE_NAMES.map((name) => examples[name]?.python ?? "");
    // ast.parse raises on a syntax error: the command then fails, and so does the test.
    const parse =
      "import ast, json, sys\nn = 0\nfor s in json.load(sys.stdin):\n    ast.parse(s)\n    n += 1\nprint(n)";
    const parsed = execFileSync("python3", ["-c", parse], {
      input: JSON.stringify(sources),
      encoding: "utf8",
    });
    expect(parsed.trim()).toBe(String(KINDS.length + FUNCTIONS.length));
  });
});
