// The local service as a test fixture: started inside the test process on a free loopback port,
// with two users in one account — the one a test's Pulumi program signs in as, and the kit's own
// for seeding, so that what a test seeds neither counts against the program's rate limit nor
// shows among the program's requests. Everything beyond the API goes through the service's
// control API over HTTP, as a test in another language would reach it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { type LoggedRequest, type RunningEmulator, startEmulator } from "../emulator";
import type { FaultKind } from "../emulator/http/faults";
import { CollectorsClient, type OtCollector } from "../provider/api";

export type { LoggedRequest };

export interface LocalServiceOptions {
  /** Requests per second per user; default 4, the live service's. 0 turns it off. */
  rateLimit?: number;
  /** Requests in flight per access key; default 10, the live service's. 0 turns it off. */
  maxConcurrent?: number;
  /**
   * Keep the service's data on disk: in this folder, or with `true` in a temporary one that
   * `stop()` deletes. Default: in memory.
   */
  persist?: string | true;
}

/** Which of the program's requests to return: all by default. */
export interface RequestFilter {
  /** "GET", "POST", …; any case. */
  method?: string;
  /**
   * The path after the API's base (`/collectors/12/sources`): a string must equal it, a regular
   * expression must match it.
   */
  path?: string | RegExp;
}

/** A Pulumi stack config value, in the Automation API's shape (`stack.setAllConfig`). */
export interface ConfigValue {
  value: string;
  secret?: boolean;
}

/** What an Installed Collector tells the service when it first connects. */
export interface InstalledCollectorRegistration {
  name: string;
  collectorVersion?: string;
  osName?: string;
  osVersion?: string;
  osArch?: string;
  ephemeral?: boolean;
  sourceSyncMode?: "UI" | "Json";
  hostName?: string;
  timeZone?: string;
  /** Keep sending heartbeats, so it stays alive as time passes. */
  autoHeartbeat?: boolean;
}

/** What an OpenTelemetry collector tells the service when it first connects. */
export interface OtCollectorRegistration {
  name: string;
  description?: string;
  category?: string;
  timeZone?: string;
  /** Its tags; keys starting `sumo.disco` are the service's own, which only a host reports. */
  tags?: Record<string, string>;
  /** Deleted by the service after 12 hours offline; default false. */
  ephemeral?: boolean;
  /** Configured through source templates (true, the default) or by a local file. */
  isRemotelyManaged?: boolean;
  systemInfo?: {
    hostName?: string;
    hostOsName?: string;
    hostOsVersion?: string;
    hostIpAddress?: string;
    hostEnv?: string;
  };
  /** The build it runs; default the latest the service offers. */
  version?: string;
  /** Keep sending heartbeats, so it stays alive as time passes. */
  autoHeartbeat?: boolean;
}

/** Which requests a fault fires on, and how often. */
interface FaultMatch {
  /** Share of matching requests it fires on, 0 to 1; default 1. */
  rate?: number;
  /** How many times it fires at most; default unlimited. */
  count?: number;
  method?: string;
  /** A regular expression (as text) matched against the path after the API's base. */
  path?: string;
}

/** A failure the service injects into matching API requests (control API `/faults`). */
export type Fault = FaultMatch &
  (
    | { kind: Exclude<FaultKind, "latency" | "stall"> }
    /** Adds `latencyMs` (default 1000) before the request is handled. */
    | { kind: "latency"; latencyMs?: number }
    /** Handles and commits the request, then holds its answer `stallMs` (or until the client goes away). */
    | { kind: "stall"; stallMs: number }
  );

const API_BASE = /^(?:\/[a-z]{2,3}\d*)?\/api\/v1/;

/** Credentials made up for one service: unique per fixture, so parallel tests never share one. */
function madeUpUser(role: string) {
  const tag = randomBytes(6).toString("hex");
  return {
    accessId: `su${role}${tag}`,
    accessKey: `${role}-${tag}-${randomBytes(24).toString("hex")}`,
    role: "manage" as const,
  };
}

export class LocalService {
  /** The base URL of the API, e.g. `http://127.0.0.1:40123/api/v1`: `collectors:endpoint`. */
  readonly endpoint: string;
  /** The program's credentials: `collectors:accessId` and `collectors:accessKey`. */
  readonly accessId: string;
  readonly accessKey: string;
  /**
   * A typed client of the whole API (`pulumi-collectors/api`), signed in as the kit's own user:
   * for seeding objects a program adopts or reads, and for checking what the service holds.
   */
  readonly client: CollectorsClient;
  /** The folder the service keeps its data in; undefined when in memory. */
  readonly storeDir: string | undefined;
  readonly #running: RunningEmulator;
  readonly #tempDir: string | undefined;
  #stopped: Promise<void> | undefined;

