import { fail } from "../errors";
import type { CollectorDoc, CollectorRecord } from "../model/collector";
import type { SourceDoc } from "../model/source";
import type { State } from "../state";
import type { Store } from "../store";

/** Stores a collector, indexing its name for the per-account uniqueness rule. */
export function saveCollector(store: Store, account: string, doc: CollectorDoc): void {
  store.put<CollectorDoc>({
    kind: "collector",
    id: doc.id,
    account,
    parent: null,
    name: doc.name,
    doc,
  });
}

/** The account's collector with this id, or 404 InvalidCollector (other accounts' ids too). */
export function requireCollector(state: State, account: string, id: number): CollectorRecord {
  const record = state.store.get<CollectorDoc>("collector", id);
  if (!record || record.account !== account) {
    fail("invalidCollector", `The Collector ID is invalid: no collector ${id} in this account.`);
  }
  return record;
}

/**
 * Names are unique among an account's collectors, and among a collector's sources (`parent`);
 * `self` is the entity being renamed, which may keep its own name.
 */
export function ensureUniqueName(
  store: Store,
  kind: "collector" | "source",
  account: string,
  parent: number | null,
  name: string,
  self?: number,
): void {
  const other = store.findByName(kind, account, parent, name);
  if (other && other.id !== self) {
    const owner = parent === null ? "" : ` of collector ${parent}`;
    fail(
      "duplicateName",
      `A resource with the same name exists: ${kind} ${other.id}${owner} is named "${name}".`,
    );
  }
}

/** Deletes a collector and its sources together. */
export function removeCollector(store: Store, record: CollectorRecord): void {
  store.transaction(() => {
    for (const source of store.list<SourceDoc>("source", record.account, record.id)) {
      store.delete("source", source.id);
    }
    store.delete("collector", record.id);
  });
}
