import { createHash } from "node:crypto";
import { fail } from "../errors";

/**
 * The OpenTelemetry APIs show ids as 16 upper-case hex digits ("00000000075BCD15"), where the
 * Collector Management API shows numbers; both come from the store's numeric ids.
 */
export function hexId(id: number): string {
  return id.toString(16).toUpperCase().padStart(16, "0");
}

/**
 * A hex id from a path, query or body: 1 to 16 hex digits in either case (a client that
 * lower-cases it still finds the entity); anything else is a 400 naming `what`, never a lookup.
 */
export function parseHexId(value: unknown, what: string): number {
  const id =
    typeof value === "string" && /^[0-9A-Fa-f]{1,16}$/.test(value)
      ? Number.parseInt(value, 16)
      : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    fail(
      "fieldInvalid",
      `The ${what} must be 16 hexadecimal digits such as "00000000075BCD15", got ${JSON.stringify(String(value).slice(0, 40))}.`,
    );
  }
  return id;
}

/**
 * The user id shown in createdBy/modifiedBy: derived from the access id (the emulator has no
 * user ids of its own), so that it is stable across restarts and never reveals the access key.
 */
export function userIdOf(accessId: string): string {
  return createHash("sha256").update(accessId).digest("hex").slice(0, 16).toUpperCase();
}

/** Who "made" what the control API registers: the collector itself, not a user. */
export const SYSTEM_USER_ID = "0000000000000000";

/** A virtual-clock time as the RFC 3339 string these APIs use. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString();
}
