// Renders the reference examples: docs/reference/programs/<kebab>.pp, one PCL program per
// resource kind and per function (getCollector → get-collector.pp), into every language with the
// program generators `pulumi convert` runs (pkg/v3's TypeScript, Python and Go ones at the CLI's
// version, scripts/build/sdkgen/programgen; its C# one at the last pkg/v3 holding it,
// scripts/build/sdkgen-dotnet/programgen; pulumi-yaml's, scripts/toolchain/pulumi-yaml/programgen), bound against
// the package schema. Writes provider/plugin/examples.json (kind or function → language →
// source), which the schema's descriptions and the reference pages (scripts/docs/reference-pages.ts)
// show. The same tools list what each language's SDK calls every property and function (their
// -names flag), written to scripts/docs/reference-names.json for the pages' names by language.
// `npm run docs:reference` runs both (compiling again in between: the pages read the examples
// through the compiled schema); test/scripts/reference-examples.test.ts checks both files are
// what the generators give now.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { INVOKES } from "../../provider/plugin/invokes";
import { ENTITY_KINDS } from "../../provider/plugin/layer";
import { packageSchema } from "../../provider/plugin/schema";
import { buildGoTool } from "../build/sdks";
import { repoRoot, runOrFail } from "../toolchain/pulumi-workspace";

const ROOT = repoRoot(__dirname);
export const PROGRAMS = join(ROOT, "docs", "reference", "programs");
export const EXAMPLES_FILE = join(ROOT, "provider", "plugin", "examples.json");
export const NAMES_FILE = join(ROOT, "scripts", "docs", "reference-names.json");

/** The languages of an example, by the name a Markdown fence gives them, in the Registry's order. */
export const LANGUAGES = ["typescript", "python", "go", "csharp", "yaml"] as const;
export type Language = (typeof LANGUAGES)[number];
export type Examples = Record<string, Record<Language, string>>;

/**
 * What each language's SDK calls the schema's elements: properties by owner (a resource's or
 * type's token; a function's token with "#inputs" or "#outputs") and name, functions by token;
 * then by language (typescript, python, go, csharp; YAML uses the schema's names).
 */
export interface SdkNames {
  properties: Record<string, Record<string, Record<string, string>>>;
  functions: Record<string, Record<string, string>>;
}

/** What the examples show: the kinds' and the functions' (the plugin's invokes), by name. */
export const EXAMPLE_NAMES: readonly string[] = [
  ...Object.keys(ENTITY_KINDS),
  ...Object.keys(INVOKES),
];

/** A kind's file name: HttpSource → http-source, AwsXRaySource → aws-xray-source. */
export const kebab = (kind: string): string =>
  kind.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/** The Go tools, each with the languages it renders (its -languages flag and our names for them). */
const TOOLS = [
  {
    module: "build/sdkgen",
    flag: "nodejs,python,go",
    names: { nodejs: "typescript", python: "python", go: "go" },
  },
  { module: "build/sdkgen-dotnet", flag: "csharp", names: { csharp: "csharp" } },
  { module: "toolchain/pulumi-yaml", flag: "yaml", names: { yaml: "yaml" } },
] as const;

/** Our name of each language a tool renders, by the tool's name of it (nodejs → typescript). */
const OUR_LANGUAGE: Readonly<Record<string, string>> = Object.assign(
  {},
  ...TOOLS.map((tool) => tool.names),
);

/** The tools' names merged, the SDK generators' language names turned into ours. */
function mergeNames(lists: SdkNames[]): SdkNames {
  const ours = (byTool: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(byTool).map(([tool, name]) => [OUR_LANGUAGE[tool] ?? tool, name]),
    );
  const merged: SdkNames = { properties: {}, functions: {} };
  for (const list of lists) {
    for (const [owner, props] of Object.entries(list.properties)) {
      const into = merged.properties[owner] ?? {};
      merged.properties[owner] = into;
      for (const [key, names] of Object.entries(props))
        into[key] = { ...into[key], ...ours(names) };
    }
    for (const [token, names] of Object.entries(list.functions)) {
      merged.functions[token] = { ...merged.functions[token], ...ours(names) };
    }
  }
  return merged;
}

