// The name a resource gets when the program gives none. The engine offers two sources: its
// random seed, which it draws afresh on every run unless an update plan carries it (so a name
// made from it differs between `preview` and `up`), and the URN, which is the same in every run
// of the stack. The name is made from the URN: what preview shows is what up creates. The
// engine's autonaming config (a proposed name) comes first when it sends one.
import { createHash } from "node:crypto";
import { NAME_MAX } from "../api";

const SUFFIX_LENGTH = 7;

/** `<logical name>-<7 hex characters of the URN's hash>`, within the service's 128 characters. */
export function nameFromUrn(urn: string): string {
  const logical = urn.slice(urn.lastIndexOf("::") + 2);
  const suffix = createHash("sha256").update(urn).digest("hex").slice(0, SUFFIX_LENGTH);
  return `${logical.slice(0, NAME_MAX - SUFFIX_LENGTH - 1)}-${suffix}`;
}

/** How the engine's autonaming config asks for a name (CheckRequest.AutonamingOptions). */
export interface Autonaming {
  proposedName: string;
  /** 0 propose, 1 enforce, 2 disable (the program must name the resource). */
  mode: number;
}

export const AUTONAMING_DISABLED = 2;

/** The default name of a new resource, or undefined when autonaming is disabled. */
export function defaultName(urn: string, autonaming: Autonaming | undefined): string | undefined {
  if (autonaming?.mode === AUTONAMING_DISABLED) return undefined;
  return autonaming?.proposedName || nameFromUrn(urn);
}
