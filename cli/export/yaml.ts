// The program as Pulumi YAML (`collectors export --language yaml`): Pulumi.yaml with
// `runtime: yaml`, the secrets declared as secret config, and one `collectors:index:<Kind>`
// resource per declaration of the plan, run by the collectors provider plugin. Every string the
// account holds goes through `text()`: Pulumi YAML reads `${…}` in any string (keys too) as an
// interpolation, so `$` is doubled, and YAML itself gets a plain scalar only where nothing in it
// can mean anything else, else a double-quoted one with everything unusual escaped.
import { programNotes } from "./notes";
import { AdoptById, type Declared, type ExportPlan, IdOf, SecretConfig } from "./plan";
import { PROJECT_DESCRIPTION } from "./project";
import { Code, commentLines, type Value } from "./render";

/** A plain scalar: letters, digits and a few marks, single spaces between words. */
const PLAIN = /^[\p{L}_/][\p{L}\p{N}_./@-]*(?: [\p{L}\p{N}_./@-]+)*$/u;
/** Plain words YAML (1.1 or 1.2) reads as something other than a string. */
const NOT_A_STRING = /^(?:y|n|yes|no|on|off|true|false|null)$/i;

/** A code point YAML must not see raw in a scalar: controls, line breaks of YAML 1.1, BOM. */
function escaped(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff ||
    code === 0xfffe ||
    code === 0xffff
  );
}

/** A value Pulumi YAML cannot carry: said with the resource and the field, before any file. */
export class NotWritableInYaml extends Error {}

/** A double-quoted scalar (JSON's escapes, which YAML shares, and \uXXXX for the rest). */
function quoted(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      throw new NotWritableInYaml("a lone UTF-16 surrogate, which no YAML string can hold");
    }
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (escaped(code)) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A YAML scalar holding exactly `text`. */
export function scalar(text: string): string {
  return PLAIN.test(text) && !NOT_A_STRING.test(text) ? text : quoted(text);
}

/** A string of the account: what Pulumi YAML reads back as exactly `value`. */
export function text(value: string): string {
  return scalar(value.replaceAll("$", () => "$$"));
}

/** An interpolation of a name the plan made (an identifier, so it needs no quotes). */
const reference = (path: string) => `\${${path}}`;

/**
 * A key Pulumi YAML would read as a function (`fn::invoke`, `fn::secret`, …) or an asset in
 * place of the object holding it; there is no way to write it as data.
 */
const FUNCTION_KEY = /^fn::/i;

type Lines = { inline: string } | { block: string[] };

/** The value as YAML at `depth`: one inline scalar, or block lines indented for that depth. */
function render(value: Value, depth: number, path: string): Lines {
  if (value instanceof IdOf) return { inline: reference(`${value.resource}.id`) };
  if (value instanceof SecretConfig) return { inline: reference(value.key) };
  if (value instanceof AdoptById) return render({ id: value.id }, depth, path);
  if (value instanceof Code) throw new Error(`no YAML for the TypeScript ${value.code}`);
  if (value === null || typeof value !== "object") {
    return { inline: typeof value === "string" ? text(value) : JSON.stringify(value) };
  }
  const pad = "  ".repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return { inline: "[]" };
    return {
      block: value.flatMap((item, i) => {
        const lines = render(item, depth + 1, `${path}[${i}]`);
        if ("inline" in lines) return [`${pad}- ${lines.inline}`];
        const [first = "", ...rest] = lines.block;
        return [`${pad}- ${first.trimStart()}`, ...rest];
      }),
    };
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return { inline: "{}" };
  return { block: entries.flatMap(([key, member]) => entry(key, member, depth, path)) };
}

/** `key: value` at `depth`. */
function entry(key: string, value: Value, depth: number, path: string): string[] {
  const at = path ? `${path}.${key}` : key;
  if (FUNCTION_KEY.test(key)) {
    throw new NotWritableInYaml(
      `the key ${JSON.stringify(at)}, which Pulumi YAML reads as a function`,
    );
  }
  const head = `${"  ".repeat(depth)}${text(key)}:`;
  const lines = render(value, depth + 1, at);
  return "inline" in lines ? [`${head} ${lines.inline}`] : [head, ...lines.block];
}

/** One resource under `resources:`, with its notes as comments above it. */
function resourceLines(statement: Declared, protect: boolean): string[] {
  const options = [
    ...(protect ? ["      protect: true"] : []),
    ...(statement.retainOnDelete ? ["      retainOnDelete: true"] : []),
  ];
  let properties: string[];
  try {
    properties = Object.entries(statement.args).flatMap(([key, value]) => entry(key, value, 3, ""));
  } catch (error) {
    if (!(error instanceof NotWritableInYaml)) throw error;
    throw new NotWritableInYaml(
      `${statement.kind} ${statement.logicalName} holds ${error.message}: Pulumi YAML cannot ` +
        "write it; export it as TypeScript (leave out --language yaml), or change the value on " +
        "the service first",
    );
  }
  return [
    ...statement.notes.flatMap((note) => commentLines(note, "  # ")),
    `  ${scalar(statement.logicalName)}:`,
    `    type: collectors:index:${statement.kind}`,
    "    properties:",
    ...properties,
    ...(options.length > 0 ? ["    options:", ...options] : []),
  ];
}

/** Pulumi.yaml: the notes, the project, the secret config it reads, then the resources. */
export function yamlProgram(plan: ExportPlan, projectName: string): string {
  const lines = programNotes(plan, "yaml").flatMap((note, i) => [
    ...(i > 0 ? ["#"] : []),
    ...commentLines(note, "# "),
  ]);
  lines.push(
    `name: ${scalar(projectName)}`,
    "runtime: yaml",
    `description: ${scalar(PROJECT_DESCRIPTION)}`,
  );
  if (plan.secrets.length > 0) {
    lines.push("config:");
    for (const secret of plan.secrets) {
      lines.push(`  ${scalar(secret.key)}:`, "    type: string", "    secret: true");
    }
  }
  lines.push("resources:");
  for (const [i, group] of plan.groups.entries()) {
    if (i > 0) lines.push("");
    for (const statement of group.statements) lines.push(...resourceLines(statement, plan.protect));
  }
  return `${lines.join("\n")}\n`;
}
