import { MemoryStore } from "./memory";
import { SqliteStore } from "./sqlite";
import type { Store } from "./types";

export { StorageFailure } from "./errors";
export type { Kind, Store, StoredRecord } from "./types";

/** The on-disk store when a data directory is given, else the in-memory one. */
export function openStore(dataDir: string | undefined): Store {
  return dataDir ? new SqliteStore(dataDir) : new MemoryStore();
}
