import { createHash } from "node:crypto";
import { fail } from "../errors";

/**
 * The entity tag: a quoted 32-hex string (the live format), derived from the entity's kind, id
 * and modification counter, so it changes with every modification and survives a restart.
 */
export function etagOf(kind: string, id: number, version: number): string {
  return `"${createHash("md5").update(`${kind}:${id}:${version}`).digest("hex")}"`;
}

/**
 * Checks If-Match against the current tag: missing → 403, unquoted → 400, stale → 412.
 * `*` and comma-separated lists are accepted as in HTTP.
 */
export function checkIfMatch(header: string | string[] | undefined, current: string): void {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value === undefined || value.trim() === "") fail("ifMatchMissing");
  const tags = value.split(",").map((t) => t.trim());
  if (tags.includes("*")) return;
  for (const tag of tags) {
    if (!/^(W\/)?".*"$/.test(tag)) fail("ifMatchNotQuoted");
  }
  if (!tags.includes(current)) fail("etagMismatch");
}

/**
 * If-Match where it is optional (PUT /otCollectors, as the Terraform provider sends it from a
 * GET but the spec does not require it): absent → accepted; otherwise as checkIfMatch.
 */
export function checkOptionalIfMatch(header: string | string[] | undefined, current: string): void {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value === undefined || value.trim() === "") return;
  checkIfMatch(value, current);
}
