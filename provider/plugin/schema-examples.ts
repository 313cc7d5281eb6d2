// A resource's description in the package schema: what it is, then its example in every language
// in the Pulumi Registry's format (the `{{% examples %}}` shortcodes the docs generator and each
// SDK generator read, so the SDKs' doc comments show it), then how `pulumi import` names it.
// The examples are rendered from docs/reference/programs/ by `npm run docs:reference` into
// examples.json: the schema is built at runtime from the kind tables, the renderers are Go tools.

import EXAMPLES from "./examples.json";
import type { EntityKind } from "./layer";

/** The fence languages of the Registry's examples, in its order. */
const FENCES = ["typescript", "python", "go", "csharp", "yaml"] as const;

const examples = EXAMPLES as Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The kind's example, as rendered; undefined when examples.json has none for it. */
export function exampleOf(kind: string): Readonly<Record<string, string>> | undefined {
  return examples[kind];
}

/** What a kind's id is, for the import section, with an example id `pulumi import` takes. */
function importId(kind: EntityKind): { what: string; example: string } {
  if (kind.parent !== undefined) {
    return {
      what: "A source's id is `<collectorId>/<sourceId>` (`collectors list --sources COLLECTOR` shows it).",
      example: "100000001/200000001",
    };
  }
  if (kind.collection === "otCollectors" || kind.collection === "sourceTemplates") {
    const what =
      kind.collection === "otCollectors" ? "An OpenTelemetry collector's" : "A source template's";
    return {
      what: `${what} id is the service's: 16 hexadecimal characters.`,
      example: "0000000005F5E105",
    };
  }
  return { what: "A collector's id is the service's.", example: "100000001" };
}

/** The example id of a kind's object, as `pulumi import` takes it (provider/plugin/ids.ts). */
export const importIdOf = (kind: EntityKind): string => importId(kind).example;

function examplesSection(kind: EntityKind): string[] {
  const sources = exampleOf(kind.kind);
  if (!sources) return [];
  return [
    "{{% examples %}}",
    "## Example Usage",
    "{{% example %}}",
    `### ${kind.kind}`,
    "",
    ...FENCES.map((fence) => `\`\`\`${fence}\n${(sources[fence] ?? "").trimEnd()}\n\`\`\``),
    "{{% /example %}}",
    "{{% /examples %}}",
    "",
  ];
}

function importSection(kind: EntityKind): string[] {
  const { what, example } = importId(kind);
  return [
    "## Import",
    "",
    what,
    "",
    "```sh",
    `$ pulumi import collectors:index:${kind.kind} <name> ${example}`,
    "```",
  ];
}

/** The description of a kind's resource: `summary`, its examples, its import. */
export function resourceDescription(kind: EntityKind, summary: string): string {
  return [summary, "", ...examplesSection(kind), ...importSection(kind)].join("\n");
}
