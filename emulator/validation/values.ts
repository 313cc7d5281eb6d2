import { type ErrorName, fail } from "../errors";

/** A JSON object from a request body. */
export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Real clients send null for "not set": null and absence mean the same everywhere. */
export function isAbsent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

export function invalid(path: string, expectation: string): never {
  fail("fieldInvalid", `Field '${path}' ${expectation}.`);
}

export function missing(path: string): never {
  fail("fieldMissing", `Field '${path}' is required.`);
}

/**
 * A short rendering of a client's value for an error message: never the whole of it, since a
 * body may hold a megabyte where a number was expected.
 */
export function preview(value: unknown, max = 40): string {
  if (typeof value === "string")
    return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
  if (Array.isArray(value)) return "an array";
  if (value !== null && typeof value === "object") return "an object";
  return String(value);
}

/** The object under `key` of a body such as {"collector": {...}}. */
export function envelopeObject(body: unknown, key: string): Json {
  if (!isObject(body)) invalid(key, `must be sent as {"${key}": {...}} in a JSON body`);
  const inner = body[key];
  if (isAbsent(inner)) missing(key);
  if (!isObject(inner)) invalid(key, "must be a JSON object");
  return inner;
}

/** A PUT body must carry the id of the entity it replaces, under `code` when it does not. */
export function requireBodyId(input: Json, currentId: number, code: ErrorName, noun: string): void {
  if (input.id === currentId) return;
  fail(
    code,
    isAbsent(input.id)
      ? `Request body has an invalid ${noun} ID: include the ${noun.toLowerCase()}'s id.`
      : `Request body has an invalid ${noun} ID: ${preview(input.id)} is not ${currentId}.`,
  );
}

/** A value check: returns the accepted value or throws the envelope error naming `path`. */
export type Rule = (value: unknown, path: string) => unknown;

export const str: Rule = (value, path) =>
  typeof value === "string" ? value : invalid(path, "must be a string");

export function maxString(max: number, tooLong?: ErrorName): Rule {
  return (value, path) => {
    const s = str(value, path) as string;
    if (s.length > max) {
      if (tooLong) fail(tooLong);
      invalid(path, `must be at most ${max} characters long`);
    }
    return s;
  };
}

export const bool: Rule = (value, path) =>
  typeof value === "boolean" ? value : invalid(path, "must be true or false");

export function int(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Rule {
  return (value, path) => {
    if (typeof value !== "number" || !Number.isSafeInteger(value))
      invalid(path, "must be an integer");
    if (value < min || value > max) invalid(path, `must be between ${min} and ${max}`);
    return value;
  };
}

export const port: Rule = int(1, 65535);

export function oneOf(...values: string[]): Rule {
  return (value, path) =>
    typeof value === "string" && values.includes(value)
      ? value
      : invalid(path, `must be one of ${values.map((v) => `"${v}"`).join(", ")}`);
}

export const strList: Rule = (value, path) => {
  if (!Array.isArray(value)) invalid(path, "must be an array of strings");
  return value.map((item, i) => str(item, `${path}[${i}]`));
};

/** A string or an array of strings (Windows event log allow/deny lists come in both forms). */
export const strOrList: Rule = (value, path) =>
  typeof value === "string" ? value : strList(value, path);

export const obj: Rule = (value, path) =>
  isObject(value) ? value : invalid(path, "must be a JSON object");

/** A map of string keys to string values, built without ever touching a prototype. */
export const stringMap: Rule = (value, path) => {
  if (!isObject(value)) invalid(path, "must be a JSON object of string values");
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, str(v, `${path}.${k}`)]));
};

/** An array of objects, each checked field by field; `required` names mandatory fields. */
export function listOf(fields: Record<string, Rule>, required: string[] = []): Rule {
  return (value, path) => {
    if (!Array.isArray(value)) invalid(path, "must be an array of objects");
    return value.map((item, i) => {
      const at = `${path}[${i}]`;
      if (!isObject(item)) invalid(at, "must be a JSON object");
      return readFields(item, fields, required, at);
    });
  };
}

/**
 * Reads the listed fields of an object: absent ones are left out, required ones must be there,
 * and every present one passes its rule. Fields not listed are not returned.
 */
export function readFields(
  source: Json,
  fields: Record<string, Rule>,
  required: string[],
  at = "",
): Json {
  const out: Json = {};
  for (const [key, rule] of Object.entries(fields)) {
    const path = at ? `${at}.${key}` : key;
    const value = source[key];
    if (isAbsent(value)) {
      if (required.includes(key)) missing(path);
      continue;
    }
    out[key] = rule(value, path);
  }
  return out;
}

/** A number (not only an integer) from min to max, e.g. a sampling rate from 0 to 1. */
export function num(min: number, max: number): Rule {
  return (value, path) => {
    if (typeof value !== "number" || !Number.isFinite(value)) invalid(path, "must be a number");
    if (value < min || value > max) invalid(path, `must be between ${min} and ${max}`);
    return value;
  };
}

/** An integer of at least `min`, or one of the listed special values (e.g. -1 or 0). */
export function intAtLeast(min: number, ...special: number[]): Rule {
  const also = special.map((v) => ` or ${v}`).join("");
  return (value, path) => {
    if (typeof value !== "number" || !Number.isSafeInteger(value))
      invalid(path, `must be an integer of at least ${min}${also}`);
    if (value < min && !special.includes(value))
      invalid(path, `must be at least ${min}${also} (milliseconds)`);
    return value;
  };
}

/** An array whose items each pass `item`. */
export function listOfRule(item: Rule, what = "an array"): Rule {
  return (value, path) => {
    if (!Array.isArray(value)) invalid(path, `must be ${what}`);
    return value.map((v, i) => item(v, `${path}[${i}]`));
  };
}

/**
 * A nested object checked field by field, keeping keys it does not list as sent (the sheet does
 * not say whether unknown keys are refused, so they are kept, as at the top level).
 */
export function shape(fields: Record<string, Rule>, required: string[] = []): Rule {
  return (value, path) => {
    if (!isObject(value)) invalid(path, "must be a JSON object");
    return withUnknownKeys(value, readFields(value, fields, required, path), fields);
  };
}

/** `checked` plus the keys of `input` that `fields` does not list (absent values left out). */
export function withUnknownKeys(input: Json, checked: Json, fields: Record<string, Rule>): Json {
  const extra = Object.entries(input).filter(
    ([key, value]) => !Object.hasOwn(fields, key) && !isAbsent(value),
  );
  return Object.fromEntries([...extra, ...Object.entries(checked)]);
}

/** The table's own entry for `key` (never one inherited from Object.prototype). */
export function entryOf<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
