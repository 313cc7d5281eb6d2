// check and diff: no HTTP call (the engine runs them one at a time for the whole stack). check
// validates with property-level failures and lets unknown preview values through; diff compares
// the program with the outputs, which keep every input needed for that.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { resourceError } from "../kinds/errors";
import {
  type CheckFailure,
  containsUnknown,
  type FieldSpecs,
  isUnset,
  type JsonObject,
} from "../kinds/fields";
import type { CheckRules, EntityKind, Inputs } from "../kinds/kind";
import { toId } from "../kinds/schemas";
import { diffFields } from "./fields";
import { replacementName, resolveName } from "./naming";

/** `filters[1].mask` from a property and a zod issue path. */
export function propertyPath(property: string, path: readonly PropertyKey[]): string {
  let out = property;
  for (const segment of path) {
    out += typeof segment === "number" ? `[${segment}]` : `.${String(segment)}`;
  }
  return out;
}

function issues(property: string, error: z.ZodError): CheckFailure[] {
  return error.issues.map((issue) => ({
    property: propertyPath(property, issue.path),
    reason: issue.message,
  }));
}

/** Every failure of `inputs` against the rules; keys starting with "__" are the engine's. */
export function checkInputs(
  rules: CheckRules,
  specs: FieldSpecs,
  inputs: Readonly<Record<string, unknown>>,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const known = Object.keys(specs);
  for (const [key, value] of Object.entries(inputs)) {
    if (key.startsWith("__") || isUnset(value) || containsUnknown(value)) continue;
    // Own keys only: an input named "constructor" or "toString" is not a property either.
    const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
    if (!spec) {
      failures.push({
        property: key,
        reason: `${key} is not a property of ${rules.label}; its properties are ${known.join(", ")}`,
      });
      continue;
    }
    const result = spec.schema.safeParse(value);
    if (!result.success) failures.push(...issues(key, result.error));
  }
  for (const [key, hint] of Object.entries(rules.required ?? {})) {
    if (isUnset(inputs[key])) {
      failures.push({ property: key, reason: `${key} is required for ${rules.label}: ${hint}` });
    }
  }
  if (rules.refine) failures.push(...rules.refine(inputs));
  return failures;
}

/** A known value (not unset, not unknown), for rules across fields. */
export function known(value: unknown): boolean {
  return !isUnset(value) && !containsUnknown(value);
}

export async function check(
  kind: EntityKind,
  olds: Inputs,
  news: Inputs,
): Promise<dynamic.CheckResult> {
  const inputs: Inputs = { ...news };
  const name = kind.nameOf ? undefined : resolveName(olds ?? {}, news);
  if (name !== undefined) inputs.name = name;
  const failures = checkInputs(kind.rules(inputs), { ...kind.fields, ...kind.controls }, inputs);
  if (kind.nameOf) {
    // Named inside another input (a source template's inputJson.name), checked there.
    const named = kind.nameOf(inputs);
    if (typeof named === "string") inputs.name = named;
  } else if (isUnset(inputs.name) && isUnset(inputs.adopt) && !kind.notCreatable) {
    failures.push({ property: "name", reason: `name is required for ${kind.kind}` });
  }
  // The parent's id given as text becomes a number.
  if (failures.length === 0 && kind.parent && known(inputs[kind.parent])) {
    inputs[kind.parent] = toId(inputs[kind.parent]);
  }
  return { inputs, failures };
}

export async function diff(
  kind: EntityKind,
  id: string,
  olds: JsonObject,
  news: Inputs,
): Promise<dynamic.DiffResult> {
  const refused = kind.refuseChange?.(id, olds, news);
  if (refused) throw refused;
  const { updates, replaces } = diffFields(kind.fields, olds, news);
  // A new parent (a source moved to another collector) needs a new object; an unknown one may.
  let sameScope = true;
  if (kind.parent) {
    const unknown = containsUnknown(news[kind.parent]);
    const same = !unknown && toId(news[kind.parent]) === olds[kind.parent];
    if (unknown || !same) replaces.push(kind.parent);
    sameScope = unknown || same;
  }
  if (replaces.length > 0 && !isUnset(news.adopt)) {
    throw resourceError("adoptedReplacement", { kind: kind.kind, replaces });
  }
  const replacing = replaces.length > 0;
  return {
    changes: replacing || updates.length > 0,
    replaces,
    // Names are unique: a replacement asking for the old object's name must delete it first.
    deleteBeforeReplace:
      replacing &&
      // A kind named inside another input (a source template's inputJson.name) compares that.
      (kind.nameOf ? kind.nameOf(olds) === kind.nameOf(news) : keepsName(olds, news)) &&
      sameScope,
  };
}

/** Whether the replacement asks for the old object's name (or for none it can tell). */
function keepsName(olds: JsonObject, news: Inputs): boolean {
  const next = replacementName(news);
  return isUnset(next) || next === olds.name;
}
