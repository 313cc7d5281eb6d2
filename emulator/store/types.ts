/** What the store holds. Search jobs and sessions are deliberately not here: they live and die
 * with the process, like a live server's sessions. */
export type Kind = "collector" | "source" | "upgrade" | "otCollector" | "sourceTemplate";

/**
 * One stored entity. `account` scopes it; `parent` is the owning collector for sources and
 * upgrade tasks (null for collectors, OT collectors and source templates); `name` is indexed for
 * the uniqueness rules.
 */
export interface StoredRecord<D = unknown> {
  kind: Kind;
  id: number;
  account: string;
  parent: number | null;
  name: string | null;
  doc: D;
}

/**
 * The storage backends' common interface (memory and on-disk SQLite). Synchronous on purpose:
 * Node runs one handler at a time, so a handler's check-then-write (name uniqueness, ETag
 * comparison) cannot interleave with another request's, and an acknowledged write has been
 * committed before the response is sent.
 */
export interface Store {
  get<D>(kind: Kind, id: number): StoredRecord<D> | undefined;
  /** The record with this name among the account's (and parent's) records of a kind. */
  findByName<D>(
    kind: Kind,
    account: string,
    parent: number | null,
    name: string,
  ): StoredRecord<D> | undefined;
  /** Records of a kind owned by an account (and parent when given), in id order. */
  list<D>(kind: Kind, account: string, parent?: number | null): StoredRecord<D>[];
  /** Every record of a kind, in id order (for rebuilding timers after a restart). */
  all<D>(kind: Kind): StoredRecord<D>[];
  /** Inserts or replaces the record with this kind and id. */
  put<D>(record: StoredRecord<D>): void;
  delete(kind: Kind, id: number): void;
  /** A fresh id for a kind; ids are never reused, not even after reset. */
  nextId(kind: Kind): number;
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  /** Runs fn so that all of its writes are committed together or not at all. */
  transaction<T>(fn: () => T): T;
  /** Removes every record (meta such as id sequences and the clock stay). */
  clear(): void;
  close(): void;
}

/** Where each kind's ids start, so that ids of different kinds never collide in tests. */
export const ID_BASE: Record<Kind, number> = {
  collector: 100_000_000,
  source: 200_000_000,
  upgrade: 300_000_000,
  otCollector: 400_000_000,
  sourceTemplate: 500_000_000,
};
