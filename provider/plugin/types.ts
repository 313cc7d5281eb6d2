// Pulumi schema types from zod schemas: each field's zod schema becomes JSON Schema (zod's
// toJSONSchema, with the shapes the kinds register where zod cannot show one), then a Pulumi
// type. Objects with known members become declared object types, named after where they occur
// ("Filter", "ThirdPartyRefResource"); one whose members differ between resources gets the
// resource's name in front ("S3SourceThirdPartyRef"). A nullable value is its type (optional);
// everything else open (a free-form value) is pulumi.json#/Any.
// A credential inside an object (a field's secretPaths) is a secret member of its object type;
// the mark is part of what the type is, so a type with a secret member is never shared with a
// use of the same members that has none.
import { z } from "zod";
import { pathSteps, shapeOf } from "./layer";

export const PACKAGE = "collectors";
export const token = (name: string) => `${PACKAGE}:index:${name}`;

export type TypeSpec = {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
  oneOf?: TypeSpec[];
};

export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
}

export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

type Json = { [key: string]: unknown };

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** The mark a secret member carries in a JSON Schema until it becomes a property's `secret`. */
const SECRET_MARK = "x-collectors-secret";

/** A zod schema as JSON Schema, registered shapes in place of what zod cannot show. */
export function jsonSchemaOf(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    override: (ctx) => {
      const shape = shapeOf(ctx.zodSchema);
      if (!shape) return;
      // The registered shape is what the schema takes, in place of what zod wrote.
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      Object.assign(ctx.jsonSchema, jsonSchemaOf(shape));
    },
  }) as Json;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/** An item's name from its list's: filters → Filter, wmiQueries → WmiQuery. */
const singular = (name: string) =>
  name.endsWith("ies") ? `${name.slice(0, -3)}y` : name.replace(/s$/, "");

interface Occurrence {
  /** Where it occurs: "ThirdPartyRefResource". */
  path: string;
  /** The resource (or function) it occurs in. */
  owner: string;
  /** Its JSON Schema, as text: the same text is the same type. */
  content: string;
}

/**
 * The object types of a schema being built: first every occurrence is collected, then named
 * (types() does both passes), so a name is prefixed only where the members differ.
 */
export class TypeTable {
  readonly #occurrences: Occurrence[] = [];
  #names: Map<string, string> | undefined;
  readonly types: Record<string, ObjectTypeSpec> = {};

