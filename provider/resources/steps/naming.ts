// The name a resource gets when the program gives none, and the name a check settles on (given,
// adopted, kept from the state, or made). Both front ends make it from the resource's URN, which
// is the same in every run of the stack: the name `preview` shows is the one `up` creates, and a
// run that retries an interrupted create asks for the same name, so the object the interrupted
// run made is recognised as this resource's own (create.ts) instead of duplicated. (The engine's
// random seed would give a new name on every run unless an update plan carries it.)
import { createHash } from "node:crypto";
import { NAME_MAX } from "../../api";
import { isObject, isUnset, UNKNOWN } from "../kinds/fields";
import type { Inputs } from "../kinds/kind";
import { logicalNameOf } from "./urn";

const SUFFIX_LENGTH = 7;

/** `<logical name>-<7 hex characters of the URN's hash>`, within the service's 128 characters. */
export function nameFromUrn(urn: string): string {
  const logical = logicalNameOf(urn);
  const suffix = createHash("sha256").update(urn).digest("hex").slice(0, SUFFIX_LENGTH);
  return `${logical.slice(0, NAME_MAX - SUFFIX_LENGTH - 1)}-${suffix}`;
}

/** The URN a resource class passes as the hidden input `__urn`, when known. */
function urnIn(inputs: Readonly<Record<string, unknown>>): string | undefined {
  const urn = inputs.__urn;
  return typeof urn === "string" && urn !== UNKNOWN ? urn : undefined;
}

/**
 * Whether `inputs` name the object with the name this resource's URN makes: the name no other
 * resource asks for, so an object holding it was made by an earlier create of this resource.
 */
export function namedFromUrn(inputs: Inputs): boolean {
  const urn = urnIn(inputs);
  return urn !== undefined && inputs.name === nameFromUrn(urn);
}

/**
 * The name a resource gets: the program's; else the one it already has (olds are the previous
 * inputs; the engine passes none when it replaces the resource); else the one its URN makes, for
 * a resource class that marks it as unnamed with `__autoname`. Adopting by name, the name is the
 * adopted one unless given; adopting by id, it is undefined here and comes from the adopted
 * object.
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
  if (isUnset(news.__autoname)) return undefined;
  // Unknown while the URN is (in a preview), so shown as computed.
  if (news.__urn === UNKNOWN) return UNKNOWN;
  const urn = urnIn(news);
  return urn === undefined ? undefined : nameFromUrn(urn);
}

/**
 * The name a replacement of the resource would ask for: the program's, or (unnamed) the one its
 * URN makes. When it is the old object's, the old one must go first, names being unique.
 */
export function replacementName(news: Readonly<Record<string, unknown>>): unknown {
  if (isUnset(news.__autoname)) return news.name;
  const urn = urnIn(news);
  return urn === undefined ? news.name : nameFromUrn(urn);
}
