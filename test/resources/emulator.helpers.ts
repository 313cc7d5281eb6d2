// The local service on port 0 and the provider configured for it, the way the engine does it
// (configure with the stack's collectors:* config), plus the service's control API.

import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { forgetListedReads, resetSharedState } from "../../provider/api";
import { dispatchWith } from "../../provider/resources/dispatch";
import type { Runtime } from "../../provider/resources/steps/runtime";
import { configRequest, runtime as fileRuntime } from "./unit.helpers";

export interface Service {
  emulator: RunningEmulator;
  accessId: string;
  accessKey: string;
  /** (Re)configures the provider (the file's runtime, or another) as a stack would. */
  configure(extra?: Record<string, string>, runtime?: Runtime): Promise<void>;
  /** The API requests logged since the last reset (method, path, status). */
  requests(): Promise<{ method: string; path: string; status: number }[]>;
  reset(): Promise<void>;
  clearRequests(): Promise<void>;
  fault(body: Record<string, unknown>): Promise<void>;
  clearFaults(): Promise<void>;
  registerInstalled(body: Record<string, unknown>): Promise<{ id: number; name: string }>;
  /** An OpenTelemetry collector registering itself (the control API), as GET shows it. */
  registerOt(body: Record<string, unknown>): Promise<{ id: string; name: string }>;
  /** A raw API call behind Pulumi's back. */
  api(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    // biome-ignore lint/suspicious/noExplicitAny: the service's JSON, read freely by tests
    body: any;
    etag: string | null;
  }>;
  close(): Promise<void>;
}

export async function startService(): Promise<Service> {
  const emulator = await startEmulator({
    port: 0,
    rateLimit: 0,
    maxConcurrent: 0,
    authPerMinute: 0,
  });
  const { accessId, accessKey } = emulator.credentials[0] as {
    accessId: string;
    accessKey: string;
  };
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emulator.origin}/_emulator${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
    // biome-ignore lint/suspicious/noExplicitAny: the control API's JSON, read freely by tests
    return res.json() as Promise<any>;
  };
  const auth = `Basic ${Buffer.from(`${accessId}:${accessKey}`).toString("base64")}`;
  const service: Service = {
    emulator,
    accessId,
    accessKey,
    configure: (extra = {}, runtime = fileRuntime) =>
      dispatchWith(runtime, "HostedCollector", "configure", [
        configRequest({
          "collectors:accessId": accessId,
          "collectors:accessKey": accessKey,
          "collectors:endpoint": emulator.url,
          ...extra,
        }),
      ]) as Promise<void>,
    requests: async () =>
      (await control("GET", "/requests")).requests as {
        method: string;
        path: string;
        status: number;
      }[],
    reset: async () => {
      await control("POST", "/reset");
      await control("DELETE", "/faults");
      // A new service as far as the client can tell (ids start again): no list answer is current.
      forgetListedReads();
    },
    clearRequests: async () => {
      // A reset empties the store too; the log alone is cleared by remembering where it was.
      offset = (await control("GET", "/requests")).requests.length;
    },
    fault: (body) => control("POST", "/faults", body),
    clearFaults: () => control("DELETE", "/faults"),
    registerInstalled: async (body) =>
      (
        await control("POST", "/installed-collectors", {
          collectorVersion: "19.470-5",
          osName: "Linux",
          osVersion: "6.1",
          osArch: "amd64",
          ephemeral: false,
          ...body,
        })
      ).collector,
    registerOt: (body) => control("POST", "/ot-collectors", { isRemotelyManaged: true, ...body }),
    api: async (method, path, body, headers = {}) => {
      const res = await fetch(`${emulator.url}${path}`, {
        method,
        headers: {
          authorization: auth,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? JSON.parse(text) : undefined,
        etag: res.headers.get("etag"),
      };
    },
    close: async () => {
      fileRuntime.configure(undefined);
      resetSharedState();
      await emulator.close();
    },
  };
  let offset = 0;
  const allRequests = service.requests;
  service.requests = async () => (await allRequests()).slice(offset);
  const fullReset = service.reset;
  service.reset = async () => {
    await fullReset();
    offset = 0;
  };
  await service.configure();
  return service;
}

/**
 * Gives the service's credentials and address to what reads them from COLLECTORS_* as a program
 * does (the look-up functions), with vi.stubEnv: process.env keeps its object, and
 * vi.unstubAllEnvs() puts back what was there, as the next file in the worker's process expects.
 */
export function stubCredentialsEnv(service: Service): void {
  vi.stubEnv("COLLECTORS_ACCESS_ID", service.accessId);
  vi.stubEnv("COLLECTORS_ACCESS_KEY", service.accessKey);
  vi.stubEnv("COLLECTORS_ENDPOINT", service.emulator.url);
}

/**
 * The service of one test file: started before its tests and closed after them; before each test
 * it is emptied and the file's provider configured for it. The returned function gives the
 * running service, from inside a test or a hook.
 */
export function useService(): () => Service {
  let started: Service | undefined;
  const service = (): Service => {
    if (!started)
      throw new Error(
        "useService(): the service starts in beforeAll; call it from a test or a hook",
      );
    return started;
  };
  beforeAll(async () => {
    started = await startService();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(async () => {
    await service().reset();
    await service().configure();
  });
  return service;
}
