// The one walk to the credentials a field's value holds, as its spec names them: the whole value
// (`secret`, `spread`), the leaves at `secretPaths`, the members under `secretKeys`. Whatever is
// done to them goes through it: the client keeps them out of messages, an import masks them,
// the plugin returns each one as a secret.
import { type FieldSpec, isObject, isUnset, isWholeSecret, pathSteps } from "./fields";

/** What a field's spec says about the credentials it holds. */
export type CredentialSpec = Pick<FieldSpec, "secret" | "spread" | "secretPaths" | "secretKeys">;

/**
 * `value` with each credential `spec` names in it replaced by `replace(credential)`; the rest,
 * and a credential that is unset (absent or null: no credential), as it was.
 */
export function mapCredentials<T>(
  spec: CredentialSpec,
  value: T,
  replace: (credential: unknown) => unknown,
): T {
  if (isUnset(value)) return value;
  if (isWholeSecret(spec)) return replace(value) as T;
  let out: unknown = value;
  for (const path of spec.secretPaths ?? []) out = mapAt(out, pathSteps(path), replace);
  return (spec.secretKeys ? mapUnder(out, spec.secretKeys, replace) : out) as T;
}

/** Every credential `spec` names in `value`. */
export function credentialsIn(spec: CredentialSpec, value: unknown): unknown[] {
  const found: unknown[] = [];
  mapCredentials(spec, value, (credential) => {
    found.push(credential);
    return credential;
  });
  return found;
}

function mapAt(value: unknown, path: readonly string[], replace: (v: unknown) => unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return isUnset(value) ? value : replace(value);
  if (head === "[]") {
    return Array.isArray(value) ? value.map((item) => mapAt(item, rest, replace)) : value;
  }
  if (!isObject(value) || !Object.hasOwn(value, head)) return value;
  return { ...value, [head]: mapAt(value[head], rest, replace) };
}

function mapUnder(value: unknown, pattern: RegExp, replace: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapUnder(item, pattern, replace));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      pattern.test(key)
        ? isUnset(member)
          ? member
          : replace(member)
        : mapUnder(member, pattern, replace),
    ]),
  );
}
