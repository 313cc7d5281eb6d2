// The table of source classes, printed from the tables the classes are built from
// (provider/resources/kinds/source-types.ts and source-variants.ts) onto
// docs/reference/resources/README.md by reference-pages.ts, which test/scripts/reference-pages.test.ts
// keeps equal to them. Alone, it prints it between markers. Run it after adding a type:
// `npx tsc -p tsconfig.build.json && node dist/scripts/docs/source-types-table.js`.
import { holdsSecret } from "../../provider/resources/kinds/fields";
import { SOURCE_ENTRIES, typedSpecs } from "../../provider/resources/kinds/source-kinds";
import type { SourceType } from "../../provider/resources/kinds/source-type";

export const TABLE_START = "<!-- source-types:start (scripts/docs/source-types-table.ts) -->";
export const TABLE_END = "<!-- source-types:end -->";

const code = (names: readonly string[]) =>
  names.length === 0 ? "—" : names.map((n) => `\`${n}\``).join(", ");

/** Where in a field the credentials are: the whole field, or its secret members. */
function secretsOf(type: SourceType): string[] {
  const specs = typedSpecs(type);
  return Object.entries(specs).flatMap(([key, spec]) => {
    if (!holdsSecret(spec)) return [];
    if (spec.secretPaths?.length) {
      const leaves = spec.secretPaths.map((path) => path.split(".").at(-1) as string);
      return [`\`${key}\` (${leaves.join(", ")})`];
    }
    if (spec.secretKeys) {
      return [`\`${key}\` (keys naming a key, secret, token, password or credentials)`];
    }
    return [`\`${key}\``];
  });
}

/** The fields a type's class takes besides the common ones, required ones first. */
function argsOf(type: SourceType): { required: string[]; other: string[] } {
  const own = [...type.fields, ...Object.keys(type.own ?? {})].filter(
    (key, i, all) => all.indexOf(key) === i,
  );
  const required = own.filter((key) => Object.hasOwn(type.required, key));
  return { required, other: own.filter((key) => !required.includes(key)) };
}

/** The sourceType, and the value that selects a variant (`Polling` `AwsS3Bucket`). */
function typeOf(type: SourceType): string {
  const fixed = Object.entries(type.fixed ?? {}).map(([key, value]) => `${key} ${value}`);
  return fixed.length === 0 ? type.sourceType : `${type.sourceType} (${fixed.join(", ")})`;
}

/** The table: one line per class, then what the resources do where the vendor's documentation is unclear. */
export function sourceTypesTable(): string {
  const types = Object.values(SOURCE_ENTRIES as Readonly<Record<string, SourceType>>).filter(
    (type) => type.kind,
  );
  const lines = [
    "| Class | sourceType | Collector | Required args | Other own args | Secrets | Server-set outputs |",
    "|---|---|---|---|---|---|---|",
    ...types.map((type) => {
      const { required, other } = argsOf(type);
      const outputs = [...(type.computed ?? []), ...Object.keys(type.outputs ?? {})];
      const secretOutputs = new Set<string>(type.computed ?? []);
      return [
        "",
        `\`${type.kind}\``,
        typeOf(type),
        type.collector,
        code(required),
        code(other),
        secretsOf(type).join(", ") || "—",
        outputs.length === 0
          ? "—"
          : outputs.map((o) => `\`${o}\`${secretOutputs.has(o) ? " (secret)" : ""}`).join(", "),
        "",
      ]
        .join(" | ")
        .trim();
    }),
    "",
    "Where the vendor's documentation is unclear or contradicts itself, the resources (the classes and the plugin alike) do this:",
    "",
    ...types.flatMap((type) => (type.decision ? [`- \`${type.kind}\`: ${type.decision}`] : [])),
  ];
  return lines.join("\n");
}

if (require.main === module) {
  console.log(`${TABLE_START}\n${sourceTypesTable()}\n${TABLE_END}`);
}
