// Path segments: collector names for get-by-name (the spec's three rules) and numeric ids.
import { InputError } from "./errors";
import { OT_ID_PATTERN } from "./schemas/ot-collector";

// Spec 4.1 (docs/reference/service/collector-management-api.md): unsupported in a name look-up, even URL-encoded.
const REFUSED_IN_NAME = /[;/%\\]/;

/** Whether a collector can be looked up by this name (it has none of ; / % \). */
export function isNameLookupSupported(name: string): boolean {
  return name.length > 0 && !REFUSED_IN_NAME.test(name);
}

/**
 * The path of GET /collectors/name/{name}: URL-encoded (a space becomes %20) and with a
 * trailing "/" when the name has a period. Refuses ; / % \ before any request is made.
 */
export function collectorNamePath(name: string): string {
  if (typeof name !== "string" || name.length === 0) {
    throw new InputError("name", "a collector name must be a non-empty string");
  }
  const refused = REFUSED_IN_NAME.exec(name);
  if (refused) {
    throw new InputError(
      "name",
      `collector name ${JSON.stringify(name)} contains ${JSON.stringify(refused[0])}: the service ` +
        `cannot look up names with ; / % or \\ (not even URL-encoded); use findByName(), which ` +
        `scans the list, or get(id)`,
    );
  }
  const encoded = encodeURIComponent(name);
  return `/collectors/name/${encoded}${name.includes(".") ? "/" : ""}`;
}

/** An integer id as a path segment; refuses anything else so nothing can escape the path. */
export function idSegment(value: number | string, field: string): string {
  const text = typeof value === "number" ? String(value) : value;
  const ok =
    typeof value === "number"
      ? Number.isSafeInteger(value) && value >= 0
      : typeof value === "string" && /^\d+$/.test(value);
  if (!ok) {
    throw new InputError(
      field,
      `${field} must be a non-negative integer, got ${JSON.stringify(value)}`,
    );
  }
  return text;
}

/** An opaque token id (upgrade task, search job) as a path segment. */
export function tokenSegment(value: number | string, field: string): string {
  const text = String(value);
  if (!/^[A-Za-z0-9_.-]+$/.test(text) || text === "." || text === "..") {
    throw new InputError(field, `${field} is not a valid id: ${JSON.stringify(value)}`);
  }
  return text;
}

/**
 * An OT collector's or a source template's id as a path segment: 16 hexadecimal digits, as the
 * service gives them (e.g. 0000000005F5E105); refuses anything else before any request.
 */
export function hexIdSegment(value: unknown, field: string): string {
  if (typeof value !== "string" || !OT_ID_PATTERN.test(value)) {
    throw new InputError(
      field,
      `${field} must be the service's id of 16 hexadecimal digits (e.g. "0000000005F5E105"), ` +
        `got ${JSON.stringify(value)}; list or find the object by name to learn its id`,
    );
  }
  return value;
}
