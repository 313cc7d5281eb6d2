// The reference pages' tables (scripts/docs/reference-pages.ts), printed from the kind tables the
// resources are built from (provider/resources/kinds/): a resource's inputs (type, required,
// default, secret, replace-on-change, description), its server-set outputs, the common source
// inputs. The kinds come in as the plugin's package schema takes them (provider/plugin/layer.ts,
// the one file to change when provider/resources/ moves; its zod-to-JSON-Schema reading of the
// types), plus the common source fields (kinds/source-fields.ts).
import type { z } from "zod";
import {
  collectorSchema,
  ENTITY_KINDS,
  type EntityKind,
  type FieldSpec,
  holdsSecret,
  SECRET_COMPUTED,
  sourceSchema,
  TYPED_SOURCES,
} from "../../provider/plugin/layer";
import { fieldDoc } from "../../provider/plugin/schema";
import { jsonSchemaOf } from "../../provider/plugin/types";
import { COMMON_FIELDS } from "../../provider/resources/kinds/source-fields";

type Json = { [key: string]: unknown };

const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A JSON Schema written as a TypeScript-like type: `string`, `"UI" | "Json"`, `{ id?, name? }`. */
export function typeText(js: Json): string {
  const options = (js.anyOf ?? js.oneOf) as Json[] | undefined;
  if (options) return [...new Set(options.map(typeText))].join(" | ");
  if (js.const !== undefined) return JSON.stringify(js.const);
  if (Array.isArray(js.enum)) return js.enum.map((v) => JSON.stringify(v)).join(" | ");
  switch (js.type) {
    case "string":
    case "boolean":
      return js.type;
    case "number":
    case "integer":
      return "number";
    case "array": {
      const item = isJson(js.items) ? typeText(js.items) : "any";
      return item.includes(" ") && !item.startsWith("{") ? `(${item})[]` : `${item}[]`;
    }
    case "object": {
      if (isJson(js.properties)) {
        const required = new Set((js.required as string[] | undefined) ?? []);
        const members = Object.keys(js.properties).map((k) => (required.has(k) ? k : `${k}?`));
        return `{ ${members.join(", ")} }`;
      }
      const values = js.additionalProperties;
      return isJson(values) && Object.keys(values).length > 0
        ? `{ [key]: ${typeText(values)} }`
        : "object";
    }
    default:
      return "any";
  }
}

export const code = (text: string) => `\`${text.replaceAll("|", "\\|")}\``;
/** Table cells: no pipes or line breaks of their own. */
export const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

export interface Input {
  key: string;
  type: string;
  required: boolean;
  default?: unknown;
  secret: boolean;
  replace: string;
  description: string;
}

export function inputOf(kind: EntityKind, key: string, spec: FieldSpec, hints: Json): Input {
  const js = jsonSchemaOf(spec.schema);
  const replace =
    spec.replace || key === kind.parent
      ? "yes"
      : spec.replaceOn?.length
        ? spec.replaceOn.map((member) => code(`${key}.${member}`)).join(", ")
        : "";
  return {
    key,
    type: typeText(js),
    required: Object.hasOwn(hints, key),
    default: spec.default,
    secret: holdsSecret(spec),
    replace,
    // Every field has one: the package schema's test fails on a field without.
    description: fieldDoc(kind, key, spec) ?? "",
  };
}

/** A property's names in Python, Go and C#, as a table cell (scripts/docs/reference-names.json). */
export type NamesIn = (key: string) => string;

export function inputTable(rows: readonly Input[], names: NamesIn): string[] {
  return [
    "| Input | Type | Required | Default | Secret | Replaces | Python · Go · C# | Description |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map((row) =>
      [
        "",
        code(row.key),
        code(row.type),
        row.required ? "yes" : "",
        row.default === undefined ? "" : code(JSON.stringify(row.default)),
        row.secret ? "yes" : "",
        row.replace,
        names(row.key),
        cell(row.description),
        "",
      ]
        .join(" | ")
        .trim(),
    ),
  ];
}

const secretComputed: readonly string[] = SECRET_COMPUTED;

/**
 * What the service sets, by field: shown as outputs, never inputs. A typed source class has the
 * secret ones (url, token) its type is issued; the generic Source has both.
 */
export function serverSetOutputs(
  kind: EntityKind,
): { key: string; type: string; secret: boolean }[] {
  const typed = TYPED_SOURCES[kind.kind];
  const service = (kind.parent === undefined ? collectorSchema : sourceSchema).shape as Record<
    string,
    z.ZodType
  >;
  const issued = (key: string) =>
    !typed || !secretComputed.includes(key) || (typed.computed ?? []).some((k) => k === key);
  return kind.serverSet.filter(issued).map((key) => {
    const schema = typed?.outputs?.[key] ?? service[key];
    return {
      key,
      type: schema ? typeText(jsonSchemaOf(schema)) : "any",
      secret: kind.parent !== undefined && secretComputed.includes(key),
    };
  });
}

const commonSource = COMMON_FIELDS as Readonly<Record<string, FieldSpec>>;

/** A source's fields that are the common ones as they are (not a type's own version of one). */
export const isCommon = (key: string, spec: FieldSpec) => commonSource[key] === spec;

/** Which of the common source inputs a source takes, in the fewest words. */
export function commonInputsTaken(taken: readonly string[], link: string): string {
  const missing = Object.keys(commonSource).filter((key) => !taken.includes(key));
  if (missing.length === 0) return `Takes every one of the ${link}, and:`;
  if (taken.length === 0) return `Takes none of the ${link}; its own:`;
  return taken.length < missing.length
    ? `Takes only ${taken.map(code).join(", ")} of the ${link}, and:`
    : `Takes the ${link} except ${missing.map(code).join(", ")}, and:`;
}

/** A source kind, whose common inputs are every source's. */
export const anySource = (): EntityKind =>
  Object.values(ENTITY_KINDS).find((kind) => kind.parent !== undefined) as EntityKind;

/** The common source inputs, as rows of the inputs table. */
export function commonInputRows(): Input[] {
  const kind = anySource();
  return Object.entries(commonSource).map(([key, spec]) => inputOf(kind, key, spec, {}));
}