  /**
   * Runs `build` twice: once to see every object, once with their names. Returns what the
   * second run returned.
   */
  build<T>(run: () => T): T {
    run();
    const byPath = new Map<string, Set<string>>();
    for (const { path, content } of this.#occurrences) {
      byPath.set(path, (byPath.get(path) ?? new Set()).add(content));
    }
    this.#names = new Map();
    for (const { path, owner, content } of this.#occurrences) {
      const key = `${path}\n${content}`;
      if (this.#names.has(key)) continue;
      const shared = (byPath.get(path)?.size ?? 0) === 1;
      this.#names.set(key, shared ? path : `${owner}${path}`);
    }
    return run();
  }

  /** The Pulumi type of a JSON Schema found at `path` (a Pascal-case name) in `owner`. */
  typeOf(js: Json, path: string, owner: string): TypeSpec {
    // zod writes nullish as a `null` type or option. A Pulumi property is optional already, and
    // the SDKs give an absent one as null/None/nil: typed as the other option, not as Any
    // (which Python's SDK checks as a dict, refusing the string a nullable field holds).
    if (Array.isArray(js.type)) {
      const types = (js.type as string[]).filter((type) => type !== "null");
      const [only] = types;
      if (types.length === 1) return this.typeOf({ ...js, type: only }, path, owner);
      return this.typeOf({ anyOf: types.map((type) => ({ ...js, type })) }, path, owner);
    }
    const options = ((js.anyOf ?? js.oneOf) as Json[] | undefined)?.filter(
      (option) => option.type !== "null",
    );
    if (options) {
      const types = options.map((option) => this.typeOf(option, path, owner));
      const distinct = [...new Map(types.map((t) => [JSON.stringify(t), t])).values()];
      return distinct.length === 1 ? (distinct[0] as TypeSpec) : { oneOf: distinct };
    }
    if (js.const !== undefined)
      return primitive(typeof js.const === "number" ? "integer" : "string");
    switch (js.type) {
      case "string":
      case "boolean":
      case "integer":
        return primitive(js.type);
      case "number":
        return primitive("number");
      case "array": {
        const items = (
          js.items && js.items !== false ? js.items : (js.prefixItems as Json[])?.[0]
        ) as Json | undefined;
        return { type: "array", items: items ? this.typeOf(items, singular(path), owner) : ANY };
      }
      case "object":
        // A schema may name its type (`.meta({ title })`) where the place it occurs would give
        // it a name another type already has (a source template's `schemaRef`).
        if (js.properties) {
          const named = typeof js.title === "string" ? js.title : path;
          return { $ref: `#/types/${this.declare(js, named, owner)}` };
        }
        if (isJson(js.additionalProperties) && Object.keys(js.additionalProperties).length > 0) {
          return {
            type: "object",
            additionalProperties: this.typeOf(js.additionalProperties, path, owner),
          };
        }
        return { type: "object", additionalProperties: ANY };
      default:
        return ANY;
    }
  }

  /** The object type of `js`: its token (declared on the second pass). */
  declare(js: Json, path: string, owner: string): string {
    const properties: Record<string, PropertySpec> = {};
    for (const [key, member] of Object.entries(js.properties as Record<string, Json>)) {
      properties[key] = {
        ...described(this.typeOf(member, `${path}${pascal(key)}`, owner), member),
        ...(member[SECRET_MARK] === true ? { secret: true } : {}),
      };
    }
    const content = JSON.stringify(js);
    const name = this.#names?.get(`${path}\n${content}`);
    if (!name) {
      this.#occurrences.push({ path, owner, content });
      return token(path);
    }
    const tok = token(name);
    const required = (js.required as string[] | undefined) ?? [];
    this.types[tok] ??= {
      ...described({ type: "object" as const }, js),
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
    return tok;
  }
}

function primitive(type: "string" | "integer" | "number" | "boolean"): TypeSpec {
  return { type };
}

function isJson(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * What a JSON Schema says it is: its description, else the one its options share (zod writes a
 * `.describe()` made before `.nullish()` on the non-null option).
 */
export function descriptionOf(js: Json): string | undefined {
  if (typeof js.description === "string") return js.description;
  const options = (js.anyOf ?? js.oneOf) as Json[] | undefined;
  return options?.map(descriptionOf).find((description) => description !== undefined);
}

function described<T extends TypeSpec>(type: T, js: Json): T & { description?: string } {
  const description = descriptionOf(js);
  return description ? { ...type, description } : type;
}

/**
 * The Pulumi type of a field's zod schema (`name` names the object types in it), with the
 * schema's description when it has one; the members at `secretPaths` (see FieldSpec) secret.
 */
export function fieldType(
  table: TypeTable,
  schema: z.ZodType,
  name: string,
  owner: string,
  secretPaths: readonly string[] = [],
): PropertySpec {
  const js = jsonSchemaOf(schema);
  for (const path of secretPaths) markSecret(js, pathSteps(path));
  return described(table.typeOf(js, pascal(name), owner), js);
}

/**
 * Marks the member at `steps` of a JSON Schema secret, in every option of a union on the way
 * ("[]" is every item of an array, a tuple's included).
 */
function markSecret(js: Json, steps: readonly string[]): void {
  const options = (js.anyOf ?? js.oneOf) as Json[] | undefined;
  const [head, ...rest] = steps;
  if (head === undefined) js[SECRET_MARK] = true;
  else if (options) for (const option of options) markSecret(option, steps);
  else if (head === "[]") {
    const items = [js.items, ...((js.prefixItems as unknown[] | undefined) ?? [])];
    for (const item of items.filter(isJson)) markSecret(item, rest);
  } else {
    const member = isJson(js.properties) ? js.properties[head] : undefined;
    if (isJson(member)) markSecret(member, rest);
  }
}
