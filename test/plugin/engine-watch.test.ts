// The watch of the engine (provider/resources/steps/engine-watch.ts) against a real gRPC server on 127.0.0.1
// standing in for the engine, at a tenth of the real interval; the engine's address among the
// arguments the engine passes; the dynamic-provider host told apart from every other process
// (provider/resources/steps/host-runtime.ts); what a process does once its engine is gone
// (provider/engine-gone.ts, its exit replaced); the calls in progress (provider/in-flight.ts).
// Bounds are generous: the machine is shared and has 2 cores.
import { afterEach, describe, expect, it } from "vitest";
import { exitWhenEngineGone } from "../../provider/resources/steps/engine-gone";
import { engineAddressIn, watchEngine } from "../../provider/resources/steps/engine-watch";
import { InFlight } from "../../provider/resources/steps/in-flight";
import { engineAddress } from "../../provider/resources/steps/progress";
import { closedAddress, type FakeEngine, startFakeEngine } from "../helpers/fake-engine";

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

describe("engineAddressIn", () => {
  it("is the first argument that is not a flag, after the engine's flags", () => {
    expect(engineAddressIn(["127.0.0.1:40123"])).toBe("127.0.0.1:40123");
    expect(
      engineAddressIn([
        "--logtostderr",
        "-v=9",
        "--tracing",
        "http://127.0.0.1:9411/api/v1/spans",
        "127.0.0.1:40123",
      ]),
    ).toBe("127.0.0.1:40123");
    // --tracing takes the next argument even when it looks like an address.
    expect(engineAddressIn(["--tracing", "127.0.0.1:9411", "127.0.0.1:1"])).toBe("127.0.0.1:1");
    expect(engineAddressIn(["-v", "9", "localhost:5"])).toBe("localhost:5");
    expect(engineAddressIn(["--tracing=127.0.0.1:9411", "[::1]:4000"])).toBe("[::1]:4000");
    expect(engineAddressIn(["--", "127.0.0.1:7"])).toBe("127.0.0.1:7");
  });

  it("is none without one (tests, a debugger's Attach) or when the argument is no address", () => {
    expect(engineAddressIn([])).toBeUndefined();
    expect(engineAddressIn(["--logtostderr", "-v=9"])).toBeUndefined();
    expect(engineAddressIn(["--tracing", "127.0.0.1:9411"])).toBeUndefined();
    expect(engineAddressIn(["serve"])).toBeUndefined();
    expect(engineAddressIn(["/tmp/file:1"])).toBeUndefined();
  });
});

describe("engineAddress", () => {
  const HOST = "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";

  it("is the engine's address in the engine's dynamic-provider host only", () => {
    expect(engineAddress(["node", HOST, "127.0.0.1:40123"])).toBe("127.0.0.1:40123");
    expect(engineAddress(["node", HOST, "--logtostderr", "-v=9", "127.0.0.1:40123"])).toBe(
      "127.0.0.1:40123",
    );
    expect(engineAddress(["node", HOST])).toBeUndefined();
    // The language host running a program (and the SDK's mocks), a test runner, the plugin.
    expect(
      engineAddress(["node", "/p/node_modules/@pulumi/pulumi/cmd/run", "127.0.0.1:40123"]),
    ).toBeUndefined();
    expect(engineAddress(["node", "/p/pulumi-resource-collectors.js", "127.0.0.1:1"])).toBe(
      undefined,
    );
    expect(engineAddress()).toBeUndefined();
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
