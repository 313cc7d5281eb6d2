// The name a resource gets when the program gives none: the one its URN makes, as for the
// TypeScript classes (resources/steps/naming.ts), unless the engine's autonaming config proposes
// one.
import { nameFromUrn } from "./layer";

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
