// The source kinds: a typed kind per class of the source-type table (source-types.ts and
// source-variants.ts), and the generic Source (generic-source.ts), each an EntityKind.
import { type FieldSpec, type FieldSpecs, isUnset } from "./fields";
import { GENERIC_OUTPUTS, GENERIC_SPECS, genericRules } from "./generic-source";
import type { EntityKind } from "./kind";
import { adoptSchema, idSchema } from "./schemas";
import {
  COLLECTOR_ID_HINT,
  COMMON_FIELDS,
  type CommonFieldName,
  SECRET_COMPUTED,
  TYPE_FIELDS,
} from "./source-fields";
import type { SourceType } from "./source-type";
import { SOURCE_TYPES, sourceTypeNamed } from "./source-types";
import { SOURCE_VARIANTS } from "./source-variants";

/** Every table entry: base types by sourceType, variants by contentType. */
export const SOURCE_ENTRIES = { ...SOURCE_TYPES, ...SOURCE_VARIANTS };

/** The source types with a typed resource class, by the class's name. */
export const TYPED_SOURCES: Readonly<Record<string, SourceType>> = Object.fromEntries(
  Object.values(SOURCE_ENTRIES as Readonly<Record<string, SourceType>>).flatMap((type) =>
    type.kind ? [[type.kind, type]] : [],
  ),
);

/**
 * Whether a typed class takes a source as the service shows it: of its sourceType, carrying the
 * values the class fixes, and with a contentType the class's own allows when it has one
 * (HttpSource: Zipkin or Otlp; a KinesisLog HTTP source is KinesisLogSource's).
 */
function takes(type: SourceType, source: Readonly<Record<string, unknown>>): boolean {
  if (type.sourceType !== source.sourceType) return false;
  if (!Object.entries(type.fixed ?? {}).every(([key, value]) => source[key] === value)) {
    return false;
  }
  const own = type.own?.contentType;
  return !own || isUnset(source.contentType) || own.schema.safeParse(source.contentType).success;
}

/**
 * The typed class for a source as the service shows it: of the classes that take it, the most
 * specific (S3Source before a Polling source without a class); undefined when only the generic
 * Source fits.
 */
export function typedSourceOf(
  source: Readonly<Record<string, unknown>>,
): { kind: string; type: SourceType } | undefined {
  const best = Object.values(TYPED_SOURCES)
    .filter((type) => takes(type, source))
    .sort((a, b) => Object.keys(b.fixed ?? {}).length - Object.keys(a.fixed ?? {}).length)[0];
  return best?.kind ? { kind: best.kind, type: best } : undefined;
}

/**
 * Service fields never kept in `unmanaged` nor sent back (sheet 7): url, token and baseUrl are
 * outputs of their own (a class that has them, and Source); a Universal source's `state` is
 * CloudToCloudSource's; `status` (undocumented) nobody's.
 */
export const SOURCE_VOLATILE = [
  "id",
  "alive",
  "url",
  "token",
  "baseUrl",
  "state",
  "status",
] as const;

/** The source types whose delete ends later, on the service. */
export const ASYNC_DELETE_TYPES: ReadonlySet<string> = new Set(["Universal"]);

/** The field specs of a typed source kind. */
export function typedSpecs(type: SourceType): FieldSpecs {
  const common = Object.fromEntries(
    (type.common ?? (Object.keys(COMMON_FIELDS) as CommonFieldName[])).map((key) => [
      key,
      COMMON_FIELDS[key] as FieldSpec,
    ]),
  );
  const own = Object.fromEntries(
    type.fields.map((field) => [field, type.own?.[field] ?? TYPE_FIELDS[field]]),
  );
  return { ...common, ...own, ...type.own };
}

export interface SourceKindOptions {
  kind: string;
  /** The source type of a typed kind; undefined for the generic Source. */
  type?: SourceType;
}

export function sourceKind(options: SourceKindOptions): EntityKind {
  const { type } = options;
  const fields = type ? typedSpecs(type) : GENERIC_SPECS;
  const outputs = type ? (type.outputs ?? {}) : GENERIC_OUTPUTS;
  const expected = (inputs: Record<string, unknown>) =>
    type ? type.sourceType : String(inputs.sourceType);
  return {
    kind: options.kind,
    collection: "sources",
    fields,
    controls: {
      collectorId: {
        schema: idSchema("collectorId"),
        doc: "The id of the collector the source belongs to; a new one replaces the source.",
      },
      adopt: { schema: adoptSchema },
    },
    parent: "collectorId",
    rules: (inputs) =>
      type
        ? {
            label: options.kind,
            required: { collectorId: COLLECTOR_ID_HINT, ...type.required },
            refine: type.refine,
          }
        : genericRules(inputs, options.kind),
    fixed: (inputs) => {
      const of = type ?? sourceTypeNamed(inputs.sourceType);
      return { sourceType: expected(inputs), ...of?.defaults, ...type?.fixed };
    },
    serverSet: ["sourceType", ...SECRET_COMPUTED, ...Object.keys(outputs)],
    volatile: [...SOURCE_VOLATILE, ...Object.keys(outputs)],
    mismatch: (entity, inputs) => {
      if (entity.sourceType !== expected(inputs)) {
        return `it is a ${String(entity.sourceType)} source, not ${expected(inputs)}`;
      }
      // A typed class takes only its own variant (an S3Source no CloudTrail source), though
      // another class may take the same source too and be the more specific.
      const shown = type ? typedSourceOf(entity)?.kind : undefined;
      return type && shown !== undefined && shown !== type.kind && !takes(type, entity)
        ? `it is a ${shown} (contentType ${String(entity.contentType)}), not a ${type.kind}`
        : undefined;
    },
  };
}
