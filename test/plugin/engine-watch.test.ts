// The watch of the engine (provider/resources/steps/engine-watch.ts) against a real gRPC server
// on 127.0.0.1 standing in for the engine, at a tenth of the real interval; what a process does
// once its engine is gone (provider/resources/steps/engine-gone.ts, its exit replaced); the calls
// in progress (provider/resources/steps/in-flight.ts).
// Bounds are generous: the machine is shared and has 2 cores.
import { afterEach, describe, expect, it } from "vitest";
import { exitWhenEngineGone } from "../../provider/resources/steps/engine-gone";
import {
  type CheckOutcome,
  missesAfter,
  watchEngine,
} from "../../provider/resources/steps/engine-watch";
import { InFlight } from "../../provider/resources/steps/in-flight";
import {
  closedAddress,
  type FakeEngine,
  startFakeEngine,
  startRelay,
} from "../helpers/fake-engine";

const FAST = { intervalMs: 100, deadlineMs: 500, misses: 3 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const engines: FakeEngine[] = [];
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const engine of engines.splice(0)) engine.kill();
});

async function engine(health: Parameters<typeof startFakeEngine>[0]): Promise<FakeEngine> {
  const started = await startFakeEngine(health);
  engines.push(started);
  return started;
}

/** Watches `address`; `gone` resolves with the milliseconds from `since()` to onGone. */
function watch(address: string, options = FAST) {
  let from = Date.now();
  let gone = false;
  const goneAfter = new Promise<number>((resolve) => {
    stops.push(
      watchEngine(
        address,
        () => {
          gone = true;
          resolve(Date.now() - from);
        },
        options,
      ),
    );
  });
  return {
    isGone: () => gone,
    goneAfter,
    since: () => {
      from = Date.now();
    },
  };
}

function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms).then(() => {
      throw new Error(`not within ${ms} ms`);
    }),
  ]);
}

describe("missesAfter", () => {
  const missesOf = (outcomes: CheckOutcome[]) => outcomes.reduce(missesAfter, 0);

  it("counts refusals and the late checks after them; only an answer clears them", () => {
    expect(missesOf(["refused", "late", "refused"])).toBe(3);
    expect(missesOf(["refused", "late", "late", "late"])).toBe(4);
    expect(missesOf(["refused", "late", "answered", "refused"])).toBe(1);
  });

  it("counts late checks alone as no miss: a stopped engine is still there", () => {
    expect(missesOf(["late", "late", "late", "late"])).toBe(0);
    expect(missesOf(["late", "refused", "late"])).toBe(2);
  });
});

