import { describe, expect, it } from "vitest";
import { Clock } from "../../../emulator/clock";
import { newErrorId } from "../../../emulator/errors";
import { AuthThrottle } from "../../../emulator/http/auth-throttle";
import { Faults } from "../../../emulator/http/faults";
import { ConcurrencyLimiter, RateLimiter } from "../../../emulator/http/rate-limit";
import { readCookie } from "../../../emulator/http/sessions";

function fixedClock() {
  let now = 0;
  return { clock: new Clock(0, () => now), set: (t: number) => (now = t) };
}

describe("error ids", () => {
  it("have the XXXXX-XXXXX-XXXXX form", () => {
    expect(newErrorId()).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  });
});

describe("limits", () => {
  it("rate limiter passes a burst of N per second and refills", () => {
    const { clock, set } = fixedClock();
    const limiter = new RateLimiter(clock, 4);
    expect([1, 2, 3, 4, 5].map(() => limiter.take("u"))).toEqual([true, true, true, true, false]);
    expect(limiter.take("other")).toBe(true);
    set(250);
    expect(limiter.take("u")).toBe(true);
    expect(limiter.take("u")).toBe(false);
    expect(new RateLimiter(clock, 0).take("u")).toBe(true);
  });

  it("concurrency limiter releases each slot once", () => {
    const limiter = new ConcurrencyLimiter(1);
    const release = limiter.acquire("k");
    expect(limiter.acquire("k")).toBeUndefined();
    release?.();
    release?.();
    expect(limiter.acquire("k")).toBeDefined();
    expect(limiter.acquire("k")).toBeUndefined();
  });

  it("auth throttle counts per access id per minute", () => {
    const { clock, set } = fixedClock();
    const throttle = new AuthThrottle(clock, 2);
    expect([1, 2, 3].map(() => throttle.allow("a"))).toEqual([true, true, false]);
    expect(throttle.allow("b")).toBe(true);
    set(60_000);
    expect(throttle.allow("a")).toBe(true);
  });

  it("auth throttle forgets ended windows, and keeps at most 10 000", () => {
    const { clock, set } = fixedClock();
    const throttle = new AuthThrottle(clock, 2);
    for (let i = 0; i < 500; i++) throttle.allow(`unknown-${i}`);
    expect(throttle.size).toBe(500);
    set(30_000);
    expect([1, 2, 3].map(() => throttle.allow("a"))).toEqual([true, true, false]);
    set(60_000); // the 500 windows have ended; "a"'s has not
    throttle.allow("b");
    expect(throttle.size).toBe(2);
    expect(throttle.allow("a")).toBe(false);

    for (let i = 0; i < 20_000; i++) throttle.allow(`made-up-${i}`);
    expect(throttle.size).toBe(10_000);
    set(120_000);
    throttle.allow("c");
    expect(throttle.size).toBe(1);
  });
});

describe("faults", () => {
  it("match by method and path, count down, and end a request at most once", () => {
    const faults = new Faults(() => 0);
    faults.add({ kind: "503", method: "post", path: "^/collectors$", count: 1 });
    faults.add({ kind: "latency", latencyMs: 5 });
    faults.add({ kind: "500" });
    expect(faults.decide("GET", "/collectors")).toEqual({ latencyMs: 5, outcome: "500" });
    expect(faults.decide("POST", "/collectors")).toEqual({ latencyMs: 5, outcome: "503" });
    expect(faults.decide("POST", "/collectors")).toEqual({ latencyMs: 5, outcome: "500" });
    expect(faults.list()[0]).toMatchObject({ remaining: 0, fired: 1 });
  });

  it("refuses bad definitions with a 400", () => {
    const faults = new Faults();
    expect(() => faults.add({ kind: "teapot" })).toThrow();
    expect(() => faults.add({ kind: "500", rate: 2 })).toThrow();
    expect(() => faults.add({ kind: "500", path: "(" })).toThrow();
  });
});

describe("cookies", () => {
  it("reads one cookie among several", () => {
    expect(readCookie("AWSALB=x; JSESSIONID=ABC; other=1", "JSESSIONID")).toBe("ABC");
    expect(readCookie(undefined, "JSESSIONID")).toBeUndefined();
    expect(readCookie("XJSESSIONID=1", "JSESSIONID")).toBeUndefined();
  });
});
