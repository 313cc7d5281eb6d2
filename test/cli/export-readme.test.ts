// The example of `collectors export` in docs/guides/export.md (once the README's) is what the export
// prints and writes today (scripts/docs/export-example.ts runs it on a small account), and its
// index.ts type-checks against the package's current classes (their source, not a build that
// may be stale).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  EXAMPLE_END,
  EXAMPLE_START,
  exportExample,
  YAML_EXAMPLE_END,
  YAML_EXAMPLE_START,
  yamlExportExample,
} from "../../scripts/docs/export-example";
import { repoRoot } from "../../scripts/toolchain/pulumi-workspace";

const ROOT = repoRoot(__dirname);

const PAGE = join(ROOT, "docs", "guides", "export.md");

function documentedExample(startMarker = EXAMPLE_START, endMarker = EXAMPLE_END): string {
  const page = readFileSync(PAGE, "utf8");
  const start = page.indexOf(startMarker);
  const end = page.indexOf(endMarker);
  expect(start, "docs/guides/export.md's start marker").toBeGreaterThan(0);
  expect(end, "docs/guides/export.md's end marker").toBeGreaterThan(start);
  return page.slice(start + startMarker.length, end).trim();
}

const PASTE =
  "run `npm run build && node dist/scripts/docs/export-example.js` and paste its output over docs/guides/export.md's";

let previous: ts.Program | undefined;

/**
 * The errors of `code` compiled as a program's index.ts with the repository's settings (strict,
 * as the generated tsconfig.json is), `pulumi-collectors` being the package's source.
 */
function typeErrors(code: string): string[] {
  const file = join(ROOT, "readme-export-example.ts"); // never written: served from memory
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile).config;
  const options: ts.CompilerOptions = {
    ...ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options,
    noEmit: true,
    paths: { "pulumi-collectors": [join(ROOT, "provider", "index.ts")] },
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, code, language)
      : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  // The second check reuses the first one's files (the package's and its dependencies').
  const program = ts.createProgram([file], options, host, previous);
  previous = program;
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("docs/guides/export.md: the example", () => {
  it("shows what the export prints and the index.ts it writes", async () => {
    expect(documentedExample(), PASTE).toBe(await exportExample());
  });

  it("shows the Pulumi.yaml the export writes with --language yaml", async () => {
    expect(documentedExample(YAML_EXAMPLE_START, YAML_EXAMPLE_END), PASTE).toBe(
      await yamlExportExample(),
    );
  });

  it(
    "its index.ts type-checks against the current classes",
    () => {
      const code = /```ts\n([\s\S]*?)```/.exec(documentedExample())?.[1];
      expect(code).toContain("new collectors.");
      expect(typeErrors(code as string)).toEqual([]);
      // And the check can fail: an argument no class takes is an error.
      expect(
        typeErrors((code as string).replace('name: "okta",', 'name: "okta", nope: 1,')),
      ).not.toEqual([]);
      // Two type-checks of a program over the package's source: about 25 s each on two busy cores,
      // and more while the end-to-end files run beside it.
    },
    5 * 60_000,
  );
});
