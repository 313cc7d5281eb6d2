// The release's steps a few at a time (scripts/release/in-parallel.ts): results in the items'
// order whatever order the steps end in, never more running than the limit, and after a failure
// no step starts and none still runs once the failure is thrown.
import { describe, expect, it } from "vitest";
import { inParallel } from "../../scripts/release/in-parallel";

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("inParallel", () => {
  it("keeps the items' order, with at most `limit` steps running", async () => {
    let running = 0;
    let most = 0;
    const results = await inParallel(
      [30, 5, 20, 1, 10],
      async (ms) => {
        running++;
        most = Math.max(most, running);
        await pause(ms);
        running--;
        return ms * 2;
      },
      2,
    );
    expect(results).toEqual([60, 10, 40, 2, 20]);
    expect(most).toBe(2);
  });

  it("after a failure starts no step, awaits the running ones, then throws the first failure", async () => {
    const started: number[] = [];
    const ended: number[] = [];
    const failing = inParallel(
      [1, 2, 3, 4, 5],
      async (n) => {
        started.push(n);
        await pause(n === 2 ? 1 : 40);
        ended.push(n);
        if (n === 2) throw new Error("step 2 failed");
        return n;
      },
      2,
    );
    await expect(failing).rejects.toThrow("step 2 failed");
    expect(started).toEqual([1, 2]);
    expect(ended.sort()).toEqual([1, 2]);
  });
});
