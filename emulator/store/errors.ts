/** SQLite's primary result codes that mean the storage, not the request, failed. */
const FULL = new Set([13 /* SQLITE_FULL */]);
const UNAVAILABLE = new Map([
  [5, "SQLITE_BUSY"],
  [6, "SQLITE_LOCKED"],
  [7, "SQLITE_NOMEM"],
  [8, "SQLITE_READONLY"],
  [10, "SQLITE_IOERR"],
  [11, "SQLITE_CORRUPT"],
  [14, "SQLITE_CANTOPEN"],
  [15, "SQLITE_PROTOCOL"],
  [26, "SQLITE_NOTADB"],
]);

/**
 * The store could not read or write: the disk is full (`full`), or the database is locked,
 * unreadable or failing (`unavailable`). The HTTP layer answers 507 or 503 and logs `cause`.
 */
export class StorageFailure extends Error {
  constructor(
    readonly kind: "full" | "unavailable",
    override readonly cause: Error,
    readonly detail: string,
  ) {
    super(`storage ${kind === "full" ? "is full" : "failed"}: ${detail}`);
    this.name = "StorageFailure";
  }
}

/** A node:sqlite error as a StorageFailure when it is one; anything else is returned as is. */
export function asStorageFailure(error: unknown): unknown {
  const e = error as { code?: string; errcode?: number; errstr?: string; message?: string };
  if (!(error instanceof Error) || e.code !== "ERR_SQLITE_ERROR" || e.errcode === undefined)
    return error;
  const primary = e.errcode & 0xff;
  const detail = `${e.errstr ?? e.message} (SQLite result code ${e.errcode})`;
  if (FULL.has(primary)) return new StorageFailure("full", error, `SQLITE_FULL: ${detail}`);
  const name = UNAVAILABLE.get(primary);
  if (name) return new StorageFailure("unavailable", error, `${name}: ${detail}`);
  return error;
}
