// Shared set-up for the emulator conformance suites: one emulator per describe block, run once
// per store backend (memory, on disk), reset between tests through the control API.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator";
import {
  ApiClient,
  type CallOptions,
  type Credentials,
  call,
  type HttpResponse,
  type Json,
} from "../helpers/http";

export interface Backend {
  name: "memory" | "disk";
}
export const BACKENDS: Backend[] = [{ name: "memory" }, { name: "disk" }];

export const MANAGER: Credentials = { accessId: "suManagerId0001", accessKey: "manager-key-0001" };

/** Limits off: only the limit suites turn them on. */
export const NO_LIMITS: EmulatorOptions = {
  rateLimit: 0,
  maxConcurrent: 0,
  authPerMinute: 0,
  authFailuresPerMinute: 0,
};

export function tempDir(prefix = "collectors-emu-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export class Control {
  constructor(readonly origin: string) {}

  call(path: string, opts: CallOptions = {}): Promise<HttpResponse> {
    return call(`${this.origin}/_emulator${path}`, { auth: null, ...opts });
  }

  async register(body: Record<string, unknown>): Promise<Json> {
    const res = await this.call("/installed-collectors", {
      method: "POST",
      body: {
        collectorVersion: "19.0-1",
        osName: "Linux",
        osVersion: "6.1",
        osArch: "amd64",
        ephemeral: false,
        ...body,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.collector;
  }

  async heartbeat(id: number): Promise<HttpResponse> {
    return this.call(`/collectors/${id}/heartbeat`, { method: "POST" });
  }

  async upgradeBehaviour(id: number, next: "succeed" | "fail" | "hang", message?: string) {
    const res = await this.call(`/collectors/${id}/upgrade-behaviour`, {
      method: "POST",
      body: message === undefined ? { next } : { next, message },
    });
    expect(res.status, res.text).toBe(200);
  }

  async now(): Promise<number> {
    const res = await this.call("/clock");
    expect(res.status, res.text).toBe(200);
    return res.json.now;
  }

  async advance(ms: number): Promise<number> {
    const res = await this.call("/clock", { method: "POST", body: { advanceMs: ms } });
    expect(res.status, res.text).toBe(200);
    return res.json.now;
  }

  async reset(): Promise<void> {
    const res = await this.call("/reset", { method: "POST" });
    expect(res.status, res.text).toBeLessThan(300);
  }

  async requests(): Promise<Json[]> {
    const res = await this.call("/requests");
    expect(res.status, res.text).toBe(200);
    return res.json.requests;
  }

  async addFault(fault: Record<string, unknown>): Promise<Json> {
    const res = await this.call("/faults", { method: "POST", body: fault });
    expect(res.status, res.text).toBe(201);
    return res.json.fault;
  }

  async clearFaults(): Promise<void> {
    const res = await this.call("/faults", { method: "DELETE" });
    expect(res.status, res.text).toBeLessThan(300);
  }
}

export interface EmulatorContext {
  emu: RunningEmulator;
  /** The first credential, at the us1 base URL. */
  api: ApiClient;
  control: Control;
  origin: string;
  dataDir?: string;
  /** A client for other credentials, at the base URL of `deployment` (us1 by default). */
  as(creds: Credentials, deployment?: string): ApiClient;
  baseFor(deployment: string): string;
}

/**
 * Starts one emulator for the enclosing describe block (on disk in a fresh temp folder for the
 * disk backend), resets its state and faults before every test, and closes it afterwards.
 */
export function useEmulator(backend: Backend, options: EmulatorOptions = {}): EmulatorContext {
  const ctx = {} as EmulatorContext;
  beforeAll(async () => {
    const dataDir = backend.name === "disk" ? tempDir() : undefined;
    const explicitUsers = options.accounts !== undefined;
    const emu = await startEmulator({
      host: "127.0.0.1",
      port: 0,
      logger: false,
      ...NO_LIMITS,
      ...(explicitUsers ? {} : { accessId: MANAGER.accessId, accessKey: MANAGER.accessKey }),
      ...options,
      ...(dataDir ? { dataDir } : {}),
    });
    const first = explicitUsers ? emu.credentials[0] : MANAGER;
    if (!first) throw new Error("the emulator reported no credentials");
    ctx.emu = emu;
    ctx.origin = emu.origin;
    ctx.dataDir = dataDir;
    ctx.control = new Control(emu.origin);
    ctx.baseFor = (d) => (d === "us1" ? `${emu.origin}/api/v1` : `${emu.origin}/${d}/api/v1`);
    ctx.as = (creds, deployment = "us1") => new ApiClient(ctx.baseFor(deployment), creds);
    ctx.api = new ApiClient(emu.url, first);
  });
  beforeEach(async () => {
    await ctx.control.reset();
    await ctx.control.clearFaults();
  });
  afterAll(async () => {
    await ctx.emu?.close();
    if (ctx.dataDir) rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

// ---- literal request bodies, written from the spec's tables ----

export function hostedBody(name: string, extra: Record<string, unknown> = {}) {
  return { collector: { collectorType: "Hosted", name, ephemeral: false, ...extra } };
}

/** Creates a Hosted Collector and returns the created entity with the create ETag. */
export async function createHosted(api: ApiClient, name: string, extra = {}): Promise<Json> {
  const res = await api.post("/collectors", hostedBody(name, extra));
  expect(res.status, res.text).toBe(201);
  return res.json.collector;
}

export async function createSource(
  api: ApiClient,
  collectorId: number,
  source: object,
): Promise<Json> {
  const res = await api.post(`/collectors/${collectorId}/sources`, { source });
  expect(res.status, res.text).toBe(201);
  return res.json.source;
}

export async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs = 3000,
): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

export const ids = (list: { id: number }[]) => list.map((c) => c.id).sort((a, b) => a - b);
