import { describe, expect, it } from "vitest";
import { Clock } from "../../../emulator/clock";
import { Scheduler } from "../../../emulator/scheduler";
import { StorageFailure } from "../../../emulator/store/errors";

describe("Clock", () => {
  it("is real time plus an offset that only grows", () => {
    let real = 1_000;
    const clock = new Clock(0, () => real);
    expect(clock.now()).toBe(1_000);
    expect(clock.advance(500)).toBe(1_500);
    real = 2_000;
    expect(clock.now()).toBe(2_500);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  });
});

describe("Scheduler", () => {
  it("fires due timers in time order, then insertion order, and leaves later ones", () => {
    const scheduler = new Scheduler();
    const fired: string[] = [];
    scheduler.on("t", (ref, at) => fired.push(`${ref}@${at}`));
    scheduler.at(30, "t", 3);
    scheduler.at(10, "t", 1);
    scheduler.at(20, "t", 2);
    scheduler.at(10, "t", 4);
    scheduler.at(99, "t", 9);
    expect(scheduler.runDue(30)).toBe(4);
    expect(fired).toEqual(["1@10", "4@10", "2@20", "3@30"]);
    expect(scheduler.size).toBe(1);
  });

  it("fires timers that handlers set, when they are due in the same run", () => {
    const scheduler = new Scheduler();
    const fired: number[] = [];
    scheduler.on("step", (ref, at) => {
      fired.push(at);
      if (ref < 3) scheduler.at(at + 5, "step", ref + 1);
    });
    scheduler.at(0, "step", 0);
    scheduler.runDue(100);
    expect(fired).toEqual([0, 5, 10, 15]);
  });

  it("orders many random timers correctly", () => {
    const scheduler = new Scheduler();
    const fired: number[] = [];
    scheduler.on("t", (_ref, at) => fired.push(at));
    const times = Array.from({ length: 500 }, (_, i) => (i * 7919) % 1000);
    for (const t of times) scheduler.at(t, "t", 0);
    scheduler.runDue(1000);
    expect(fired).toEqual([...times].sort((a, b) => a - b));
  });

  it("keeps a timer whose handler failed due, and fires it on the next run", () => {
    const scheduler = new Scheduler((error) => error instanceof StorageFailure);
    const fired: number[] = [];
    let failing = true;
    scheduler.on("t", (ref) => {
      if (failing) throw new StorageFailure("full", new Error("SQLITE_FULL"), "disk full");
      fired.push(ref);
    });
    scheduler.at(10, "t", 1);
    scheduler.at(20, "t", 2);
    expect(() => scheduler.runDue(30)).toThrow(/disk full/);
    expect(scheduler.size).toBe(2);
    failing = false;
    expect(scheduler.runDue(30)).toBe(2);
    expect(fired).toEqual([1, 2]);
  });

  it("drops a timer whose handler failed for another reason, so later runs go on", () => {
    const scheduler = new Scheduler((error) => error instanceof StorageFailure);
    const fired: number[] = [];
    scheduler.on("bad", () => {
      throw new Error("a bug");
    });
    scheduler.on("t", (ref) => fired.push(ref));
    scheduler.at(10, "bad", 1);
    scheduler.at(20, "t", 2);
    expect(() => scheduler.runDue(30)).toThrow(/a bug/);
    expect(scheduler.runDue(30)).toBe(1);
    expect(fired).toEqual([2]);
    expect(scheduler.size).toBe(0);
  });

  it("refuses a timer nobody handles rather than dropping it silently", () => {
    const scheduler = new Scheduler();
    scheduler.at(0, "nobody", 1);
    expect(() => scheduler.runDue(1)).toThrow(/no handler/);
  });
});
