// Renders the reference examples: docs/reference/programs/<kebab>.pp, one PCL program per
// resource kind, into every language with the program generators `pulumi convert` runs
// (pkg/v3's TypeScript, Python and Go ones at the CLI's version, scripts/sdkgen/programgen; its
// C# one at the last pkg/v3 holding it, scripts/sdkgen-dotnet/programgen; pulumi-yaml's,
// scripts/pulumi-yaml/programgen), bound against the package schema. Writes
// provider/plugin/examples.json (kind → language → source), which the schema's descriptions and
// the reference pages (scripts/reference-pages.ts) show. `npm run docs:reference` runs both (compiling
// again in between: the pages read the examples through the compiled schema);
// test/scripts/reference-examples.test.ts checks the file is what the generators render now.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ENTITY_KINDS } from "../provider/plugin/layer";
import { packageSchema } from "../provider/plugin/schema";
import { buildGoTool } from "./build-sdks";
import { repoRoot, runOrFail } from "./pulumi-workspace";

const ROOT = repoRoot(__dirname);
export const PROGRAMS = join(ROOT, "docs", "reference", "programs");
export const EXAMPLES_FILE = join(ROOT, "provider", "plugin", "examples.json");

/** The languages of an example, by the name a Markdown fence gives them, in the Registry's order. */
export const LANGUAGES = ["typescript", "python", "go", "csharp", "yaml"] as const;
export type Language = (typeof LANGUAGES)[number];
export type Examples = Record<string, Record<Language, string>>;

/** A kind's file name: HttpSource → http-source, AwsXRaySource → aws-xray-source. */
export const kebab = (kind: string): string =>
  kind.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/** The Go tools, each with the languages it renders (its -languages flag and our names for them). */
const TOOLS = [
  {
    module: "sdkgen",
    flag: "nodejs,python,go",
    names: { nodejs: "typescript", python: "python", go: "go" },
  },
  { module: "sdkgen-dotnet", flag: "csharp", names: { csharp: "csharp" } },
  { module: "pulumi-yaml", flag: "yaml", names: { yaml: "yaml" } },
] as const;

/** Renders every program into every language; fails on a kind without a program or the reverse. */
export async function renderExamples(work: string): Promise<Examples> {
  const schema = join(work, "schema.json");
  writeFileSync(schema, JSON.stringify(packageSchema()));
  const byFile: Record<string, Partial<Record<Language, string>>> = {};
  for (const tool of TOOLS) {
    const binary = await buildGoTool(
      tool.module,
      join(work, `programgen-${tool.module}`),
      "./programgen",
    );
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
  const kinds = Object.keys(ENTITY_KINDS);
  const strays = files.filter((file) => !kinds.some((kind) => kebab(kind) === file));
  const missing = kinds.filter((kind) => !files.includes(kebab(kind)));
  if (strays.length || missing.length) {
    throw new Error(
      `docs/reference/programs: no kind for ${strays.join(", ") || "-"}; no program for ${missing.join(", ") || "-"}`,
    );
  }
  return Object.fromEntries(
    kinds.map((kind) => {
      const sources = byFile[kebab(kind)] ?? {};
      return [kind, Object.fromEntries(LANGUAGES.map((l) => [l, sources[l] ?? ""]))];
    }),
  ) as Examples;
}

/** The file's text: stable JSON, so that a diff shows what a regeneration changed. */
export const examplesText = (examples: Examples): string =>
  `${JSON.stringify(examples, null, 2)}\n`;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "collectors-examples-"));
  try {
    writeFileSync(EXAMPLES_FILE, examplesText(await renderExamples(work)));
    process.stdout.write(`${EXAMPLES_FILE}\n`);
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
