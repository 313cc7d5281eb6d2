// What the service does with a field it sets itself when a client sends it back
// (docs/reference/local-service.md, "Server-set fields"): it keeps its own value. Clients no one here
// wrote send these fields all the time: the vendor's scripts PUT back an object exactly as they
// read it, and typed clients send their language's empty value for a field they never set (the
// reference Terraform provider's `{"isSuccess": false, "arn": ""}`). Only a real change of a
// field the spec or the fact sheet calls not modifiable is refused, and only on update: a create
// changes nothing the service holds.
import { isDeepStrictEqual } from "node:util";
import { invalid, isAbsent, isObject } from "./values";

/** What an update may do with a server-set field a client sends. */
export type OnUpdate =
  /** The service ignores the sent value, whatever it is (transient, or not documented as fixed). */
  | "ignored"
  /** The sent value must be the one the service shows, an empty one, or absent (spec, sheet 8). */
  | "notModifiable";

/**
 * A client's "none": "", 0, false, an empty array or object, or an object of such values
 * (`{"isSuccess": false, "arn": ""}`) — what a typed client sends for a field it never set.
 */
export function isPlaceholder(value: unknown): boolean {
  if (isAbsent(value) || value === "" || value === 0 || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.values(value).every(isPlaceholder);
}

/**
 * Checks a server-set value sent in an update against the one the service shows (`shown`,
 * undefined where this object has none: a Hosted collector's osName). Absent, empty or equal is
 * no change; a different value of a not-modifiable field is refused, naming the field and the
 * fix; anything else is the caller's to drop.
 */
export function checkSent(
  sent: unknown,
  shown: unknown,
  onUpdate: OnUpdate,
  path: string,
  fix = "send back the value it shows, or leave it out",
): void {
  if (onUpdate === "ignored" || shown === undefined || isPlaceholder(sent)) return;
  if (isDeepStrictEqual(sent, shown)) return;
  invalid(path, `is set by the service and not modifiable: ${fix}`);
}
