// The reference pages' examples (provider/plugin/examples.json, rendered from
// docs/reference/programs/) put together into one program per language, so that one preview
// runs every page's example as the page shows it: the resources' and the functions'. Each
// example binds alone and their names are unique across files (scripts/*/programgen checks both),
// so joining them is mechanical: YAML maps merged; TypeScript and Go bodies each in a block of
// their own, under the union of imports (a TypeScript `export const` becomes a `const` there).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import type { Examples, Language } from "../../scripts/reference-examples";
import { EXAMPLES_FILE, kebab, PROGRAMS } from "../../scripts/reference-examples";

export const EXAMPLES = JSON.parse(readFileSync(EXAMPLES_FILE, "utf8")) as Examples;

/** The examples in a language; with `kindsOnly`, the resources' alone (not the functions'). */
const sources = (language: Language, kindsOnly = false) =>
  Object.entries(EXAMPLES)
    .filter(([name]) => !kindsOnly || Object.hasOwn(ENTITY_KINDS, name))
    .map(([, example]) => example[language]);

/** The programs' text; with `kindsOnly`, the resources' programs alone. */
const programsText = (kindsOnly = false) =>
  readdirSync(PROGRAMS)
    .filter((file) => file.endsWith(".pp"))
    .filter(
      (file) =>
        !kindsOnly || Object.keys(ENTITY_KINDS).some((kind) => `${kebab(kind)}.pp` === file),
    )
    .map((file) => readFileSync(join(PROGRAMS, file), "utf8"))
    .join("\n");

/** Every resource the programs declare (the resources' programs alone: `kindsOnly`), by logical name: its type token. */
export function declaredResources(kindsOnly = false): Record<string, string> {
  const found = programsText(kindsOnly).matchAll(/^resource (\w+) "([\w:]+)"/gm);
  return Object.fromEntries([...found].map((m) => [m[1] as string, m[2] as string]));
}

/** The config keys the programs read (each a credential, set as a secret). */
export const configKeys = (): string[] =>
  [...programsText().matchAll(/^config (\w+) "string"/gm)].map((m) => m[1] as string);

/** The names of the Installed Collectors the programs adopt, which the service must hold. */
export const adoptedInstalledNames = (): string[] => [
  ...new Set(
    [
      ...programsText().matchAll(
        /"collectors:index:InstalledCollector" \{\s*adopt = \{\s*name = "([^"]+)"/g,
      ),
    ].map((m) => m[1] as string),
  ),
];

/** One Pulumi YAML program (its Pulumi.yaml) holding every example. */
export function yamlProgram(project: string): string {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const source of sources("yaml")) {
    for (const [section, members] of Object.entries(parse(source) as Record<string, object>)) {
      merged[section] = { ...merged[section], ...members };
    }
  }
  return stringify({ name: project, runtime: "yaml", ...merged });
}

/** Splits a rendering into its import lines and the rest. */
function importsAndBody(source: string, isImport: (line: string) => boolean) {
  const lines = source.trimEnd().split("\n");
  return {
    imports: lines.filter(isImport),
    body: lines
      .filter((line) => !isImport(line))
      .join("\n")
      .trim(),
  };
}

/**
 * One TypeScript program holding every example; `from` replaces the SDK's module name. The
 * classes' package (`from` pulumi-collectors) takes the resources' examples only: its functions
 * return lists as they are, not under a property as the plugin's do.
 */
export function typescriptProgram(from = "@pulumi-collectors/collectors"): string {
  const imports = new Set<string>();
  const blocks: string[] = [];
  for (const source of sources("typescript", from === "pulumi-collectors")) {
    const parts = importsAndBody(source, (line) => line.startsWith("import "));
    for (const line of parts.imports)
      imports.add(line.replace('"@pulumi-collectors/collectors"', `"${from}"`));
    blocks.push(`{\n${parts.body.replace(/^export const /gm, "const ")}\n}`);
  }
  return `${[...imports].join("\n")}\n\n${blocks.join("\n")}\n`;
}

const GO_RUN = "pulumi.Run(func(ctx *pulumi.Context) error {\n";
const GO_END = "\t\treturn nil\n\t})\n}";

/** One Go program (main.go) holding every example. */
export function goProgram(): string {
  const imports = new Set<string>();
  const blocks: string[] = [];
  for (const source of sources("go")) {
    const block = /^import \(\n([\s\S]*?)\n\)$/m.exec(source)?.[1] ?? "";
    for (const line of block.split("\n")) if (line.trim()) imports.add(line.trim());
    const start = source.indexOf(GO_RUN) + GO_RUN.length;
    const end = source.lastIndexOf(GO_END);
    if (start < GO_RUN.length || end < start)
      throw new Error(`not a generated Go program:\n${source}`);
    blocks.push(`\t\t{\n${source.slice(start, end)}\t\t}`);
  }
  return [
    "package main",
    "",
    `import (\n${[...imports].map((line) => `\t${line}`).join("\n")}\n)`,
    "",
    "func main() {",
    `\t${GO_RUN}${blocks.join("\n")}\n${GO_END}`,
    "",
  ].join("\n");
}
