// Issue 9: when the on-disk store fails, the service answers 507 (disk full) or 503 (database
// locked or failing) with the error envelope and logs the real cause, instead of a 500 "please
// report it" whose cause a failed ROLLBACK had replaced. The failures are real: a database
// capped with PRAGMA max_page_count fills up (SQLITE_FULL), and a second connection holding an
// exclusive lock makes writes time out (SQLITE_BUSY).
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { SqliteStore } from "../../emulator/store/sqlite";
import { expectError, expectOk } from "../helpers/envelope";
import { createHosted, hostedBody, useEmulator } from "./harness";

describe("storage failures (disk store)", () => {
  const ctx = useEmulator({ name: "disk" });
  const store = () => ctx.emu.app.emulator.store as SqliteStore;
  let errors: MockInstance<typeof console.error> | undefined;

  afterEach(() => {
    store().limitPages(null);
    errors?.mockRestore();
  });

  it("answers 507 with the envelope when the disk is full, and logs SQLite's cause", async () => {
    const kept = await createHosted(ctx.api, "before-full");
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    store().limitPages(store().limitPages(null));
    const res = await ctx.api.post(
      "/collectors",
      hostedBody("too-big", { category: "x".repeat(200_000) }),
    );
    expectError(res, 507, "storage.full");
    expect(res.json.message).not.toMatch(/please report/);
    const logged = (errors?.mock.calls ?? []).map((args) => args.map(String).join(" ")).join("\n");
    expect(logged).toMatch(/SQLITE_FULL: database or disk is full/);
    expect(logged).not.toMatch(/cannot rollback/);
    // nothing half-written, and reads still work
    const list = expectOk(await ctx.api.get("/collectors")).collectors;
    expect(list.map((c: { id: number }) => c.id)).toEqual([kept.id]);
    // once there is room again, the same write succeeds
    store().limitPages(null);
    expectOk(
      await ctx.api.post("/collectors", hostedBody("too-big", { category: "x".repeat(200_000) })),
      201,
    );
  });

  it("answers 503 with the envelope when the database stays locked", async () => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { DatabaseSync: Sqlite } = (await import("node:sqlite")) as {
      DatabaseSync: typeof DatabaseSync;
    };
    const other = new Sqlite(join(ctx.dataDir as string, "collectors-emulator.sqlite"));
    try {
      other.exec("BEGIN EXCLUSIVE");
      // the service waits for its busy timeout (5 s), then gives up
      const res = await ctx.api.post("/collectors", hostedBody("locked-out"), {
        timeoutMs: 20_000,
      });
      expectError(res, 503, "service.unavailable");
      expect(res.json.message).toMatch(/SQLITE_BUSY/);
      // a clock advance that cannot be stored leaves the clock where it was
      const before = (await ctx.control.call("/clock")).json.offsetMs;
      const advance = await ctx.control.call("/clock", {
        method: "POST",
        body: { advanceMs: 3_600_000 },
        timeoutMs: 20_000,
      });
      expectError(advance, 503, "service.unavailable");
      expect((await ctx.control.call("/clock")).json.offsetMs).toBe(before);
      other.exec("ROLLBACK");
    } finally {
      other.close();
    }
    const logged = (errors?.mock.calls ?? []).map((args) => args.map(String).join(" ")).join("\n");
    expect(logged).toMatch(/storage failure on POST \/api\/v1\/collectors: SQLITE_BUSY/);
    expectOk(await ctx.api.post("/collectors", hostedBody("locked-out")), 201);
  });
});