describe("watchEngine", () => {
  it("keeps quiet while the engine answers, and calls onGone soon after it is killed", async () => {
    const alive = await engine("serving");
    const watched = watch(alive.address);
    await sleep(1_500);
    expect(watched.isGone()).toBe(false);
    expect(alive.checks()).toBeGreaterThanOrEqual(3);
    watched.since();
    alive.kill();
    const ms = await within(10_000, watched.goneAfter);
    // Three misses a tenth of a second apart; the bound is for a loaded machine.
    expect(ms).toBeLessThan(10_000);
  });

  it("counts a server without the health service (UNIMPLEMENTED) as alive", async () => {
    const bare = await engine("none");
    const watched = watch(bare.address);
    await sleep(1_500);
    expect(watched.isGone()).toBe(false);
    bare.kill();
    await within(10_000, watched.goneAfter);
  });

  it("counts a check out of time as no miss: a stopped engine is still there", async () => {
    const silent = await engine("silent");
    const watched = watch(silent.address, { intervalMs: 100, deadlineMs: 200, misses: 2 });
    await sleep(2_000);
    expect(silent.checks()).toBeGreaterThanOrEqual(2);
    expect(watched.isGone()).toBe(false);
  });

  it("adds checks out of time to refusals: a late check never clears the misses", async () => {
    // Each engine's connection dropped (a refusal) with a check in flight, and a check out of
    // time between the drops: refused, late, refused is three misses since the last answer.
    // Were a late check to clear the misses, such checks could never add up to three.
    const silent = await engine("silent");
    const relay = await startRelay(silent);
    stops.push(relay.close);
    const watched = watch(relay.address, { intervalMs: 100, deadlineMs: 300, misses: 3 });
    const checked = async (n: number) => {
      for (let waited = 0; silent.checks() < n; waited += 20) {
        expect(waited, `check ${n} never came`).toBeLessThan(5_000);
        await sleep(20);
      }
    };
    await checked(1);
    relay.drop();
    // The next check runs out of time; the one after it is dropped.
    await checked(3);
    expect(watched.isGone()).toBe(false);
    relay.drop();
    await within(2_000, watched.goneAfter);
  });

  it("calls onGone when nothing ever listens at the address", async () => {
    const watched = watch(await closedAddress());
    await within(10_000, watched.goneAfter);
  });

  it("calls onGone once, and checks no more afterwards", async () => {
    const alive = await engine("serving");
    let calls = 0;
    stops.push(watchEngine(alive.address, () => calls++, FAST));
    await sleep(300);
    alive.kill();
    await sleep(2_500);
    expect(calls).toBe(1);
  });

  it("stops with stop(): no more checks, no onGone", async () => {
    const alive = await engine("serving");
    const watched = watch(alive.address);
    await sleep(500);
    stops.splice(0)[0]?.();
    const seen = alive.checks();
    alive.kill();
    await sleep(1_500);
    expect(watched.isGone()).toBe(false);
    expect(alive.checks()).toBe(seen);
  });
});

describe("exitWhenEngineGone", () => {
  it("cancels, gives the calls in progress their grace, then exits saying why", async () => {
    const address = await closedAddress();
    const ends = (graceMs: number, hangs: boolean) =>
      new Promise<{ reasons: string[]; line: string }>((resolve) => {
        const reasons: string[] = [];
        const calls = new InFlight();
        let stop = () => {};
        calls.track(new Promise((settle) => (stop = () => settle(undefined))));
        stops.push(
          exitWhenEngineGone(address, {
            ...FAST,
            name: "test-plugin",
            graceMs,
            calls,
            cancel: (reason) => {
              reasons.push(reason);
              if (!hangs) setTimeout(stop, 50);
            },
            exit: (line) => resolve({ reasons, line }),
          }),
        );
      });
    const stopped = await within(10_000, ends(5_000, false));
    expect(stopped.reasons).toEqual([`the Pulumi engine (${address}) is gone`]);
    expect(stopped.line).toBe(
      `test-plugin: exiting, the Pulumi engine (${address}) is gone (nothing listens on its address); 1 call(s) in progress stopped`,
    );
    const abandoned = await within(10_000, ends(200, true));
    expect(abandoned.line).toMatch(/; 1 call\(s\) still in progress after 0\.2 s abandoned$/);
  });
  it("still exits saying why when the cancel throws", async () => {
    const address = await closedAddress();
    const line = new Promise<string>((resolve) => {
      stops.push(
        exitWhenEngineGone(address, {
          ...FAST,
          name: "test-plugin",
          calls: new InFlight(),
          cancel: () => {
            throw new Error("the runtime is broken");
          },
          exit: resolve,
        }),
      );
    });
    expect(await within(10_000, line)).toBe(
      `test-plugin: exiting, the Pulumi engine (${address}) is gone (nothing listens on its address); no call was in progress; cancelling failed: the runtime is broken`,
    );
  });
});

describe("InFlight", () => {
  it("waits for the calls running, and no longer than the grace", async () => {
    const calls = new InFlight();
    expect(await calls.settled(10)).toBe(true);
    const quick = calls.track(sleep(50).then(() => "done"));
    const failing = calls.track(Promise.reject(new Error("failed")));
    await expect(failing).rejects.toThrow("failed");
    expect(await calls.settled(5_000)).toBe(true);
    expect(await quick).toBe("done");
    expect(calls.size).toBe(0);
    calls.track(new Promise(() => {}));
    expect(await calls.settled(100)).toBe(false);
    expect(calls.size).toBe(1);
  });
});
