// The one poll loop (provider/api/poll.ts): check, pause, check again, until a check says done,
// the deadline passes or the signal aborts; pauses scaled by the time scale, the deadline not.
import { describe, expect, it } from "vitest";
import { poll } from "../../provider/api/poll";

/** A check that says done on its nth call, counting its calls and when they were made. */
function doneOn(n: number) {
  const times: number[] = [];
  const check = async () => {
    times.push(performance.now());
    return times.length >= n;
  };
  return { check, times };
}

describe("poll", () => {
  it("checks until a check says done, pausing between checks, and says how long it took", async () => {
    const { check, times } = doneOn(3);
    const end = await poll(check, { everyMs: 20 });
    expect(end.done).toBe(true);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(19);
    }
    expect(end.elapsedMs).toBeGreaterThanOrEqual(38);
  });

  it("ends a pause as soon as the signal aborts, with the signal's reason", async () => {
    const { check, times } = doneOn(Number.POSITIVE_INFINITY);
    const controller = new AbortController();
    const reason = new Error("stopped by the test");
    const started = performance.now();
    const pending = poll(check, { everyMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(times).toHaveLength(1);
  });

  it("makes no check with a signal already aborted, nor after the first pause when it aborts", async () => {
    const { check, times } = doneOn(1);
    await expect(poll(check, { everyMs: 1, signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
    const controller = new AbortController();
    const pending = poll(check, { everyMs: 1, firstMs: 60_000, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(times).toEqual([]);
  });

  it("never pauses past the deadline, and the check made at it is the last", async () => {
    const { check, times } = doneOn(Number.POSITIVE_INFINITY);
    const started = performance.now();
    const end = await poll(check, { everyMs: 60_000, limitMs: 50 });
    expect(end.done).toBe(false);
    expect(end.elapsedMs).toBeGreaterThanOrEqual(50);
    // One check at the start, one at the deadline (the pause was cut short), none after.
    expect(times).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("takes a check that says done at the deadline as done", async () => {
    const { check } = doneOn(2);
    await expect(poll(check, { everyMs: 60_000, limitMs: 30 })).resolves.toMatchObject({
      done: true,
    });
  });

  it("scales the pauses by the time scale, and not the deadline", async () => {
    const quick = doneOn(4);
    const started = performance.now();
    await expect(poll(quick.check, { everyMs: 10_000, timeScale: 0.001 })).resolves.toMatchObject({
      done: true,
    });
    // Three pauses of 10 s × 0.001.
    expect(performance.now() - started).toBeGreaterThanOrEqual(28);
    expect(performance.now() - started).toBeLessThan(1_000);

    // The same pauses against a 200 ms deadline: many checks, so the deadline was not scaled.
    const slow = doneOn(Number.POSITIVE_INFINITY);
    const end = await poll(slow.check, { everyMs: 10_000, timeScale: 0.001, limitMs: 200 });
    expect(end).toMatchObject({ done: false });
    expect(end.elapsedMs).toBeGreaterThanOrEqual(200);
    expect(slow.times.length).toBeGreaterThan(5);
  });

  it("asks a pause function with the checks made, and waits out a pause that grew", async () => {
    const { check, times } = doneOn(3);
    const asked: number[] = [];
    let first = 10;
    const pending = poll(check, {
      firstMs: () => first,
      everyMs: (checks) => {
        asked.push(checks);
        return 5;
      },
    });
    first = 60; // grew while the first pause ran: the first check waits for it
    const started = performance.now();
    await pending;
    expect(times[0] ?? 0).toBeGreaterThanOrEqual(started + 50);
    expect(new Set(asked)).toEqual(new Set([1, 2]));
  });

  it("reads time from the clock it is given", async () => {
    let clock = 1_000;
    const end = await poll(
      async () => {
        clock += 400;
        return false;
      },
      { everyMs: 100, limitMs: 1_000, now: () => clock },
    );
    // Every check moves the clock 400 ms on: the third passes the deadline.
    expect(end).toEqual({ done: false, elapsedMs: 1_200 });
  });
});
