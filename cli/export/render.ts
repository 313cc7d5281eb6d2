// TypeScript source for the generated program, written the way Biome's formatter (Prettier's
// rules, the repository's settings: 2 spaces, 100 columns, double quotes) would write it, so the
// file passes `biome check` as generated. Strings and keys are escaped here and nowhere else.

import { width } from "../shared/text-width";

/** A TypeScript expression written as it is, e.g. `web.id` or `config.requireSecret("x")`. */
export class Code {
  constructor(readonly code: string) {}
}

export type Value = string | number | boolean | null | Code | Value[] | { [key: string]: Value };

export const LINE_WIDTH = 100;
const INDENT = "  ";

/** A string literal: double quotes unless the text holds more of them than single quotes. */
export function stringLiteral(text: string): string {
  let doubles = 0;
  let singles = 0;
  for (const ch of text) {
    if (ch === '"') doubles++;
    else if (ch === "'") singles++;
  }
  const quote = doubles > singles ? "'" : '"';
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (
      code < 0x20 ||
      code === 0x7f ||
      code === 0x2028 ||
      code === 0x2029 ||
      (code >= 0xd800 && code <= 0xdfff) // a lone surrogate
    ) {
      out += `\\u${code.toString(16).padStart(4, "0")}`;
    } else out += ch;
  }
  return out + quote;
}

/** An object key: bare when it is an identifier (Biome unquotes those, unicode ones too). */
export function keyLiteral(key: string): string {
  return /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u.test(key) ? key : stringLiteral(key);
}

function isCompound(value: Value): value is Value[] | { [key: string]: Value } {
  return typeof value === "object" && value !== null && !(value instanceof Code);
}

function scalar(value: Value): string {
  if (value instanceof Code) return value.code;
  if (typeof value === "string") return stringLiteral(value);
  return JSON.stringify(value);
}

/** An array of scalars on one line, or undefined when it holds objects or arrays. */
function flatArray(items: Value[]): string | undefined {
  if (items.some(isCompound)) return undefined;
  return `[${items.map(scalar).join(", ")}]`;
}

/**
 * Lines for `value` after `head` (e.g. `  name: `) and before `tail` (e.g. `,`). Objects are
 * always written expanded (the formatter keeps an object expanded when its first key is on a new
 * line); arrays of scalars stay on one line when it fits; everything else breaks.
 */
function valueLines(head: string, value: Value, tail: string, depth: number): string[] {
  const pad = INDENT.repeat(depth);
  if (!isCompound(value)) return [`${head}${scalar(value)}${tail}`];
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${head}[]${tail}`];
    const flat = flatArray(value);
    if (flat !== undefined && width(`${head}${flat}${tail}`) <= LINE_WIDTH) {
      return [`${head}${flat}${tail}`];
    }
    const inner = INDENT.repeat(depth + 1);
    return [
      `${head}[`,
      ...value.flatMap((item) => valueLines(inner, item, ",", depth + 1)),
      `${pad}]${tail}`,
    ];
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return [`${head}{}${tail}`];
  return [`${head}{`, ...objectBody(value, depth + 1), `${pad}}${tail}`];
}

/** The properties of an object, one per line (or more), at `depth`. */
export function objectBody(value: { [key: string]: Value }, depth: number): string[] {
  const pad = INDENT.repeat(depth);
  return Object.entries(value).flatMap(([key, member]) =>
    valueLines(`${pad}${keyLiteral(key)}: `, member, ",", depth),
  );
}

/** One resource: an optional `const`, `new collectors.<Class>("<name>", { … })`. */
export interface Statement {
  /** Comments written above it, wrapped to the line width. */
  notes: readonly string[];
  /** The variable that holds it, when something refers to it. */
  variable?: string | undefined;
  /** The class expression, e.g. `collectors.HttpSource`. */
  className: string;
  logicalName: string;
  args: { [key: string]: Value };
  /** The resource options, written on one line, e.g. `{ protect: true }`. */
  options?: Code | undefined;
}

export function statementLines(statement: Statement): string[] {
  const notes = statement.notes.flatMap((note) => commentLines(note));
  const lhs = statement.variable ? `const ${statement.variable} = ` : "";
  const call = `${lhs}new ${statement.className}(`;
  const name = stringLiteral(statement.logicalName);
  const head = `${call}${name}, {`;
  // The formatter hugs the last argument when it is the args (not followed by options) and what
  // comes before it fits on the first line; otherwise every argument goes on a line of its own.
  if (!statement.options && width(head) <= LINE_WIDTH) {
    return [...notes, head, ...objectBody(statement.args, 1), "});"];
  }
  return [
    ...notes,
    call,
    `${INDENT}${name},`,
    `${INDENT}{`,
    ...objectBody(statement.args, 2),
    `${INDENT}},`,
    ...(statement.options ? [`${INDENT}${statement.options.code},`] : []),
    ");",
  ];
}

/** Comment lines, each within the line width where the text allows (breaks at spaces). */
export function commentLines(text: string, prefix = "// "): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && width(`${prefix}${line} ${word}`) > LINE_WIDTH) {
      lines.push(`${prefix}${line}`);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(`${prefix}${line}`);
  return lines;
}