/**
 * Pulumi's Go program generator calls every function Get<Name>, but the Go SDK names one
 * Lookup<Name> when a resource <Name> exists (getSource: LookupSource): the rendering takes the
 * SDK's name, which the Go examples must use to build.
 */
function withGoFunctionNames(source: string, names: SdkNames): string {
  let fixed = source;
  for (const [token, byLanguage] of Object.entries(names.functions)) {
    const rendered = `Get${(token.split(":")[2] as string).slice("get".length)}`;
    const sdk = byLanguage.go;
    if (sdk && sdk !== rendered) {
      // The function, its Output form, and their Args, OutputArgs and Result types.
      const uses = new RegExp(`collectors\\.${rendered}(?=\\(|Args\\b|Output|Result\\b)`, "g");
      fixed = fixed.replace(uses, `collectors.${sdk}`);
    }
  }
  return fixed;
}

/**
 * Renders every program into every language, and lists the SDKs' names; fails on a kind or
 * function without a program, or a program of neither.
 */
export async function renderReference(
  work: string,
): Promise<{ examples: Examples; names: SdkNames }> {
  const schema = join(work, "schema.json");
  writeFileSync(schema, JSON.stringify(packageSchema()));
  const byFile: Record<string, Partial<Record<Language, string>>> = {};
  const lists: SdkNames[] = [];
  for (const tool of TOOLS) {
    const binary = await buildGoTool(
      tool.module,
      join(work, `programgen-${basename(tool.module)}`),
      "./programgen",
    );
    if (tool.module !== "toolchain/pulumi-yaml") {
      const listed = await runOrFail(
        binary,
        ["-schema", schema, "-names", "-languages", tool.flag],
        ROOT,
      );
      lists.push(JSON.parse(listed.stdout) as SdkNames);
    }
    const run = await runOrFail(
      binary,
      ["-schema", schema, "-programs", PROGRAMS, "-languages", tool.flag],
      ROOT,
    );
    const rendered = JSON.parse(run.stdout) as Record<string, Record<string, string>>;
    for (const [file, sources] of Object.entries(rendered)) {
      for (const [language, source] of Object.entries(sources)) {
        const name = (tool.names as Record<string, Language>)[language] as Language;
        byFile[file] = { ...byFile[file], [name]: source };
      }
    }
  }
  const files = readdirSync(PROGRAMS)
    .filter((f) => f.endsWith(".pp"))
    .map((f) => f.slice(0, -3));
  const strays = files.filter((file) => !EXAMPLE_NAMES.some((name) => kebab(name) === file));
  const missing = EXAMPLE_NAMES.filter((name) => !files.includes(kebab(name)));
  if (strays.length || missing.length) {
    throw new Error(
      `docs/reference/programs: no kind or function for ${strays.join(", ") || "-"}; no program for ${missing.join(", ") || "-"}`,
    );
  }
  const names = mergeNames(lists);
  const examples = Object.fromEntries(
    EXAMPLE_NAMES.map((name) => {
      const sources = byFile[kebab(name)] ?? {};
      const rendered = Object.fromEntries(LANGUAGES.map((l) => [l, sources[l] ?? ""]));
      rendered.go = withGoFunctionNames(rendered.go ?? "", names);
      return [name, rendered];
    }),
  ) as Examples;
  return { examples, names };
}

/** A file's text: stable JSON, so that a diff shows what a regeneration changed (the tools print
 * their maps with sorted keys; the examples follow the kinds' order). */
export const examplesText = (value: Examples | SdkNames): string =>
  `${JSON.stringify(value, null, 2)}\n`;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "collectors-examples-"));
  try {
    const { examples, names } = await renderReference(work);
    writeFileSync(EXAMPLES_FILE, examplesText(examples));
    writeFileSync(NAMES_FILE, examplesText(names));
    process.stdout.write(`${EXAMPLES_FILE}\n${NAMES_FILE}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
