// docs/resource-reference.md, printed from the kind tables the resources are built from
// (provider/resources/kinds/): every resource's inputs (type, required, default, secret,
// replace-on-change, description) and its server-set outputs, then the table of source classes.
// test/scripts/resource-reference.test.ts checks that the page holds exactly this text. Run it
// after changing a kind: `npx tsc -p scripts && node dist/scripts/resource-reference.js > docs/resource-reference.md`.
//
// The kinds come in as the plugin's package schema takes them (provider/plugin/layer.ts, the one
// file to change when provider/resources/ moves; its zod-to-JSON-Schema reading of the types),
// plus the common source fields (kinds/source-fields.ts).
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
} from "../provider/plugin/layer";
import { fieldDoc } from "../provider/plugin/schema";
import { jsonSchemaOf } from "../provider/plugin/types";
import { COMMON_FIELDS } from "../provider/resources/kinds/source-fields";
import { sourceTypesTable } from "./source-types-table";

type Json = { [key: string]: unknown };

const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A JSON Schema written as a TypeScript-like type: `string`, `"UI" | "Json"`, `{ id?, name? }`. */
function typeText(js: Json): string {
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

const code = (text: string) => `\`${text.replaceAll("|", "\\|")}\``;
/** Table cells: no pipes or line breaks of their own. */
const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

interface Input {
  key: string;
  type: string;
  required: boolean;
  default?: unknown;
  secret: boolean;
  replace: string;
  description: string;
}

function inputOf(kind: EntityKind, key: string, spec: FieldSpec, hints: Json): Input {
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

function inputTable(rows: readonly Input[]): string[] {
  return [
    "| Input | Type | Required | Default | Secret | Replaces | Description |",
    "|---|---|---|---|---|---|---|",
    ...rows.map((row) =>
      [
        "",
        code(row.key),
        code(row.type),
        row.required ? "yes" : "",
        row.default === undefined ? "" : code(JSON.stringify(row.default)),
        row.secret ? "yes" : "",
        row.replace,
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
function serverSetOutputs(kind: EntityKind): { key: string; type: string; secret: boolean }[] {
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
const isCommon = (key: string, spec: FieldSpec) => commonSource[key] === spec;

/** Which of the common source inputs a source takes, in the fewest words. */
function commonInputsTaken(taken: readonly string[]): string {
  const link = "[common source inputs](#common-source-inputs)";
  const missing = Object.keys(commonSource).filter((key) => !taken.includes(key));
  if (missing.length === 0) return `Takes every one of the ${link}, and:`;
  if (taken.length === 0) return `Takes none of the ${link}; its own:`;
  return taken.length < missing.length
    ? `Takes only ${taken.map(code).join(", ")} of the ${link}, and:`
    : `Takes the ${link} except ${missing.map(code).join(", ")}, and:`;
}

function kindSection(kind: EntityKind): string[] {
  const rules = kind.rules({});
  const hints = (rules.required ?? {}) as Json;
  const isSource = kind.parent !== undefined;
  const all = Object.entries({ ...kind.controls, ...kind.fields });
  const own = all.filter(([key, spec]) => !(isSource && isCommon(key, spec)));
  const common = all.filter(([key, spec]) => isSource && isCommon(key, spec)).map(([key]) => key);
  const typed = TYPED_SOURCES[kind.kind];
  const lines = [`### ${kind.kind}`, ""];
  if (typed) {
    const fixed = Object.entries(typed.fixed ?? {}).map(([k, v]) => `, ${k} ${String(v)}`);
    lines.push(
      `sourceType ${code(typed.sourceType)}${fixed.join("")}; on ${typed.collector} Collectors.`,
      "",
    );
  }
  if (isSource) lines.push(commonInputsTaken(common), "");

  lines.push(...inputTable(own.map(([key, spec]) => inputOf(kind, key, spec, hints))), "");
  const outputs = serverSetOutputs(kind);
  lines.push(
    `Outputs: every input as last read from the service, the [outputs every resource has](#outputs-every-resource-has), and what the service sets: ${outputs
      .map((o) => `${code(o.key)} (${code(o.type)}${o.secret ? ", secret" : ""})`)
      .join(", ")}.`,
    "",
  );
  return lines;
}

/** The whole page. */
export function resourceReference(): string {
  const kinds = Object.values(ENTITY_KINDS);
  const anySource = kinds.find((kind) => kind.parent !== undefined) as EntityKind;
  const commonRows = Object.entries(commonSource).map(([key, spec]) =>
    inputOf(anySource, key, spec, {}),
  );
  return [
    "<!-- Generated by scripts/resource-reference.ts from the kind tables; do not edit by hand. -->",
    "# Resource reference",
    "",
    "Every resource's inputs and outputs, printed from the tables the resources are built from",
    "(`provider/resources/kinds/`); `test/scripts/resource-reference.test.ts` keeps this page equal",
    "to them. How the resources behave (names, managed fields, diffs, secrets, API calls) is in",
    "[resources.md](resources.md). Types are written as in TypeScript; in other languages they are",
    "the package schema's (`collectors:index:<Resource>`).",
    "",
    "**Replaces**: a change of the input creates a new object (yes), or a change of the named member does.",
    "**Secret**: the input and its output are Pulumi secrets, even when given as plain values. Of a",
    "typed source's `thirdPartyRef` (the members after `secret:` in its description) and of a",
    "Cloud-to-Cloud `config` (its secret-looking keys), the provider plugin makes only the",
    "credentials secret, the rest in clear; the TypeScript classes make the whole object secret.",
    "",
    "## Outputs every resource has",
    "",
    "`id` (the service's id), every input (as last read from the service, for the ones the program",
    "sets), `etag` (the entity tag updates send as `If-Match`), `unmanaged` (the service's fields the",
    "program does not set; a secret on sources), and `adopted` (true when the resource took over an",
    "object that existed).",
    "",
    "## Resources",
    "",
    ...kinds.filter((kind) => kind.parent === undefined).flatMap(kindSection),
    "## Sources",
    "",
    "### Common source inputs",
    "",
    ...inputTable(commonRows),
    "",
    ...kinds.filter((kind) => kind.parent !== undefined).flatMap(kindSection),
    "## Source classes at a glance",
    "",
    sourceTypesTable(),
  ].join("\n");
}

if (require.main === module) {
  console.log(resourceReference());
}
