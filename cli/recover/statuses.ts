// What the command says about one pending operation: the shape every step fills in and the
// report prints.

/**
 * import: the object is on the service, its id recorded in the state by --run;
 * held: it is, but the state already holds it under another resource;
 * absent: it is not on the service (the create never reached it);
 * other: the name is taken by an object this resource cannot be (another type);
 * unresolved: the command cannot tell (name encrypted or missing, ambiguous, its URN taken,
 *   unknown kind);
 * settled: not a create, the next `pulumi up` settles it;
 * ignored: a pending create of another provider's resource, not looked up.
 */
export type Status = "import" | "held" | "absent" | "other" | "unresolved" | "settled" | "ignored";

export interface Finding {
  urn: string;
  /** The resource's type token. */
  type: string;
  /** The pending operation: creating, updating, ... */
  operation: string;
  /** The object's name: the one looked up, or the found object's. */
  name?: string | undefined;
  /** A source's collector. */
  collectorId?: number | undefined;
  /** The resource's id for the object found, in its front end's form (plugin: `<c>/<s>`). */
  id?: string | undefined;
  /** The object on the service, to tell when two pending creates found the same one. */
  object?: { collection: "collectors" | "sources"; id: number } | undefined;
  status: Status;
  /** What was found and what to do, for people. Names, ids and types only: never a value. */
  note: string;
}

/** The URN's logical name (the part after the type; it may itself hold "::"). */
export function logicalName(urn: string): string {
  return urn.split("::").slice(3).join("::") || urn;
}

/** Whether the object is there (offered or already in the state). */
export function wasFound(finding: Finding): boolean {
  return finding.status === "import" || finding.status === "held";
}

/** The advice for a pending create that must go rather than be imported. */
export const CLEAR_ADVICE = "`pulumi refresh --clear-pending-creates` drops it";
