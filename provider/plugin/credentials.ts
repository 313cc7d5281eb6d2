// What Read hands `pulumi import` and `get` as inputs: never a credential. The import writes
// the inputs into the program it generates (pulumi-yaml 1.25 even in plain text, pulumi-yaml#488),
// so every credential becomes the mask the service itself shows for one, "********", which the
// layer already reads as "no value given" (it never sends it, never diffs on it). The user puts
// the real value in from secret config.
import { type FieldSpec, isObject, type Json, MASK } from "./layer";
import type { Values } from "./values";

/** `value` with the credentials `spec` says it holds replaced by the mask. */
export function maskCredentials(spec: FieldSpec, value: Json): Json {
  if (value === undefined || value === null) return value;
  if (spec.secret || spec.spread) return MASK;
  let out: unknown = value;
  for (const path of spec.secretPaths ?? []) out = maskAt(out, path.split(/\.|(?=\[\])/));
  return (spec.secretKeys ? maskUnder(out, spec.secretKeys) : out) as Json;
}

function maskAt(value: unknown, path: readonly string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value === undefined ? value : MASK;
  if (head === "[]") return Array.isArray(value) ? value.map((item) => maskAt(item, rest)) : value;
  if (!isObject(value) || !Object.hasOwn(value, head)) return value;
  return { ...value, [head]: maskAt(value[head], rest) };
}

function maskUnder(value: unknown, pattern: RegExp): unknown {
  if (Array.isArray(value)) return value.map((item) => maskUnder(item, pattern));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      pattern.test(key) ? MASK : maskUnder(member, pattern),
    ]),
  );
}

/** The properties with every credential of these specs masked. */
export function withoutCredentials(
  specs: Readonly<Record<string, FieldSpec>>,
  values: Values,
): Values {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
      return [key, spec ? maskCredentials(spec, value) : value];
    }),
  );
}
