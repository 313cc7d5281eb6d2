// Secrets in source bodies that every read shows as `********` (sheet 6.4, 6.5 and 9), and the
// PUT round trip: a body that sends `********` back keeps the stored value.
import { thirdPartySecretPaths } from "./third-party";
import { invalid, isObject, type Json } from "./values";

export const MASK = "********";

/** Where a secret sits in a source body: keys and array indexes from the top. */
export type SecretPath = (string | number)[];

/**
 * The sheet's heuristic for Cloud-to-Cloud config keys (6.5, L): a key naming a key, secret,
 * token, password or credentials.
 */
export const SECRET_KEY = /key|secret|token|password|credentials/i;

/** Paths of string values under keys that match SECRET_KEY, at any depth of `value`. */
export function secretKeyPaths(value: unknown, at: SecretPath = []): SecretPath[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeyPaths(v, [...at, i]));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, v]) =>
    typeof v === "string" && SECRET_KEY.test(key)
      ? [[...at, key]]
      : secretKeyPaths(v, [...at, key]),
  );
}

function getAt(value: unknown, path: SecretPath): unknown {
  let here = value;
  for (const step of path) {
    if (Array.isArray(here) && typeof step === "number") here = here[step];
    else if (isObject(here) && typeof step === "string" && Object.hasOwn(here, step))
      here = here[step];
    else return undefined;
  }
  return here;
}

function setAt(value: unknown, path: SecretPath, next: unknown): void {
  const parent = getAt(value, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent) && typeof last === "number") parent[last] = next;
  else if (isObject(parent) && typeof last === "string") parent[last] = next;
}

/** A copy of `body` with every string at `paths` replaced by the mask. */
export function masked(body: Json, paths: SecretPath[]): Json {
  if (paths.length === 0) return body;
  const copy = structuredClone(body);
  for (const path of paths) if (typeof getAt(copy, path) === "string") setAt(copy, path, MASK);
  return copy;
}

function label(path: SecretPath): string {
  return path.reduce<string>(
    (out, step) => (typeof step === "number" ? `${out}[${step}]` : `${out}.${step}`),
    "source",
  );
}

/**
 * Puts the stored secret back wherever `incoming` (a PUT body, changed in place) sends the mask;
 * `paths` are the secret paths of the incoming body. A mask where nothing is stored is refused.
 */
export function restoreMasked(incoming: Json, stored: Json, paths: SecretPath[]): void {
  for (const path of paths) {
    if (getAt(incoming, path) !== MASK) continue;
    const before = getAt(stored, path);
    if (typeof before !== "string") {
      invalid(label(path), `is "${MASK}" but no value is stored there: send the real value`);
    }
    setAt(incoming, path, before);
  }
}

/** Paths of the secrets a read masks in a source body of this type (stored or sent). */
export function sourceSecretPaths(sourceType: string, body: Json): SecretPath[] {
  if (sourceType === "Universal") return secretKeyPaths(body.config, ["config"]);
  return thirdPartySecretPaths(body);
}
