// The generic Source: any source type the service knows, by its sourceType, with every field
// this package models checked against that type, and anything else through `passthrough`.
import { z } from "zod";
import { type CheckFailure, containsUnknown, type FieldSpecs, isObject, isUnset } from "./fields";
import type { CheckRules, Inputs } from "./kind";
import {
  AUTH_HEADER_OUTPUTS,
  COLLECTOR_ID_HINT,
  COMMON_FIELDS,
  TYPE_FIELDS,
} from "./source-fields";
import { SOURCE_TYPES, sourceTypeNamed } from "./source-types";

const KNOWN_TYPES = Object.keys(SOURCE_TYPES);
/** How the service's source type names are written: "LocalFile", "HTTP", "RemoteFileV2". */
const TYPE_NAME = /^[A-Z][A-Za-z0-9_]*$/;

/** A known source type, or another one written like the service's (not "toString"). */
const sourceTypeSchema = z
  .string({ error: "sourceType must be a string" })
  .min(1, { error: "sourceType must not be empty" })
  .superRefine((value, ctx) => {
    if (sourceTypeNamed(value)) return;
    const known = KNOWN_TYPES.find((name) => name.toLowerCase() === value.toLowerCase());
    if (known) {
      ctx.addIssue({
        code: "custom",
        message: `sourceType ${JSON.stringify(value)} is not a source type (they are case-sensitive); did you mean "${known}"?`,
      });
    } else if (!TYPE_NAME.test(value)) {
      ctx.addIssue({
        code: "custom",
        message:
          `sourceType ${JSON.stringify(value)} is not a source type name: those start with a ` +
          `capital, then letters and digits, e.g. ${KNOWN_TYPES.join(", ")}`,
      });
    }
  });

/** The field specs of the generic Source: every known field, sourceType and the pass-through. */
export const GENERIC_SPECS: FieldSpecs = {
  sourceType: {
    schema: sourceTypeSchema,
    replace: true,
    doc: `The API's sourceType, e.g. ${Object.keys(SOURCE_TYPES).join(", ")}. Changing it replaces the source.`,
  },
  ...COMMON_FIELDS,
  ...TYPE_FIELDS,
  passthrough: {
    schema: z.record(z.string(), z.unknown(), {
      error: "passthrough must be an object of the source's other fields",
    }),
    spread: true,
    secret: true,
    doc: "Type-specific fields this package does not model, sent as they are (a secret).",
  },
};

/** The plain server-set outputs of the generic Source (it may be any type, HTTP included). */
export const GENERIC_OUTPUTS: Readonly<Record<string, z.ZodType>> = AUTH_HEADER_OUTPUTS;

/** Rules of the generic Source for the sourceType it names. */
export function genericRules(inputs: Inputs, kind: string): CheckRules {
  const type = sourceTypeNamed(inputs.sourceType);
  const refine = (values: Readonly<Inputs>): CheckFailure[] => {
    const failures: CheckFailure[] = [];
    if (type) {
      const own = new Set<string>(type.fields);
      for (const key of Object.keys(TYPE_FIELDS)) {
        if (!own.has(key) && !isUnset(values[key])) {
          failures.push({
            property: key,
            reason: `${key} is not a field of ${type.sourceType} sources; its own fields are ${type.fields.join(", ") || "none"}`,
          });
        }
      }
      if (type.common) {
        for (const key of Object.keys(COMMON_FIELDS)) {
          if ((type.common as readonly string[]).includes(key) || isUnset(values[key])) continue;
          failures.push({
            property: key,
            reason:
              type.sourceType === "Universal"
                ? `${key} is not a top-level field of a Universal source: put it in passthrough.config`
                : `${key} is not a field of ${type.sourceType} sources`,
          });
        }
      }
      failures.push(...(type.refine?.(values) ?? []));
    }
    if (isObject(values.passthrough) && !containsUnknown(values.passthrough)) {
      for (const key of Object.keys(values.passthrough)) {
        if (Object.hasOwn(GENERIC_SPECS, key) || key === "id" || key === "collectorId") {
          failures.push({
            property: `passthrough.${key}`,
            reason: `${key} is a property of Source itself: set it there, not in passthrough`,
          });
        }
      }
    }
    return failures;
  };
  return {
    label: type ? `Source (${type.sourceType})` : kind,
    required: {
      collectorId: COLLECTOR_ID_HINT,
      sourceType: `one of ${Object.keys(SOURCE_TYPES).join(", ")}, or another type the service knows`,
      // Fields the generic Source has (a Universal schemaRef and config go in passthrough).
      ...Object.fromEntries(
        Object.entries(type?.required ?? {}).filter(([key]) => Object.hasOwn(GENERIC_SPECS, key)),
      ),
    },
    refine,
  };
}
