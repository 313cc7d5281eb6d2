// check: validation with property-level failures, letting unknown preview values through.
import type { z } from "zod";
import { type CheckFailure, type FieldSpecs, isUnset } from "./fields";
import { containsUnknown } from "./unknowns";

export interface CheckRules {
  /** What the resource is, for messages: "HostedCollector", "Source (LocalFile)". */
  label: string;
  specs: FieldSpecs;
  /** Fields that must be set, each with a hint on what to give. */
  required?: Readonly<Record<string, string>>;
  /** Rules across fields; called with the inputs, they must skip unknown values themselves. */
  refine?: (inputs: Readonly<Record<string, unknown>>) => CheckFailure[];
}

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
export function checkInputs(rules: CheckRules, inputs: Readonly<Record<string, unknown>>) {
  const failures: CheckFailure[] = [];
  const known = Object.keys(rules.specs);
  for (const [key, value] of Object.entries(inputs)) {
    if (key.startsWith("__") || isUnset(value) || containsUnknown(value)) continue;
    // Own keys only: an input named "constructor" or "toString" is not a property either.
    const spec = Object.hasOwn(rules.specs, key) ? rules.specs[key] : undefined;
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
