// Sources as an entity kind: a typed kind per source type, and the generic Source that takes
// sourceType as an input and every known field plus a pass-through.
import { z } from "zod";
import { type CollectorsClient, isApiError } from "../../api";
import { known } from "../core/check";
import type { EntityApi, EntityKind } from "../core/entityKind";
import { type CheckFailure, type FieldSpecs, isUnset, secretLeaves } from "../core/fields";
import type { Inputs } from "../core/lifecycle";
import { jsonModeMessage } from "../core/messages";
import { isObject, type JsonObject } from "../core/plain";
import { adoptSchema, idSchema, toId } from "../core/schemas";
import { containsUnknown } from "../core/unknowns";
import { COMMON_FIELDS, SECRET_COMPUTED, TYPE_FIELDS } from "./fields";
import { ASYNC_DELETE_TYPES, waitUntilGone } from "./stopping";
import { SOURCE_TYPES, type SourceType, sourceTypeNamed } from "./types";

/** Service fields never kept in `unmanaged` nor sent back; url and token are outputs of their own. */
export const SOURCE_VOLATILE = ["id", "alive", "url", "token"] as const;

export interface SourceApiOptions {
  /** From the state: whether a delete waits until the source is gone (Universal sources). */
  sourceType?: unknown;
  /** Values the client keeps out of messages and logs (secret and pass-through inputs). */
  secrets?: readonly string[];
}

/** The sources of one collector as an EntityApi. */
export function sourceApi(
  client: CollectorsClient,
  collectorId: number,
  options: SourceApiOptions = {},
): EntityApi {
  const { sourceType } = options;
  const req = { secrets: options.secrets };
  const api = client.sources;
  const found = (r: { source: Record<string, unknown>; etag: string | undefined }) => ({
    entity: r.source,
    etag: r.etag,
  });
  return {
    get: async (id) => found(await api.get(collectorId, id)),
    findByName: async (name) => {
      const match = await api.findByName(collectorId, name);
      return match === undefined ? undefined : found(match);
    },
    create: async (body) =>
      found(await api.create(collectorId, body as Parameters<typeof api.create>[1], req)),
    update: async (id, body, etag) =>
      found(await api.update(collectorId, id, body as Parameters<typeof api.update>[2], etag, req)),
    delete: async (id) => {
      await api.delete(collectorId, id);
      if (typeof sourceType === "string" && ASYNC_DELETE_TYPES.has(sourceType)) {
        await waitUntilGone(client, collectorId, id);
      }
    },
  };
}

const collectorIdOf = (state: Record<string, unknown>) => toId(state.collectorId);

/** The field specs of a typed source kind. */
export function typedSpecs(type: SourceType): FieldSpecs {
  const own = Object.fromEntries(type.fields.map((field) => [field, TYPE_FIELDS[field]]));
  return { ...COMMON_FIELDS, ...own };
}

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

/** Rules of the generic Source for the sourceType it names. */
function genericRules(inputs: Inputs, base: Omit<SourceKindOptions, "type">) {
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
    label: type ? `Source (${type.sourceType})` : base.kind,
    required: {
      collectorId: COLLECTOR_ID_HINT,
      sourceType: `one of ${Object.keys(SOURCE_TYPES).join(", ")}, or another type the service knows`,
      ...(type?.required ?? {}),
    },
    refine,
  };
}

const COLLECTOR_ID_HINT = "the id of the collector the source belongs to, e.g. collector.id";

export interface SourceKindOptions {
  kind: string;
  /** The source type of a typed kind; undefined for the generic Source. */
  type?: SourceType;
}

export function sourceKind(options: SourceKindOptions): EntityKind {
  const { type } = options;
  const specs = type ? typedSpecs(type) : GENERIC_SPECS;
  const expected = (inputs: Record<string, unknown>) =>
    type ? type.sourceType : String(inputs.sourceType);
  return {
    kind: options.kind,
    specs,
    controls: {
      collectorId: { schema: idSchema("collectorId") },
      adopt: { schema: adoptSchema },
    },
    rules: (inputs) =>
      type
        ? {
            required: { collectorId: COLLECTOR_ID_HINT, ...type.required },
            ...(type.refine ? { refine: type.refine } : {}),
          }
        : genericRules(inputs, options),
    normalize: (inputs) => {
      if (known(inputs.collectorId)) inputs.collectorId = toId(inputs.collectorId);
    },
    api: (client, state) =>
      sourceApi(client, collectorIdOf(state), {
        sourceType: type ? type.sourceType : state.sourceType,
        secrets: secretLeaves(specs, state),
      }),
    scope: (state) => `collector ${String(state.collectorId)}`,
    createExtras: (inputs) => ({ sourceType: expected(inputs), ...(type?.fixed ?? {}) }),
    computed: (entity) => {
      const out: JsonObject = { sourceType: entity.sourceType as string };
      for (const key of SECRET_COMPUTED) {
        if (typeof entity[key] === "string") out[key] = entity[key] as string;
      }
      return out;
    },
    identity: (state) => ({ collectorId: collectorIdOf(state) }),
    volatile: SOURCE_VOLATILE,
    mismatch: (entity, inputs) =>
      entity.sourceType === expected(inputs)
        ? undefined
        : `it is a ${String(entity.sourceType)} source, not ${expected(inputs)}`,
    replaces: (olds, news) =>
      containsUnknown(news.collectorId) || toId(news.collectorId) !== olds.collectorId
        ? ["collectorId"]
        : [],
    sameScope: (olds, news) =>
      containsUnknown(news.collectorId) || toId(news.collectorId) === olds.collectorId,
    translate: (error, action, resource, state) =>
      isApiError(error, "json-mode")
        ? new Error(jsonModeMessage(action, resource, state.collectorId))
        : undefined,
  };
}
