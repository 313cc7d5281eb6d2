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

  it("auth throttle counts cookie-less successes per access id per minute when asked", () => {
    const { clock, set } = fixedClock();
    const throttle = new AuthThrottle(clock, { perMinute: 2, failuresPerMinute: 0 });
    expect([1, 2, 3].map(() => throttle.allowSuccess("a"))).toEqual([true, true, false]);
    expect(throttle.allowSuccess("b")).toBe(true);
    set(60_000);
    expect(throttle.allowSuccess("a")).toBe(true);
  });

  it("auth throttle by default counts failures only, and then refuses the right key too", () => {
    const { clock, set } = fixedClock();
    const throttle = new AuthThrottle(clock, { perMinute: 0, failuresPerMinute: 2 });
    for (let i = 0; i < 1000; i++) expect(throttle.allowSuccess("a")).toBe(true);
    expect([1, 2, 3].map(() => throttle.countFailure("a", true, "ip"))).toEqual([
      true,
      true,
      false,
    ]);
    expect(throttle.allowSuccess("a")).toBe(false);
    expect(throttle.allowSuccess("b")).toBe(true);
    set(60_000);
    expect(throttle.allowSuccess("a")).toBe(true);
  });

  it("auth throttle keeps unknown ids' failures per address, apart from known ids", () => {
    const { clock, set } = fixedClock();
    const throttle = new AuthThrottle(clock, { perMinute: 0, failuresPerMinute: 2 });
    throttle.countFailure("a", true, "10.0.0.1");
    throttle.countFailure("a", true, "10.0.0.1");
    // a flood of made-up ids from 20 000 addresses
    for (let i = 0; i < 20_000; i++) throttle.countFailure(`made-up-${i}`, false, `addr-${i}`);
    expect(throttle.size).toEqual({ known: 1, addresses: 10_000 });
    expect(throttle.allowSuccess("a"), "the real id's window survives the flood").toBe(false);
    // one address making up ids gets one window, over its limit after 2
    expect(throttle.countFailure("x1", false, "10.9.9.9")).toBe(true);
    expect(throttle.countFailure("x2", false, "10.9.9.9")).toBe(true);
    expect(throttle.countFailure("x3", false, "10.9.9.9")).toBe(false);
    set(60_000); // every window has ended: the next one to start drops them
    throttle.countFailure("y", false, "10.1.1.1");
    expect(throttle.size.addresses).toBe(1);
    expect(throttle.allowSuccess("a")).toBe(true);
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
    expect(() => faults.add({ kind: "stall" })).toThrow("Field 'stallMs' is required.");
    expect(() => faults.add({ kind: "500", stallMs: 5 })).toThrow("Field 'stallMs'");
  });

  it("hold a stall's answer for its own stallMs, apart from any latency", () => {
    const faults = new Faults(() => 0);
    faults.add({ kind: "stall", stallMs: 700, method: "POST" });
    faults.add({ kind: "latency", latencyMs: 5 });
    expect(faults.decide("POST", "/collectors")).toEqual({
      latencyMs: 5,
      outcome: "stall",
      stallMs: 700,
    });
    expect(faults.list()[0]).toMatchObject({ kind: "stall", stallMs: 700 });
    expect(faults.list()[1]).toMatchObject({ kind: "latency", stallMs: null });
  });
});

describe("cookies", () => {
  it("reads one cookie among several", () => {
    expect(readCookie("AWSALB=x; JSESSIONID=ABC; other=1", "JSESSIONID")).toBe("ABC");
    expect(readCookie(undefined, "JSESSIONID")).toBeUndefined();
    expect(readCookie("XJSESSIONID=1", "JSESSIONID")).toBeUndefined();
  });
});
