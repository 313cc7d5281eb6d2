// For the InstalledCollector tests: the local service's control API (clock, heartbeats, what the
// next upgrade does), the progress lines the provider reports, and waiting for one of them.
import { expect } from "vitest";
import type { ProgressEvent } from "../../provider/resources/steps/progress";
import type { Service } from "./emulator.helpers";
import { progressSink } from "./unit.helpers";

export function control(service: Service) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.emulator.origin}/_emulator${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
    // biome-ignore lint/suspicious/noExplicitAny: the control API's JSON, read freely by tests
    return res.json() as Promise<any>;
  };
  return {
    advance: async (ms: number): Promise<number> =>
      (await call("POST", "/clock", { advanceMs: ms })).now,
    heartbeat: (id: number | string) => call("POST", `/collectors/${id}/heartbeat`),
    nextUpgrade: (id: number | string, next: "succeed" | "fail" | "hang", message?: string) =>
      call("POST", `/collectors/${id}/upgrade-behaviour`, {
        next,
        ...(message === undefined ? {} : { message }),
      }),
  };
}

/** Captures the provider's progress lines for the rest of the test file. */
export function captureProgress() {
  const events: ProgressEvent[] = [];
  progressSink.send = (event) => {
    events.push(event);
  };
  return {
    events,
    lines: () => events.map((event) => event.message),
    clear: () => {
      events.length = 0;
    },
    /** Resolves once a line matches (fails the test after `ms`). */
    waitFor: async (pattern: RegExp, ms = 10_000) => {
      const until = Date.now() + ms;
      for (;;) {
        const hit = events.find((event) => pattern.test(event.message));
        if (hit) return hit;
        if (Date.now() > until) {
          expect.fail(
            `no progress line matched ${pattern}; got:\n${events.map((e) => e.message).join("\n")}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    stop: () => {
      progressSink.send = () => undefined;
    },
  };
}
