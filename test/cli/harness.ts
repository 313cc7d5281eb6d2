// Shared set-up for the CLI tests: one emulator per file (in-process, port 0), reset between
// tests; a control-API helper; an Output that records what a command writes; a clock runner that
// moves the emulator's virtual time on so that upgrade tasks finish in milliseconds.
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { Output } from "../../cli/shared/output";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator";
import { type ClientOptions, CollectorsClient, resetSharedState } from "../../provider/api";

export const ACCESS_ID = "suCliTests0001";
export const ACCESS_KEY = "cli-tests-key-0001";
export const OLD = "19.403-1";
export const LATEST = "19.470-4";

export interface LoggedRequest {
  time: number;
  method: string;
  path: string;
  status: number;
}

export class Control {
  constructor(readonly origin: string) {}

  async call(path: string, method = "GET", body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.origin}/_emulator${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
    return text ? JSON.parse(text) : undefined;
  }

  /** Registers an Installed Collector (alive, one heartbeat); returns its id. */
  async register(name: string, extra: Record<string, unknown> = {}): Promise<number> {
    const body = {
      name,
      collectorVersion: OLD,
      osName: "Linux",
      osVersion: "6.1",
      osArch: "amd64",
      ephemeral: false,
      ...extra,
    };
    const res = (await this.call("/installed-collectors", "POST", body)) as {
      collector: { id: number };
    };
    return res.collector.id;
  }

  async upgradeBehaviour(id: number, next: "succeed" | "fail" | "hang", message?: string) {
    await this.call(
      `/collectors/${id}/upgrade-behaviour`,
      "POST",
      message ? { next, message } : { next },
    );
  }

  async advance(ms: number): Promise<void> {
    await this.call("/clock", "POST", { advanceMs: ms });
  }

  async requests(): Promise<LoggedRequest[]> {
    return ((await this.call("/requests")) as { requests: LoggedRequest[] }).requests;
  }

  async reset(): Promise<void> {
    await this.call("/reset", "POST");
  }

  /**
   * Moves virtual time on by `stepMs` every `everyMs` of real time until stopped, so that the
   * 20-second upgrade tasks finish while a command runs.
   */
  runClock(stepMs = 5_000, everyMs = 20): { stop(): Promise<void> } {
    let running = true;
    const loop = (async () => {
      while (running) {
        await this.advance(stepMs);
        await new Promise((r) => setTimeout(r, everyMs));
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
      },
    };
  }
}

export interface RecordedOutput extends Output {
  stdout: string[];
  stderr: string[];
  /** Everything written to stdout, joined. */
  text(): string;
}

/** An Output for tests: no terminal (plain progress lines), records both streams. */
export function recorder(confirm?: (question: string) => Promise<boolean>): RecordedOutput {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (text) => stdout.push(text),
    err: (text) => stderr.push(text),
    liveStream: undefined,
    confirm,
    text: () => stdout.join("\n"),
  };
}

export interface CliContext {
  emu: RunningEmulator;
  control: Control;
  /** A client at the emulator; pacing off unless `limits` is given. */
  client(options?: Partial<ClientOptions>): CollectorsClient;
}

/** Starts an emulator for the file (limits off unless given) and resets it before each test. */
export function useEmulator(options: EmulatorOptions = {}): CliContext {
  const ctx = {} as CliContext;
  beforeAll(async () => {
    ctx.emu = await startEmulator({
      host: "127.0.0.1",
      port: 0,
      logger: false,
      accessId: ACCESS_ID,
      accessKey: ACCESS_KEY,
      rateLimit: 0,
      maxConcurrent: 0,
      authPerMinute: 0,
      ...options,
    });
    ctx.control = new Control(ctx.emu.origin);
    ctx.client = (extra = {}) =>
      new CollectorsClient({
        accessId: ACCESS_ID,
        accessKey: ACCESS_KEY,
        endpoint: ctx.emu.url,
        limits: false,
        retry: { timeScale: 0.001 },
        env: {},
        ...extra,
      });
  });
  beforeEach(async () => {
    resetSharedState();
    await ctx.control.reset();
  });
  afterAll(async () => {
    await ctx.emu?.close();
  });
  return ctx;
}

/** API requests of the log by method and path pattern. */
export function countRequests(log: LoggedRequest[], method: string, path?: RegExp): number {
  return log.filter((r) => r.method === method && (!path || path.test(r.path))).length;
}
