import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { asStorageFailure } from "./errors";
import { ID_BASE, type Kind, type Store, type StoredRecord } from "./types";

/**
 * node:sqlite prints an ExperimentalWarning when first loaded; the emulator's users did not ask
 * for SQLite by name and should not see it, so only that one warning is muted while loading.
 */
function loadSqlite(): typeof import("node:sqlite") {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (text.includes("SQLite is an experimental feature")) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return require("node:sqlite") as typeof import("node:sqlite");
  } finally {
    process.emitWarning = emit;
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS records (
  kind TEXT NOT NULL,
  id INTEGER NOT NULL,
  account TEXT NOT NULL,
  parent INTEGER,
  name TEXT,
  doc TEXT NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE INDEX IF NOT EXISTS records_by_owner ON records (kind, account, parent, id);
CREATE INDEX IF NOT EXISTS records_by_name ON records (kind, account, parent, name);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

interface Row {
  kind: string;
  id: number;
  account: string;
  parent: number | null;
  name: string | null;
  doc: string;
}

function toRecord<D>(row: unknown): StoredRecord<D> {
  const r = row as Row;
  return {
    kind: r.kind as Kind,
    id: Number(r.id),
    account: r.account,
    parent: r.parent === null ? null : Number(r.parent),
    name: r.name,
    doc: JSON.parse(r.doc) as D,
  };
}

/**
 * The on-disk backend: one SQLite file in WAL mode with synchronous=FULL, so a transaction is on
 * disk when COMMIT returns and a crash mid-write leaves the previous committed state intact.
 * Every write runs inside a transaction, and the handler answers only after it returns.
 */
export class SqliteStore implements Store {
  private readonly db: DatabaseSync;
  private readonly statements: Record<string, StatementSync>;
  private depth = 0;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    const { DatabaseSync } = loadSqlite();
    this.db = new DatabaseSync(join(dataDir, "collectors-emulator.sqlite"));
    this.db.exec(
      "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;",
    );
    this.db.exec(SCHEMA);
    const prepare = (sql: string) => this.db.prepare(sql);
    this.statements = {
      get: prepare("SELECT * FROM records WHERE kind = ? AND id = ?"),
      byName: prepare(
        "SELECT * FROM records WHERE kind = ? AND account = ? AND parent IS ? AND name = ? LIMIT 1",
      ),
      byAccount: prepare("SELECT * FROM records WHERE kind = ? AND account = ? ORDER BY id"),
      byOwner: prepare(
        "SELECT * FROM records WHERE kind = ? AND account = ? AND parent IS ? ORDER BY id",
      ),
      all: prepare("SELECT * FROM records WHERE kind = ? ORDER BY id"),
      put: prepare(
        "INSERT OR REPLACE INTO records (kind, id, account, parent, name, doc) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      delete: prepare("DELETE FROM records WHERE kind = ? AND id = ?"),
      getMeta: prepare("SELECT value FROM meta WHERE key = ?"),
      setMeta: prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)"),
      clear: prepare("DELETE FROM records"),
    };
  }

  /** Runs one SQLite call, turning a storage failure into a StorageFailure (503/507). */
  private guard<T>(call: () => T): T {
    try {
      return call();
    } catch (error) {
      throw asStorageFailure(error);
    }
  }

  private run(name: string, ...params: (string | number | null)[]) {
    return this.guard(() => (this.statements[name] as StatementSync).run(...params));
  }

  private one(name: string, ...params: (string | number | null)[]): unknown {
    return this.guard(() => (this.statements[name] as StatementSync).get(...params));
  }

  private many(name: string, ...params: (string | number | null)[]): unknown[] {
    return this.guard(() => (this.statements[name] as StatementSync).all(...params));
  }

  /**
   * Caps the database at `pages` pages (PRAGMA max_page_count; null lifts the cap), so that a
   * test can fill a real database on disk and see SQLITE_FULL. Returns the pages in use now.
   */
  limitPages(pages: number | null): number {
    const limit = pages ?? 1_073_741_823; // SQLite's default maximum
    this.db.exec(`PRAGMA max_page_count = ${Math.floor(limit)}`);
    return Number(
      (this.db.prepare("PRAGMA page_count").get() as { page_count: number }).page_count,
    );
  }

  get<D>(kind: Kind, id: number): StoredRecord<D> | undefined {
    const row = this.one("get", kind, id);
    return row ? toRecord<D>(row) : undefined;
  }

  findByName<D>(
    kind: Kind,
    account: string,
    parent: number | null,
    name: string,
  ): StoredRecord<D> | undefined {
    const row = this.one("byName", kind, account, parent, name);
    return row ? toRecord<D>(row) : undefined;
  }

  list<D>(kind: Kind, account: string, parent?: number | null): StoredRecord<D>[] {
    const rows =
      parent === undefined
        ? this.many("byAccount", kind, account)
        : this.many("byOwner", kind, account, parent);
    return rows.map((row) => toRecord<D>(row));
  }

  all<D>(kind: Kind): StoredRecord<D>[] {
    return this.many("all", kind).map((row) => toRecord<D>(row));
  }

  put<D>(record: StoredRecord<D>): void {
    this.transaction(() =>
      this.run(
        "put",
        record.kind,
        record.id,
        record.account,
        record.parent,
        record.name,
        JSON.stringify(record.doc),
      ),
    );
  }

  delete(kind: Kind, id: number): void {
    this.transaction(() => this.run("delete", kind, id));
  }

  nextId(kind: Kind): number {
    return this.transaction(() => {
      const key = `seq.${kind}`;
      const next = Number(this.getMeta(key) ?? ID_BASE[kind]) + 1;
      this.setMeta(key, String(next));
      return next;
    });
  }

  getMeta(key: string): string | undefined {
    const row = this.one("getMeta", key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.transaction(() => this.run("setMeta", key, value));
  }

  transaction<T>(fn: () => T): T {
    if (this.depth > 0) {
      this.depth++;
      try {
        return fn();
      } finally {
        this.depth--;
      }
    }
    this.guard(() => this.db.exec("BEGIN IMMEDIATE"));
    this.depth = 1;
    try {
      const result = fn();
      this.guard(() => this.db.exec("COMMIT"));
      return result;
    } catch (error) {
      this.rollback();
      throw error;
    } finally {
      this.depth = 0;
    }
  }

  /**
   * SQLite rolls a transaction back by itself on some failures (SQLITE_FULL, SQLITE_IOERR,
   * SQLITE_NOMEM, SQLITE_BUSY): a ROLLBACK then throws "no transaction is active", which would
   * replace the real cause. Roll back only what is still open, and never hide the first error.
   */
  private rollback(): void {
    if (!this.db.isTransaction) return;
    try {
      this.db.exec("ROLLBACK");
    } catch (error) {
      console.error("collectors emulator: ROLLBACK failed after a failed write:", error);
    }
  }

  clear(): void {
    this.transaction(() => this.run("clear"));
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
