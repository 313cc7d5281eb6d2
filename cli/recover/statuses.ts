// What the command says about one pending operation: its status, from the one table of what each
// status means and what follows from it (the report, the JSON, --run and the exit code all read
// it here), and the Finding every step fills in.
import type { EntityKind } from "../../provider/resources/kinds/kind";

interface StatusRule {
  /** What the status says, for people reading this code and the docs. */
  meaning: string;
  /** A pending create of a collectors resource (else: another operation, another provider). */
  ours: boolean;
  /** The object is on the service (`found` in the JSON). */
  found: boolean;
  /** --run records the object's id in the stack's state. */
  recorded: boolean;
  /** Left for `pulumi refresh --clear-pending-creates` to drop, as the report says. */
  cleared: boolean;
  /** Left for the user to deal with: the command exits 1. */
  open: boolean;
}

export const STATUSES = {
  import: {
    meaning: "the object is on the service; --run records its id in the stack's state",
    ours: true,
    found: true,
    recorded: true,
    cleared: false,
    open: false,
  },
  held: {
    meaning: "the object is on the service, but the stack's state already holds it",
    ours: true,
    found: true,
    recorded: false,
    cleared: true,
    open: true,
  },
  absent: {
    meaning: "the object is not on the service: the create never reached it",
    ours: true,
    found: false,
    recorded: false,
    cleared: true,
    open: true,
  },
  other: {
    meaning: "the name is taken by an object this resource cannot be (another type)",
    ours: true,
    found: false,
    recorded: false,
    cleared: true,
    open: true,
  },
  unresolved: {
    meaning:
      "the command cannot tell (name encrypted or missing, ambiguous, its URN taken, unknown kind)",
    ours: true,
    found: false,
    recorded: false,
    cleared: false,
    open: true,
  },
  settled: {
    meaning: "not a create: the next `pulumi up` settles it",
    ours: false,
    found: false,
    recorded: false,
    cleared: false,
    open: false,
  },
  ignored: {
    meaning: "a pending create of another provider's resource, not looked up",
    ours: false,
    found: false,
    recorded: false,
    cleared: false,
    open: false,
  },
} as const satisfies Record<string, StatusRule>;

export type Status = keyof typeof STATUSES;

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
  /**
   * The object on the service, to tell when two pending creates found the same one: its
   * collection and the service's id as text (a number written out, or 16 hexadecimal characters).
   */
  object?: { collection: EntityKind["collection"]; id: string } | undefined;
  status: Status;
  /** What was found and what to do, for people. Names, ids and types only: never a value. */
  note: string;
}

/** The advice for a pending create that must go rather than be imported. */
export const CLEAR_ADVICE = "`pulumi refresh --clear-pending-creates` drops it";
