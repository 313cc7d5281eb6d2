// What the old tool's state holds, as the migration sees it: the collectors and sources it
// manages that the new program is to take over (each with the name the program gives it and how
// the old tool names it), what is not taken and why, and what depends on them. The Terraform and
// Pulumi readers make one; reading the service, planning and the hand-off only see this.
import { IdError, parseId } from "../../provider/api/ids";

/** A collector or source the old tool manages, with its id: one for the program to take over. */
export interface Candidate {
  kind: "collector" | "source";
  /** The service's id of the object. */
  id: number;
  /** A source's collector. */
  collectorId?: number | undefined;
  /** The logical name the program asks for (made unique by the plan). */
  name: string;
  /** How the old tool names it: a Terraform address, or a Pulumi URN. */
  from: string;
}

/** Something of the old state the program does not take over: it stays the old tool's. */
export interface NotTaken {
  /** A Terraform address, a Pulumi URN, or a description. */
  what: string;
  reason: string;
}

export interface OldState {
  candidates: Candidate[];
  notTaken: NotTaken[];
  /** For each candidate's `from`, what the old tool manages that depends on it and is not taken. */
  dependents: Map<string, string[]>;
}

/**
 * The service's ids of a candidate (`collectorId` for a source), or why the state's are not
 * ones: missing (`missing`, the reader's words for it), or not ids the service can have.
 */
export function idsOf(
  kind: Candidate["kind"],
  id: unknown,
  collectorId: unknown,
  names: { collectorId: string; missing: string },
): Pick<Candidate, "id" | "collectorId"> | { reason: string } {
  const absent = (value: unknown) => value === undefined || value === null || value === "";
  if (absent(id) || (kind === "source" && absent(collectorId))) return { reason: names.missing };
  try {
    return {
      id: parseId(id, "its id"),
      collectorId: kind === "source" ? parseId(collectorId, `its ${names.collectorId}`) : undefined,
    };
  } catch (error) {
    if (error instanceof IdError) return { reason: error.message };
    throw error;
  }
}
