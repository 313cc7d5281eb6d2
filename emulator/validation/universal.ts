// Universal (Cloud-to-Cloud) source bodies (sheet 6.5): {sourceType, schemaRef: {type}, config}
// with the name and every common field inside `config`; `config` is otherwise opaque.
import * as common from "./common";
import { checkSent } from "./server-set";
import { COMMON_FIELDS, SERVER_FIELDS } from "./source-types";
import { invalid, isAbsent, isObject, type Json, maxString, missing } from "./values";

/** Cloud-to-Cloud sources per account (sheet 6.5; 20 on free accounts, not modelled). */
export const UNIVERSAL_PER_ACCOUNT = 50;

/** The integration version the service sets; there is no newer one to upgrade to. */
export const SCHEMA_VERSION = "1.0.0";

/** The state a Universal source shows while it runs (sheet 6.5: `{"state": S}`). */
export const RUNNING_STATE = "Collecting";

/** The common fields a Universal source keeps in `config`, refused at its top level (sheet 6.5). */
export const IN_CONFIG = Object.keys(COMMON_FIELDS).filter((key) => key !== "name");
/** A Universal body's own top-level keys (sheet 6.5). */
export const UNIVERSAL_KEYS = ["sourceType", "name", "schemaRef", "config"];

/**
 * The stored form of a Universal body: {name, schemaRef: {type, version}, config} plus unknown
 * top-level keys as sent. `current` is the stored form on PUT.
 */
export function readUniversal(input: Json, current?: Json): Json {
  for (const key of IN_CONFIG) {
    if (!isAbsent(input[key]))
      invalid(`source.${key}`, "is not a top-level field of a Universal source: put it in config");
  }
  const ref = input.schemaRef;
  if (isAbsent(ref)) missing("source.schemaRef");
  if (!isObject(ref)) invalid("source.schemaRef", 'must be a JSON object such as {"type": "Okta"}');
  if (isAbsent(ref.type)) missing("source.schemaRef.type");
  const type = maxString(128)(ref.type, "source.schemaRef.type") as string;
  if (type.trim() === "") invalid("source.schemaRef.type", "must name the integration, e.g. Okta");
  const before = isObject(current?.schemaRef) ? current.schemaRef : undefined;
  if (before && type !== before.type)
    invalid("source.schemaRef.type", `is not modifiable: it must stay "${before.type}"`);
  // Set by the service; a create ignores a sent one, a PUT may ask for "latest" (sheet 6.5, 8).
  const version = (before?.version as string | undefined) ?? SCHEMA_VERSION;
  if (before && ref.version !== "latest") {
    const fix = `send "${version}" back, "latest" to upgrade, or leave it out`;
    checkSent(ref.version, version, "notModifiable", "source.schemaRef.version", fix);
  }

  const config = input.config;
  if (isAbsent(config)) missing("source.config");
  if (!isObject(config))
    invalid("source.config", "must be a JSON object of the integration's settings");
  // The sheet puts the name in config; a top-level one stands in when config has none (docs/reference/local-service.md, Universal).
  const named = isAbsent(config.name) ? input.name : config.name;
  if (isAbsent(named)) missing("source.config.name");
  const name = common.name(named, "source.config.name") as string;
  if (!isAbsent(input.name) && input.name !== name) {
    invalid(
      "source.name",
      "of a Universal source is config.name: leave the top-level name out or make it equal",
    );
  }
  const extra = Object.entries(input).filter(
    ([key, value]) => !UNIVERSAL_KEYS.includes(key) && !SERVER_FIELDS.has(key) && !isAbsent(value),
  );
  return {
    ...Object.fromEntries(extra),
    name,
    schemaRef: { type, version },
    config: { ...config, name },
  };
}
