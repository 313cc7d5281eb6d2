// What one entry of the source-type table holds (SourceType), and the check, when the table
// loads, that its required fields cover the client's. Source and every typed source class are
// views of the table: adding a type is one entry in source-types.ts (or source-variants.ts) and a
// class of two lines in program/sources.ts.
//
// How a fact of the source-type sheet goes in:
// - a field, its type, allowed values and what it is (`doc`, short, with units and values; a
//   member of an object: `.describe()` on its zod schema): a spec in TYPE_FIELDS (a name means the same in every
//   type), or in the type's `own` when this type's differs (StreamingMetrics' contentType) or
//   only it has the field (a Cloud-to-Cloud `config`); `common` when the type takes only some of
//   the common fields at its top level (Universal: name; local Windows types: no hostName);
// - required, with what to give: `required` (covering the client's
//   REQUIRED_FIELDS_BY_SOURCE_TYPE, checked when the table loads: checkedTable());
// - a secret: `secret: true` (the whole value), `secretPaths` for credentials inside it
//   ("resources[].authentication.awsKey"), `secretKeys` for credential-like keys anywhere in it
//   (a Cloud-to-Cloud config); set `keepInput` where the service reads it back as it was given
//   but possibly in another form, `subset` where it reads back more (server-set members) and
//   masks secrets as ********;
// - not modifiable after create: `replace: true` (a change replaces the source), or `replaceOn`
//   for the members of a subset object that are (schemaRef.type);
// - a fixed value every source of the type carries: `fixed`; a value the service requires and
//   the sheet gives a default for: `defaults` (sent on create when unset);
// - a server-set output: `computed` for the secret ones (url, token), `outputs` for the others
//   with their shape (a Universal source's `state`);
// - a rule across fields: `refine`, skipping unknown preview values (known());
// - where the sheet is uncertain: `decision`, listed in the README.
import type { z } from "zod";
import { REQUIRED_FIELDS_BY_SOURCE_TYPE } from "../../api";
import { resourceError } from "./errors";
import type { CheckFailure, FieldSpecs, JsonObject } from "./fields";
import type { CommonFieldName, TypeFieldName } from "./source-fields";
import type { AuthType, PathType } from "./third-party";

export interface SourceType {
  /** The API's sourceType. */
  sourceType: string;
  /** The kind of collector it belongs on (the service refuses it on the other kind). */
  collector: "Installed" | "Hosted";
  /** The typed resource class of the type, if it has one: "HttpSource". */
  kind?: string;
  /** The common fields the type takes at its top level, when not all (Universal: only name). */
  common?: readonly CommonFieldName[];
  /** Own fields besides the common ones. */
  fields: readonly TypeFieldName[];
  /**
   * This type's spec of an own field where it differs from the shared one (TYPE_FIELDS): its
   * allowed values, its shape; or a field only this type has (a Cloud-to-Cloud `config`). The
   * typed class checks and types the field with it; Source keeps the shared spec.
   */
  own?: FieldSpecs;
  /**
   * Own fields that must be set, with what to give: at least the client's required fields
   * (REQUIRED_FIELDS_BY_SOURCE_TYPE) that `fixed` and `defaults` do not give; checked when the
   * table loads (checkedTable). A type may require more (RemoteWindowsPerfMon requires all five).
   */
  required: Readonly<Record<string, string>>;
  /** Values every source of the type carries, sent on create (a variant's contentType). */
  fixed?: JsonObject;
  /**
   * Values the service requires that the sheet gives a default for, sent on create when the
   * program leaves them unset (Polling scanInterval 300000, paused false, as TF does).
   */
  defaults?: JsonObject;
  /** Server-assigned secret outputs (the typed class declares them as outputs). */
  computed?: readonly ("url" | "token")[];
  /**
   * Other server-set outputs of the type, with their shape: copied from the service's object to
   * the outputs, never kept in `unmanaged` nor sent back, never compared.
   */
  outputs?: Readonly<Record<string, z.ZodType>>;
  refine?: (inputs: Readonly<Record<string, unknown>>) => CheckFailure[];
  /** A variant's thirdPartyRef: the path and authentication types its contentType allows. */
  ref?: RefOptions<PathType, AuthType>;
  /** Where the sheet is uncertain, what this package chose (the README lists them). */
  decision?: string;
}

/**
 * What a variant's thirdPartyRef allows; generic so each class keeps its own path and auth types,
 * and its type says whether a program may leave the path and authentication out.
 */
export interface RefOptions<P extends PathType, A extends AuthType, O extends boolean = boolean> {
  paths: readonly P[];
  auths: readonly A[];
  optionalParts?: O;
  replace?: boolean;
}

/**
 * A table of source types, each checked: its `required` cover the client's required fields for
 * it, each with the hint given here (the type may require more; its fixed values and defaults
 * give some). A required field without a hint, or a hint for a field the type does not have, is
 * a mistake in the table: refused when the module loads.
 */
export function checkedTable<T extends Readonly<Record<string, SourceType>>>(
  table: T,
): { readonly [Name in keyof T]: T[Name] } {
  for (const type of Object.values(table)) checkRequired(type);
  return table;
}

function checkRequired(type: SourceType): void {
  const name = type.sourceType;
  const keys = Object.hasOwn(REQUIRED_FIELDS_BY_SOURCE_TYPE, name)
    ? (REQUIRED_FIELDS_BY_SOURCE_TYPE[name] ?? [])
    : [];
  const hints: Readonly<Record<string, string | undefined>> = type.required;
  const given = { ...type.fixed, ...type.defaults };
  const missing = keys.filter((key) => hints[key] === undefined && !Object.hasOwn(given, key));
  const fields = [...type.fields, ...Object.keys(type.own ?? {})] as string[];
  const foreign = Object.keys(hints).filter((key) => !fields.includes(key));
  if (missing.length + foreign.length > 0) {
    throw resourceError("badTable", { name, missing, foreign });
  }
}