  private constructor(
    running: RunningEmulator,
    program: { accessId: string; accessKey: string },
    seeder: { accessId: string; accessKey: string },
    store: { dir: string | undefined; temporary: boolean },
  ) {
    this.#running = running;
    this.storeDir = store.dir;
    this.#tempDir = store.temporary ? store.dir : undefined;
    this.endpoint = running.url;
    this.accessId = program.accessId;
    this.accessKey = program.accessKey;
    // The kit's client retries what the service's rate limit refuses, as the provider does.
    this.client = new CollectorsClient({ endpoint: running.url, ...seeder });
  }

  /** Starts a service on a free port of 127.0.0.1 and resolves once it accepts connections. */
  static async start(options: LocalServiceOptions = {}): Promise<LocalService> {
    const program = madeUpUser("Program");
    const seeder = madeUpUser("Seeder");
    const tempDir =
      options.persist === true ? mkdtempSync(join(tmpdir(), "collectors-local-")) : undefined;
    const dataDir = tempDir ?? (typeof options.persist === "string" ? options.persist : undefined);
    try {
      const running = await startEmulator({
        host: "127.0.0.1",
        port: 0,
        ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
        ...(options.maxConcurrent === undefined ? {} : { maxConcurrent: options.maxConcurrent }),
        ...(dataDir ? { dataDir } : {}),
        accounts: {
          accounts: [
            { name: "local", deployment: "us1", type: "Enterprise", users: [program, seeder] },
          ],
        },
      });
      return new LocalService(running, program, seeder, {
        dir: dataDir,
        temporary: tempDir !== undefined,
      });
    } catch (error) {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** The stack config that points the `collectors` provider at this service. */
  get config(): Record<string, ConfigValue> {
    return {
      "collectors:endpoint": { value: this.endpoint },
      "collectors:accessId": { value: this.accessId },
      "collectors:accessKey": { value: this.accessKey, secret: true },
    };
  }

  /** The same settings as environment variables, for a `pulumi` or `collectors` command. */
  get env(): Record<string, string> {
    return {
      COLLECTORS_ENDPOINT: this.endpoint,
      COLLECTORS_ACCESS_ID: this.accessId,
      COLLECTORS_ACCESS_KEY: this.accessKey,
    };
  }

  /** The API requests the program made, oldest first (the service keeps the last 10,000). */
  async requests(filter: RequestFilter = {}): Promise<LoggedRequest[]> {
    const { requests } = (await this.#control("GET", "/requests")) as {
      requests: LoggedRequest[];
    };
    const method = filter.method?.toUpperCase();
    return requests.filter((r) => {
      if (r.accessId !== this.accessId) return false;
      if (method && r.method !== method) return false;
      const path = r.path.replace(API_BASE, "");
      if (typeof filter.path === "string") return path === filter.path;
      return filter.path ? filter.path.test(path) : true;
    });
  }

  /** An Installed Collector connecting for the first time; resolves to its collector. */
  async registerInstalledCollector(
    registration: InstalledCollectorRegistration,
  ): Promise<{ id: number; name: string; [field: string]: unknown }> {
    const { collector } = (await this.#control("POST", "/installed-collectors", {
      collectorVersion: "19.0-1",
      osName: "Linux",
      osVersion: "6.1",
      osArch: "amd64",
      ephemeral: false,
      ...registration,
    })) as { collector: { id: number; name: string } };
    return collector;
  }

  /**
   * An OpenTelemetry collector connecting for the first time (the API cannot create one);
   * resolves to it as `GET /otCollectors/{id}` shows it, its id 16 hexadecimal characters.
   */
  async registerOtCollector(registration: OtCollectorRegistration): Promise<OtCollector> {
    return (await this.#control("POST", "/ot-collectors", registration)) as OtCollector;
  }

  /** Makes matching API requests fail (or slow down) until `clearFaults()`. */
  async addFault(fault: Fault): Promise<void> {
    await this.#control("POST", "/faults", fault);
  }

  async clearFaults(): Promise<void> {
    await this.#control("DELETE", "/faults");
  }

  /** Forgets every object, session, fault and logged request: a fresh service, same port. */
  async reset(): Promise<void> {
    await this.#control("POST", "/reset");
  }

  /** Stops the service and frees its port; deletes the temporary store. Safe to call twice. */
  stop(): Promise<void> {
    this.#stopped ??= this.#running.close().finally(() => {
      if (this.#tempDir) rmSync(this.#tempDir, { recursive: true, force: true });
    });
    return this.#stopped;
  }

  /** `await using service = await LocalService.start()` stops it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.stop();
  }

  async #control(method: "GET" | "POST" | "DELETE", path: string, body?: unknown) {
    const res = await request(`${this.#running.origin}/_emulator${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    const answer = (await res.body.json()) as Record<string, unknown>;
    if (res.statusCode >= 300) {
      // The control API's errors carry their message at the top (`{status, id, code, message}`).
      throw new Error(
        `local service: ${method} ${path} failed (${res.statusCode}): ${answer.message}`,
      );
    }
    return answer;
  }
}

/** Starts the local service for a test: `LocalService.start` under the name tests read best. */
export const startLocalService = LocalService.start;
