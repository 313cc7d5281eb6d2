// Outputs must be plain JSON: no undefined (even nested), no bigint, no Date, no functions.
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A deep copy that keeps only what JSON can carry; undefined members are dropped. */
export function plain(value: unknown): Json | undefined {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") {
    return undefined;
  }
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => plain(item) ?? null);
  const out: JsonObject = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    const copy = plain(member);
    if (copy !== undefined) out[key] = copy;
  }
  return out;
}

/** plain() for an object, as an object. */
export function plainObject(value: Record<string, unknown>): JsonObject {
  return plain(value) as JsonObject;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
