// The control API's faults (`/_emulator/faults`): their definitions, which requests they fire
// on, and the stall's hold of a committed answer. The request pipeline (api-plugin.ts) applies
// what they decide.
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyRequest } from "fastify";
import { fail } from "../errors";
import {
  int,
  invalid,
  isAbsent,
  isObject,
  type Json,
  oneOf,
  readFields,
  str,
} from "../validation/values";

export const FAULT_KINDS = [
  "429",
  "500",
  "503",
  "latency",
  "reset",
  "lost-response",
  "stall",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  id: number;
  kind: FaultKind;
  /** Share of matching requests it fires on, 0..1. */
  rate: number;
  /** How many more times it may fire; null = unlimited. */
  remaining: number | null;
  method: string | null;
  /** Regular expression matched against the path after the `/api/v1` prefix. */
  path: string | null;
  /** `latency`: the delay added. */
  latencyMs: number;
  /** `stall`: how long the committed request's answer is held back; null for other kinds. */
  stallMs: number | null;
  /** How many more matching requests it lets pass before it may fire. */
  skip: number;
  fired: number;
}

/** What the faults decided for one request. */
export interface FaultDecision {
  latencyMs: number;
  /** At most one fault that ends the request: the first matching one that fires. */
  outcome?: Exclude<FaultKind, "latency">;
  /** `stall`: how long the committed request's answer is held back. */
  stallMs?: number;
}

const DEFAULT_LATENCY_MS = 1000;
/** The longest delay a fault may add or hold an answer for: 10 minutes. */
const MAX_DELAY_MS = 600_000;

/** Injected failures for reliability tests of clients (control API `/_emulator/faults`). */
export class Faults {
  private faults: (Fault & { regex: RegExp | null })[] = [];
  private nextId = 1;

  constructor(private readonly random: () => number = Math.random) {}

  add(body: unknown): Fault {
    const input: Json = isObject(body) ? body : {};
    const stall = input.kind === "stall";
    // A stall holds the answer for stallMs, which it needs: without it, it would hold nothing.
    const read = readFields(
      input,
      {
        kind: oneOf(...FAULT_KINDS),
        method: str,
        path: str,
        count: int(1),
        skip: int(0),
        latencyMs: int(0, MAX_DELAY_MS),
        stallMs: int(1, MAX_DELAY_MS),
      },
      stall ? ["kind", "stallMs"] : ["kind"],
    );
    if (!stall && read.stallMs !== undefined) invalid("stallMs", 'is for kind "stall" only');
    const rate = isAbsent(input.rate) ? 1 : input.rate;
    if (typeof rate !== "number" || !(rate >= 0 && rate <= 1)) {
      fail("fieldInvalid", "Field 'rate' must be a number from 0 to 1.");
    }
    let regex: RegExp | null = null;
    if (read.path !== undefined) {
      try {
        regex = new RegExp(read.path as string);
      } catch {
        fail("fieldInvalid", "Field 'path' must be a valid regular expression.");
      }
    }
    const fault = {
      id: this.nextId++,
      kind: read.kind as FaultKind,
      rate,
      remaining: (read.count as number | undefined) ?? null,
      method: read.method === undefined ? null : (read.method as string).toUpperCase(),
      path: (read.path as string | undefined) ?? null,
      latencyMs: (read.latencyMs as number | undefined) ?? DEFAULT_LATENCY_MS,
      stallMs: (read.stallMs as number | undefined) ?? null,
      skip: (read.skip as number | undefined) ?? 0,
      fired: 0,
      regex,
    };
    this.faults.push(fault);
    return this.view(fault);
  }

  list(): Fault[] {
    return this.faults.map((f) => this.view(f));
  }

  clear(): void {
    this.faults = [];
  }

  /** Rolls every matching fault for a request; counts down the ones that fire. */
  decide(method: string, apiPath: string): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0 };
    for (const fault of this.faults) {
      if (fault.remaining === 0) continue;
      if (fault.method !== null && fault.method !== method.toUpperCase()) continue;
      if (fault.regex && !fault.regex.test(apiPath)) continue;
      if (fault.kind !== "latency" && decision.outcome) continue;
      if (fault.skip > 0) {
        fault.skip--;
        continue;
      }
      if (this.random() >= fault.rate) continue;
      fault.fired++;
      if (fault.remaining !== null) fault.remaining--;
      if (fault.kind === "latency") decision.latencyMs += fault.latencyMs;
      else decision.outcome = fault.kind;
      if (fault.stallMs !== null) decision.stallMs = fault.stallMs;
    }
    return decision;
  }

  private view({ regex: _regex, ...fault }: Fault & { regex: RegExp | null }): Fault {
    return { ...fault };
  }
}

/**
 * What the `stall` fault does once the write is committed: holds the answer back (so the client
 * learns of the write late, or never, when it goes away first).
 */
export class StalledAnswers {
  private readonly stalled = new Set<AbortController>();

  /** Waits `ms`, or less when the client closes the connection first or the service stops. */
  async hold(request: FastifyRequest, ms: number): Promise<void> {
    const socket = request.raw.socket;
    if (socket.destroyed) return;
    const gone = new AbortController();
    const onClose = () => gone.abort();
    socket.once("close", onClose);
    this.stalled.add(gone);
    try {
      await sleep(ms, undefined, { signal: gone.signal });
    } catch {
      // The client went away, or the service is stopping: nobody to answer.
    } finally {
      socket.off("close", onClose);
      this.stalled.delete(gone);
    }
  }

  /** Ends every hold (the service is stopping: it would otherwise wait for them). */
  release(): void {
    for (const gone of this.stalled) gone.abort();
  }
}
