import { fail } from "../errors";
import type { Selector } from "../model/selector";
import { latestVersion, TEMPLATE_TYPES, templateVersions } from "../model/template-types";
import * as common from "./common";
import { tagMap } from "./ot-collector-body";
import { parseSelector } from "./selector";
import {
  bool,
  invalid,
  isAbsent,
  isObject,
  type Json,
  missing,
  obj,
  oneOf,
  readFields,
  str,
} from "./values";

/** The spec's maxProperties for inputJson. */
export const INPUT_JSON_MAX_KEYS = 1000;

const TYPE_LIST = Object.keys(TEMPLATE_TYPES)
  .map((t) => `"${t}"`)
  .join(", ");

function body(value: unknown): Json {
  if (!isObject(value)) invalid("body", "must be a JSON object");
  return value;
}

function schemaRefOf(input: Json): Json {
  const ref = input.schemaRef;
  if (isAbsent(ref)) missing("schemaRef");
  if (!isObject(ref)) invalid("schemaRef", 'must be an object {"type": …, "version"?: …}');
  return ref;
}

/** `schemaRef.type`: required, one of the catalogue's types (listed in the message). */
function typeOf(ref: Json): string {
  const type = ref.type;
  if (isAbsent(type) || type === "")
    fail("fieldMissing", `Field 'schemaRef.type' is required: one of ${TYPE_LIST}.`);
  if (typeof type !== "string" || !templateVersions(type))
    invalid("schemaRef.type", `must be one of ${TYPE_LIST}`);
  return type;
}

function checkVersion(type: string, version: unknown): string {
  const versions = templateVersions(type) ?? [];
  if (typeof version !== "string" || !versions.includes(version)) {
    invalid(
      "schemaRef.version",
      `must be one of the ${type} template's versions: ${versions.map((v) => `"${v}"`).join(", ")}`,
    );
  }
  return version;
}

/** inputJson: an object with `name` (1–128 characters) and `receivers` (an object); the rest kept. */
function inputJsonOf(input: Json): Json {
  const json = input.inputJson;
  if (isAbsent(json)) missing("inputJson");
  if (!isObject(json)) invalid("inputJson", 'must be an object with "name" and "receivers"');
  if (Object.keys(json).length > INPUT_JSON_MAX_KEYS)
    invalid("inputJson", `must have at most ${INPUT_JSON_MAX_KEYS} keys`);
  readFields(
    json,
    {
      name: common.namedName,
      receivers: obj,
      processors: obj,
      description: common.namedDescription,
    },
    ["name", "receivers"],
    "inputJson",
  );
  // Null members mean absent, as everywhere in the emulator.
  return Object.fromEntries(Object.entries(json).filter(([, v]) => !isAbsent(v)));
}

export interface TemplateInput {
  type: string;
  version: string;
  inputJson: Json;
  selector: Selector;
  isEnabled?: boolean;
}

/** POST /sourceTemplates: schemaRef.version absent or "" is the type's latest. */
export function parseTemplateCreate(value: unknown): TemplateInput {
  const input = body(value);
  const ref = schemaRefOf(input);
  const type = typeOf(ref);
  const version =
    isAbsent(ref.version) || ref.version === ""
      ? latestVersion(type)
      : checkVersion(type, ref.version);
  const read = readFields(input, { isEnabled: bool }, []);
  return {
    type,
    version,
    inputJson: inputJsonOf(input),
    selector: parseSelector(input.selector, "selector"),
    isEnabled: read.isEnabled as boolean | undefined,
  };
}

function sameType(ref: Json, current: string): string {
  const type = typeOf(ref);
  if (type !== current) {
    invalid(
      "schemaRef.type",
      `cannot change: this template is of type "${current}"; create a new template for "${type}"`,
    );
  }
  return type;
}

/**
 * POST /sourceTemplates/{id}: the same body as a create; the type cannot change, and a version
 * change goes through the upgrade endpoint (absent or "" keeps the current version).
 */
export function parseTemplateUpdate(
  value: unknown,
  current: { id: string; type: string; version: string },
): TemplateInput {
  const input = body(value);
  const ref = schemaRefOf(input);
  const type = sameType(ref, current.type);
  if (!isAbsent(ref.version) && ref.version !== "" && ref.version !== current.version) {
    invalid(
      "schemaRef.version",
      `cannot change on update (the template is at ${JSON.stringify(current.version)}): use POST /v1/sourceTemplates/${current.id}/upgrade to move it to another version`,
    );
  }
  const read = readFields(input, { isEnabled: bool }, []);
  return {
    type,
    version: current.version,
    inputJson: inputJsonOf(input),
    selector: parseSelector(input.selector, "selector"),
    isEnabled: read.isEnabled as boolean | undefined,
  };
}

/** POST /sourceTemplates/{id}/upgrade: {schemaRef {type, version}, inputJson}; selector kept. */
export function parseTemplateUpgrade(
  value: unknown,
  currentType: string,
): { version: string; inputJson: Json } {
  const input = body(value);
  const ref = schemaRefOf(input);
  const type = sameType(ref, currentType);
  if (isAbsent(ref.version) || ref.version === "") missing("schemaRef.version");
  return { version: checkVersion(type, ref.version), inputJson: inputJsonOf(input) };
}

/** PUT /sourceTemplates/{id}/status: {status: "enable" | "disable"}. */
export function parseTemplateStatus(value: unknown): boolean {
  const read = readFields(body(value), { status: oneOf("enable", "disable") }, ["status"]);
  return read.status === "enable";
}

export interface ImpactRequest {
  collectorId: string;
  tags?: Record<string, string>;
  updatedName?: string;
}

/** POST /sourceTemplates/getLinkedSourceTemplatesImpact. */
export function parseImpact(value: unknown): ImpactRequest {
  const read = readFields(
    body(value),
    { collectorId: str, tags: tagMap, updatedName: common.namedName },
    ["collectorId"],
  );
  return read as unknown as ImpactRequest;
}
