// The vocabulary the kind tables are written in, which every layer above reads: a field's spec
// (FieldSpec), a check failure, plain JSON, and the engine's unknown preview value.
import type { z } from "zod";

export interface FieldSpec {
  /** Validates a known value; its issues become check failures on this property. */
  schema: z.ZodType;
  /** The service's value when the field is unset: unset is equivalent to it. */
  default?: Json;
  /** The service cannot change it: a new value needs a new object. */
  replace?: boolean;
  /**
   * Keep the value the program gave instead of the service's, which may read it back in
   * another form (cutoffRelativeTime); such a field is only ever compared with what was given.
   */
  keepInput?: boolean;
  /** The service field that holds this field's value, when named differently. */
  readFrom?: string;
  /**
   * Not part of the object's body: the kind applies it in its own way after the write (an
   * Installed Collector's `version`, through an upgrade task).
   */
  notSent?: boolean;
  /** Unset means "keep the current value" rather than "back to the default" (name). */
  keepWhenUnset?: boolean;
  /** A credential: a secret input and a secret output. */
  secret?: boolean;
  /**
   * Credentials inside the value, when not the whole of it is one: paths from the value, "[]"
   * for any item, e.g. "resources[].authentication.awsKey". The plugin's schema marks these
   * leaves secret and the plugin returns each of them as a secret, the rest of the value in
   * clear; a dynamic resource class can only mark a whole output, so there the field is a
   * secret as a whole. These leaves stay out of messages.
   */
  secretPaths?: readonly string[];
  /**
   * Credentials under keys anywhere inside the value whose name matches (a Cloud-to-Cloud
   * `config`, whose keys differ by integration). As for secretPaths, except that the schema
   * cannot name them: the plugin finds them in each value.
   */
  secretKeys?: RegExp;
  /**
   * An object whose members are top-level fields of the service's object (Source's
   * `passthrough`): sent spread out, read back member by member.
   */
  spread?: boolean;
  /**
   * An object the service reads back with more in it than the program gave (server-set members
   * such as a Cloud-to-Cloud `schemaRef.version` or `config.name`, an S3 path's
   * `snsTopicOrSubscriptionArn`) and with its secrets masked as `********`: it is shown and
   * compared only in the members the program gave, with the program's value wherever the service
   * shows the mask (so a masked secret is never a diff, and never replaces the real value).
   */
  subset?: boolean;
  /** Members of a `subset` object whose change needs a new object (`schemaRef.type`). */
  replaceOn?: readonly string[];
  /**
   * Members of a `subset` object compared only with what the program gave (`schemaRef.version`:
   * "latest" asks for an upgrade, and the service then shows the version it upgraded to).
   */
  keepMembers?: readonly string[];
  /**
   * What the field is, in one line: the package schema's description of it (the SDKs' docs) and
   * the reference page's. Without one, its zod schema's `.describe()` is used (a shared piece
   * such as `adopt`), else the service's schema's description of the field (api/schemas).
   */
  doc?: string;
}

/**
 * Keys that name a credential in a free-form object whose keys differ from value to value (a
 * Cloud-to-Cloud source's `config`, a source template's `inputJson`): a rule of thumb, as the
 * vendor documents no list of them. A FieldSpec's `secretKeys`.
 */
export const CREDENTIAL_KEY = /key|secret|token|password|credentials/i;

/** What a service shows in place of a secret it never returns. */
export const MASK = "********";

export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

export interface CheckFailure {
  property: string;
  reason: string;
}

/** Unset in a program: absent, undefined or null. */
export function isUnset(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/** Whether a field holds a credential anywhere: the resource class makes it a secret. */
export function holdsSecret(spec: FieldSpec): boolean {
  return Boolean(isWholeSecret(spec) || spec.secretPaths?.length || spec.secretKeys);
}

/**
 * Whether a field is a credential as a whole: a secret, or a pass-through whose members may be
 * credentials under any name.
 */
export function isWholeSecret(spec: Pick<FieldSpec, "secret" | "spread">): boolean {
  return Boolean(spec.secret || spec.spread);
}

/** A secretPaths entry as its steps: "resources[].authentication.awsKey" → resources, [], … */
export function pathSteps(path: string): string[] {
  return path.split(/\.|(?=\[\])/);
}

// Outputs must be plain JSON: no undefined (even nested), no bigint, no Date, no functions.
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// During preview, inputs that depend on resources not yet created reach check and diff as this
// sentinel string (the engine's marker for an unknown value). Validation must let it through.
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when the value is, or contains anywhere inside it, an unknown preview value. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") {
    return Object.values(value).some(containsUnknown);
  }
  return false;
}
