import { fail } from "../errors";

type Query = Record<string, unknown>;

/** A repeated query parameter counts by its first value. */
function first(query: Query, key: string): string | undefined {
  const value = query[key];
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === "string" ? one : undefined;
}

export function queryInt(query: Query, key: string, fallback: number, min: number): number {
  const raw = first(query, key);
  if (raw === undefined || raw === "") return fallback;
  const value = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    fail("fieldInvalid", `Query parameter '${key}' must be an integer >= ${min}, got "${raw}".`);
  }
  return value;
}

export function queryBool(query: Query, key: string): boolean {
  const raw = first(query, key);
  if (raw === undefined || raw === "") return false;
  const lower = raw.toLowerCase();
  if (lower !== "true" && lower !== "false") {
    fail("fieldInvalid", `Query parameter '${key}' must be true or false, got "${raw}".`);
  }
  return lower === "true";
}

export function queryOneOf<T extends string>(
  query: Query,
  key: string,
  values: readonly T[],
): T | undefined {
  const raw = first(query, key);
  if (raw === undefined || raw === "") return undefined;
  if (!(values as readonly string[]).includes(raw)) {
    fail(
      "fieldInvalid",
      `Query parameter '${key}' must be one of ${values.join(", ")}, got "${raw}".`,
    );
  }
  return raw as T;
}

export function queryString(query: Query, key: string): string | undefined {
  const raw = first(query, key);
  return raw === "" ? undefined : raw;
}

/** A numeric id from the path; anything else is a 400, never a lookup. */
export function pathId(value: unknown, what: string): number {
  const id = typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id))
    fail("fieldInvalid", `The ${what} in the path must be an integer, got "${String(value)}".`);
  return id;
}
