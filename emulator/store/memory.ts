import { ID_BASE, type Kind, type Store, type StoredRecord } from "./types";

function ownerKey(kind: Kind, account: string, parent: number | null): string {
  return `${kind}\u0000${account}\u0000${parent ?? ""}`;
}

function nameKey(kind: Kind, account: string, parent: number | null, name: string): string {
  return `${ownerKey(kind, account, parent)}\u0000${name}`;
}

/**
 * A copy through JSON, exactly what a round trip through SQLite's text column does (undefined
 * fields vanish, no Dates or Maps survive), so both backends return the same; it is also faster
 * than structuredClone for these small documents.
 */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The in-memory backend. Documents are copied on the way in and out so that a handler mutating
 * an object it read behaves the same here as against SQLite, where reads are always copies.
 */
export class MemoryStore implements Store {
  private readonly byId = new Map<Kind, Map<number, StoredRecord>>();
  private readonly byOwner = new Map<string, Map<number, StoredRecord>>();
  private readonly byName = new Map<string, number>();
  private readonly meta = new Map<string, string>();

  get<D>(kind: Kind, id: number): StoredRecord<D> | undefined {
    const record = this.byId.get(kind)?.get(id);
    return record ? (copy(record) as StoredRecord<D>) : undefined;
  }

  findByName<D>(
    kind: Kind,
    account: string,
    parent: number | null,
    name: string,
  ): StoredRecord<D> | undefined {
    const id = this.byName.get(nameKey(kind, account, parent, name));
    return id === undefined ? undefined : this.get<D>(kind, id);
  }

  list<D>(kind: Kind, account: string, parent?: number | null): StoredRecord<D>[] {
    const records =
      parent === undefined
        ? [...(this.byId.get(kind)?.values() ?? [])].filter((r) => r.account === account)
        : [...(this.byOwner.get(ownerKey(kind, account, parent))?.values() ?? [])];
    return sortById(records).map((r) => copy(r) as StoredRecord<D>);
  }

  all<D>(kind: Kind): StoredRecord<D>[] {
    return sortById([...(this.byId.get(kind)?.values() ?? [])]).map(
      (r) => copy(r) as StoredRecord<D>,
    );
  }

  put<D>(record: StoredRecord<D>): void {
    this.delete(record.kind, record.id);
    const stored = copy(record) as StoredRecord;
    let ids = this.byId.get(record.kind);
    if (!ids) {
      ids = new Map();
      this.byId.set(record.kind, ids);
    }
    ids.set(record.id, stored);
    const owner = ownerKey(record.kind, record.account, record.parent);
    let owned = this.byOwner.get(owner);
    if (!owned) {
      owned = new Map();
      this.byOwner.set(owner, owned);
    }
    owned.set(record.id, stored);
    if (record.name !== null) {
      this.byName.set(nameKey(record.kind, record.account, record.parent, record.name), record.id);
    }
  }

  delete(kind: Kind, id: number): void {
    const record = this.byId.get(kind)?.get(id);
    if (!record) return;
    this.byId.get(kind)?.delete(id);
    const owner = ownerKey(kind, record.account, record.parent);
    const owned = this.byOwner.get(owner);
    owned?.delete(id);
    if (owned?.size === 0) this.byOwner.delete(owner);
    if (record.name !== null) {
      const key = nameKey(kind, record.account, record.parent, record.name);
      if (this.byName.get(key) === id) this.byName.delete(key);
    }
  }

  nextId(kind: Kind): number {
    const key = `seq.${kind}`;
    const next = Number(this.meta.get(key) ?? ID_BASE[kind]) + 1;
    this.meta.set(key, String(next));
    return next;
  }

  getMeta(key: string): string | undefined {
    return this.meta.get(key);
  }

  setMeta(key: string, value: string): void {
    this.meta.set(key, value);
  }

  transaction<T>(fn: () => T): T {
    // Handlers validate before they write, and nothing else runs in between (single thread).
    return fn();
  }

  clear(): void {
    this.byId.clear();
    this.byOwner.clear();
    this.byName.clear();
  }

  close(): void {}
}

function sortById<R extends { id: number }>(records: R[]): R[] {
  return records.sort((a, b) => a.id - b.id);
}
