// Which pending operations need an id, and how to look each one up: a pending create of a
// collectors resource (either front end) becomes a Target (its kind, name or adopted id, and a
// source's collector); every other operation is answered here without the service.
import { IdError, parseId } from "../../provider/api/ids";
import { kindNamed } from "../../provider/resources/kinds";
import type { EntityKind } from "../../provider/resources/kinds/kind";
import type { PendingOperation } from "../shared/stack-export";
import { serviceIdOf } from "./objects";
import { revealInputs } from "./secrets";
import { CLEAR_ADVICE, type Finding } from "./statuses";

/**
 * The two front ends' type tokens: the plugin's `collectors:index:<Kind>`, the TypeScript
 * classes' (dynamic provider) `pulumi-nodejs:dynamic/collectors:<Kind>`. Their ids differ: a
 * plugin source's is `<collectorId>/<sourceId>`, every other one the service's id.
 */
const FRONT_ENDS = {
  plugin: "collectors:index:",
  classes: "pulumi-nodejs:dynamic/collectors:",
} as const;

export type FrontEnd = keyof typeof FRONT_ENDS;

/** By the service's id (its text: a number written out, or 16 hexadecimal characters), or by names. */
export type Lookup = { id: string } | { names: string[] };

/** A pending create to look up on the service. */
export interface Target {
  pending: PendingOperation;
  kind: EntityKind;
  frontEnd: FrontEnd;
  /** The pending create's inputs, shown secrets unwrapped, encrypted ones left out. */
  inputs: Record<string, unknown>;
  /** The adopted object's id, or the names to try in order. */
  lookup: Lookup;
  /** A source's collector. */
  collectorId: number | undefined;
  /** An adoption was in flight rather than a create. */
  adopting: boolean;
}

/** The front end and kind name of a type token, when it is one of ours. */
export function ourType(type: string): { frontEnd: FrontEnd; kindName: string } | undefined {
  for (const [frontEnd, prefix] of Object.entries(FRONT_ENDS) as [FrontEnd, string][]) {
    if (type.startsWith(prefix)) return { frontEnd, kindName: type.slice(prefix.length) };
  }
  return undefined;
}

const SHOW_SECRETS =
  "export the state with `pulumi stack export --show-secrets` and give that " +
  "(`pulumi stack export --show-secrets | collectors recover -`)";

/** Why a pending create cannot be looked up. */
class Unresolvable extends Error {}

/** An id in a pending create's input, with `read` (IdError becomes Unresolvable). */
function idInput<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof IdError ? new Unresolvable(error.message) : error;
  }
}

function encryptedInput(encrypted: ReadonlySet<string>, key: string): void {
  if (encrypted.has(key)) {
    throw new Unresolvable(`its ${key} is encrypted in this export: ${SHOW_SECRETS}`);
  }
}

/** What an adoption names: the object's id, or its name (then the name it was to be given). */
function adoptLookup(kind: EntityKind, adopt: unknown, name: unknown): Lookup {
  const target =
    typeof adopt === "object" && adopt !== null ? (adopt as Record<string, unknown>) : {};
  if (target.id !== undefined && target.id !== null) {
    return { id: idInput(() => serviceIdOf(kind, target.id, "its adopt.id")) };
  }
  if (typeof target.name !== "string" || target.name === "") {
    throw new Unresolvable("its adopt names neither an id nor a name");
  }
  // An adoption that renames the object may have done so before it was interrupted.
  const names = [target.name];
  if (typeof name === "string" && name !== "" && name !== target.name) names.push(name);
  return { names };
}

/**
 * The name a pending create gives its object: where the kind keeps it (a source template's
 * inputJson.name), else `name`, which check copies it to as well.
 */
function nameIn(kind: EntityKind, inputs: Record<string, unknown>): string | undefined {
  for (const value of [kind.nameOf?.(inputs), inputs.name]) {
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

function target(
  pending: PendingOperation,
  kind: EntityKind,
  frontEnd: FrontEnd,
): Target | { absent: string } {
  const { inputs, encrypted } = revealInputs(pending.inputs);
  encryptedInput(encrypted, "adopt");
  const adopting = inputs.adopt !== undefined && inputs.adopt !== null;
  if (!adopting && kind.notCreatable) {
    return {
      absent: `a ${kind.kind} is adopted, never created, and its inputs hold no adopt: nothing can exist for it; ${CLEAR_ADVICE}`,
    };
  }
  let collectorId: number | undefined;
  if (kind.parent !== undefined) {
    encryptedInput(encrypted, kind.parent);
    const given = inputs[kind.parent];
    if (given === undefined || given === null) {
      throw new Unresolvable(`its inputs hold no ${kind.parent}`);
    }
    collectorId = idInput(() => parseId(given, `its ${kind.parent}`));
  }
  const name = nameIn(kind, inputs); // an encrypted name is not in `inputs`
  let lookup: Lookup;
  if (adopting) {
    lookup = adoptLookup(kind, inputs.adopt, name);
  } else {
    if (name === undefined) {
      // A kind named inside another input (a source template's inputJson.name) has it there.
      if (kind.nameOf) encryptedInput(encrypted, "inputJson");
      encryptedInput(encrypted, "name");
      throw new Unresolvable("its inputs hold no name to look it up by");
    }
    lookup = { names: [name] };
  }
  return { pending, kind, frontEnd, inputs, lookup, collectorId, adopting };
}

/** The base of a Finding: where it comes from. */
function about(pending: PendingOperation): Pick<Finding, "urn" | "type" | "operation"> {
  return { urn: pending.urn, type: pending.type, operation: pending.operation };
}

/**
 * A Target to look up for a pending create of ours; a Finding for everything this command can
 * answer without the service (other operations, other providers, unreadable inputs).
 */
export function classify(pending: PendingOperation): Target | Finding {
  if (pending.operation !== "creating") {
    // Only a pending create outlives the next update; the engine drops the others then.
    return { ...about(pending), status: "settled", note: "settled by the next pulumi up" };
  }
  const ours = ourType(pending.type);
  if (!ours) {
    return {
      ...about(pending),
      status: "ignored",
      note: "not a collectors resource: not looked up",
    };
  }
  const kind = kindNamed(ours.kindName);
  if (!kind) {
    return {
      ...about(pending),
      status: "unresolved",
      note: `${ours.kindName} is not a resource kind this version of collectors knows: upgrade the package, or look the object up yourself`,
    };
  }
  try {
    const found = target(pending, kind, ours.frontEnd);
    if ("absent" in found) return { ...about(pending), status: "absent", note: found.absent };
    return found;
  } catch (error) {
    if (!(error instanceof Unresolvable)) throw error;
    return {
      ...about(pending),
      status: "unresolved",
      note: `cannot be looked up: ${error.message}`,
    };
  }
}
