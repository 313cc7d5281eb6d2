import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "../../../emulator/store/memory";
import { SqliteStore } from "../../../emulator/store/sqlite";
import type { Store, StoredRecord } from "../../../emulator/store/types";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "emu-store-"));
  dirs.push(dir);
  return dir;
}

const BACKENDS: { name: string; open: () => Store }[] = [
  { name: "memory", open: () => new MemoryStore() },
  { name: "sqlite", open: () => new SqliteStore(tempDir()) },
];

function collector(
  id: number,
  name: string,
  account = "acme",
): StoredRecord<{ id: number; name: string }> {
  return { kind: "collector", id, account, parent: null, name, doc: { id, name } };
}

describe.each(BACKENDS)("$name store", ({ open }) => {
  it("puts, gets, renames and deletes, keeping the name index right", () => {
    const store = open();
    store.put(collector(1, "a"));
    expect(store.get("collector", 1)?.doc).toEqual({ id: 1, name: "a" });
    expect(store.findByName("collector", "acme", null, "a")?.id).toBe(1);
    store.put(collector(1, "b"));
    expect(store.findByName("collector", "acme", null, "a")).toBeUndefined();
    expect(store.findByName("collector", "acme", null, "b")?.id).toBe(1);
    expect(store.findByName("collector", "other", null, "b")).toBeUndefined();
    store.delete("collector", 1);
    expect(store.get("collector", 1)).toBeUndefined();
    expect(store.findByName("collector", "acme", null, "b")).toBeUndefined();
    store.close();
  });

  it("lists by account and by parent in id order", () => {
    const store = open();
    store.put(collector(3, "c"));
    store.put(collector(1, "a"));
    store.put(collector(2, "b", "other"));
    for (const [id, parent] of [
      [11, 1],
      [10, 1],
      [12, 3],
    ] as const) {
      store.put({ kind: "source", id, account: "acme", parent, name: `s${id}`, doc: {} });
    }
    expect(store.list("collector", "acme").map((r) => r.id)).toEqual([1, 3]);
    expect(store.list("source", "acme", 1).map((r) => r.id)).toEqual([10, 11]);
    expect(store.all("source").map((r) => r.id)).toEqual([10, 11, 12]);
    store.close();
  });

  it("hands out copies, so mutating what was read changes nothing stored", () => {
    const store = open();
    const record = collector(1, "a");
    store.put(record);
    record.doc.name = "changed after put";
    const read = store.get<{ name: string }>("collector", 1);
    if (read) read.doc.name = "changed after get";
    expect(store.get<{ name: string }>("collector", 1)?.doc.name).toBe("a");
    store.close();
  });

  it("never reuses ids, not even after clear, and keeps meta across clear", () => {
    const store = open();
    const first = store.nextId("collector");
    expect(store.nextId("collector")).toBe(first + 1);
    expect(store.nextId("source")).not.toBe(first);
    store.setMeta("k", "v");
    store.clear();
    expect(store.nextId("collector")).toBe(first + 2);
    expect(store.getMeta("k")).toBe("v");
    store.close();
  });
});

describe("sqlite store on disk", () => {
  it("keeps records, ids and meta across a reopen", () => {
    const dir = tempDir();
    const store = new SqliteStore(dir);
    store.put(collector(store.nextId("collector"), "kept"));
    store.setMeta("clock.offsetMs", "42");
    store.close();
    const again = new SqliteStore(dir);
    expect(again.findByName("collector", "acme", null, "kept")).toBeDefined();
    expect(again.getMeta("clock.offsetMs")).toBe("42");
    expect(again.nextId("collector")).toBe(100_000_002);
    again.close();
  });

  it("rolls a failed transaction back entirely", () => {
    const store = new SqliteStore(tempDir());
    store.put(collector(1, "a"));
    expect(() =>
      store.transaction(() => {
        store.delete("collector", 1);
        store.put(collector(2, "b"));
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(store.get("collector", 1)).toBeDefined();
    expect(store.get("collector", 2)).toBeUndefined();
    store.close();
  });
});
