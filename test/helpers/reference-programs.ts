// The reference pages' examples (provider/plugin/examples.json, rendered from
// docs/reference/programs/) put together into one program per language, so that one preview
// runs every page's example as the page shows it: the resources' and the functions'. Each
// example binds alone and their names are unique across files (scripts/*/programgen checks both),
// so joining them is mechanical: YAML maps merged; TypeScript and Go bodies each in a block of
// their own, Python bodies one after the other, under the union of imports (a TypeScript
// `export const` becomes a `const` there). Each block starts with a comment naming its page, and
// blame() turns a failure's line numbers and names back into the pages and blocks they come from.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import type { Examples, Language } from "../../scripts/docs/reference-examples";
import { EXAMPLES_FILE, kebab, PROGRAMS } from "../../scripts/docs/reference-examples";

export const EXAMPLES = JSON.parse(readFileSync(EXAMPLES_FILE, "utf8")) as Examples;

/** The examples in a language; with `kindsOnly`, the resources' alone (not the functions'). */
const sources = (language: Language, kindsOnly = false) =>
  Object.entries(EXAMPLES)
    .filter(([name]) => !kindsOnly || Object.hasOwn(ENTITY_KINDS, name))
    .map(([name, example]) => ({ page: pageOf(name), source: example[language] }));

/** The reference page of an example: a resource's or a function's. */
export const pageOf = (name: string): string =>
  `docs/reference/${Object.hasOwn(ENTITY_KINDS, name) ? "resources" : "functions"}/${kebab(name)}.md`;

/** The comment that starts an example's block in a joined program. */
const marker = (comment: string, page: string, block: string) =>
  `${comment} ${MARK} ${page}, its ${block} block`;
const MARK = "example of";

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

/** The OpenTelemetry collectors the examples adopt or look up by name: to register first. */
export const otCollectorNames = (): string[] => [
  ...new Set(
    [
      ...programsText().matchAll(
        /"collectors:index:(?:OtCollector" \{\s*adopt = \{|getOtCollector", \{)\s*name = "([^"]+)"/g,
      ),
    ].map((m) => m[1] as string),
  ),
];

/** The source templates the examples look up by name: to create first. */
export const lookedUpTemplateNames = (): string[] => [
  ...new Set(
    [
      ...programsText().matchAll(/"collectors:index:getSourceTemplate", \{\s*name = "([^"]+)"/g),
    ].map((m) => m[1] as string),
  ),
];

/** One Pulumi YAML program (its Pulumi.yaml) holding every example. */
export function yamlProgram(project: string): string {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const { source } of sources("yaml")) {
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
 * One TypeScript program holding every example twice: on the plugin's SDK, and on the package's
 * classes (`pulumi-collectors`, whose resources have types of their own, so no URN collides).
 * The classes take the resources' examples only (their functions return lists as they are, not
 * under a property as the plugin's do); each of their blocks gets the classes as `collectors`.
 */
export function typescriptProgram(): string {
  const imports = new Set<string>(['import * as classes from "pulumi-collectors";']);
  const blocks: string[] = [];
  const add = (classes: boolean) => {
    for (const { page, source } of sources("typescript", classes)) {
      const parts = importsAndBody(source, (line) => line.startsWith("import "));
      for (const line of parts.imports) imports.add(line);
      const body = parts.body.replace(/^export const /gm, "const ");
      const block = classes ? "TypeScript (the package's classes)" : "TypeScript";
      const scoped = classes
        ? `((collectors: typeof classes) => {\n${body}\n})(classes);`
        : `{\n${body}\n}`;
      blocks.push(`${marker("//", page, block)}\n${scoped}`);
    }
  };
  add(false);
  add(true);
  return `${[...imports].join("\n")}\n\n${blocks.join("\n")}\n`;
}

/** One Python program (__main__.py) holding every example. */
export function pythonProgram(): string {
  const imports = new Set<string>();
  const blocks: string[] = [];
  for (const { page, source } of sources("python")) {
    const isImport = (line: string) => /^(import|from) /.test(line);
    const parts = importsAndBody(source, isImport);
    for (const line of parts.imports) imports.add(line);
    blocks.push(`${marker("#", page, "Python")}\n${parts.body}`);
  }
  return `${[...imports].join("\n")}\n\n${blocks.join("\n\n")}\n`;
}

const GO_RUN = "pulumi.Run(func(ctx *pulumi.Context) error {\n";
const GO_END = "\t\treturn nil\n\t})\n}";

/** One Go program (main.go) holding every example. */
export function goProgram(): string {
  const imports = new Set<string>();
  const blocks: string[] = [];
  for (const { page, source } of sources("go")) {
    const block = /^import \(\n([\s\S]*?)\n\)$/m.exec(source)?.[1] ?? "";
    for (const line of block.split("\n")) if (line.trim()) imports.add(line.trim());
    const start = source.indexOf(GO_RUN) + GO_RUN.length;
    const end = source.lastIndexOf(GO_END);
    if (start < GO_RUN.length || end < start)
      throw new Error(`not a generated Go program:\n${source}`);
    blocks.push(`\t\t${marker("//", page, "Go")}\n\t\t{\n${source.slice(start, end)}\t\t}`);
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

/**
 * The pages and blocks a failure comes from: those of the lines of `program` that `output` cites
 * (`index.ts(12,5)`, `main.go:12:5`, `line 12`), and of the examples' resources and variables it
 * names (`language` is the block's: a YAML program has no line of its own per example).
 */
export function blame(output: string, program: string, language: string): string[] {
  const lines = program.split("\n");
  const found = new Set<string>();
  const cited = /(?:\.ts\((\d+),\d+\)|\.go:(\d+):\d+|\.py", line (\d+)|\.ts:(\d+):\d+)/g;
  for (const match of output.matchAll(cited)) {
    const line = Number(match.slice(1).find((group) => group !== undefined));
    for (let at = Math.min(line, lines.length) - 1; at >= 0; at--) {
      const mark = lines[at]?.indexOf(MARK) ?? -1;
      if (mark >= 0) {
        found.add((lines[at] as string).slice(mark + MARK.length).trim());
        break;
      }
    }
  }
  for (const [name, page] of Object.entries(namedIn())) {
    if (new RegExp(`\\b${name}\\b`).test(output)) found.add(`${page}, its ${language} block`);
  }
  return [...found].sort();
}

/** Every resource and look-up variable the programs declare, by name: its page. */
function namedIn(): Record<string, string> {
  const names: Record<string, string> = {};
  for (const file of readdirSync(PROGRAMS).filter((name) => name.endsWith(".pp"))) {
    const text = readFileSync(join(PROGRAMS, file), "utf8");
    const name = Object.keys(EXAMPLES).find((example) => `${kebab(example)}.pp` === file);
    if (!name) continue;
    for (const match of text.matchAll(/^(?:resource (\w+) |(\w+) = invoke\()/gm)) {
      names[(match[1] ?? match[2]) as string] = pageOf(name);
    }
  }
  return names;
}
