// Pulumi-style autonaming: the logical name plus a random suffix, kept across updates; and the
// name a check settles on (given, adopted, kept from the state, or made).
import { randomBytes } from "node:crypto";
import { NAME_MAX } from "../../api";
import { isObject, isUnset, UNKNOWN } from "../kinds/fields";

const SUFFIX_LENGTH = 7;

/** `<prefix>-<7 random hex characters>`, the prefix shortened to stay within 128 characters. */
export function autoName(prefix: string): string {
  const suffix = randomBytes(4).toString("hex").slice(0, SUFFIX_LENGTH);
  return `${prefix.slice(0, NAME_MAX - SUFFIX_LENGTH - 1)}-${suffix}`;
}

/**
 * The name a resource gets: the program's; else the one it already has (olds are the previous
 * inputs; the engine passes none when it replaces the resource, so a replacement gets a fresh
 * name); else a new autoname from the logical name the resource class passes as `__autoname`.
 * Adopting by name, the name is the adopted one unless given; adopting by id, it is undefined
 * here and comes from the adopted object.
 */
export function resolveName(
  olds: Readonly<Record<string, unknown>>,
  news: Readonly<Record<string, unknown>>,
): string | undefined {
  if (!isUnset(news.name)) return news.name as string;
  if (!isUnset(news.adopt)) {
    const adopted = isObject(news.adopt) ? news.adopt.name : undefined;
    return typeof adopted === "string" && adopted !== UNKNOWN ? adopted : undefined;
  }
  if (typeof olds.name === "string" && olds.name !== UNKNOWN) return olds.name;
  if (typeof news.__autoname === "string" && news.__autoname !== UNKNOWN) {
    return autoName(news.__autoname);
  }
  return undefined;
}
