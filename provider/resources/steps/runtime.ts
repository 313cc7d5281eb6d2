// The Runtime: what the provider side runs with besides the settings (settings.ts): the clock,
// the time scale, the defaults of every wait and limit of the layer, the clients and the progress
// channel, in one object that the provider's entry (dispatch.ts) makes once per process and
// tests make for themselves.
import {
  batcherFor,
  type ClientOptions,
  type CollectorsClient,
  DEFAULT_BATCH,
  type ReadBatcher,
} from "../../api";
import { defaultSink, ProgressChannel, type ProgressSink } from "./progress";
import {
  type ConfigureRequest,
  clientFor,
  readStackConfig,
  resolveSettings,
  type Settings,
  type StackConfig,
} from "./settings";

/** Every wait and limit of the layer, in one place. */
export const DEFAULTS = {
  /** Between two status reads of an upgrade task; scaled. */
  upgradePollMs: 5_000,
  /** Polls of all waiting resources together stay under this rate (the limit is 4 per second). */
  upgradePollsPerSecond: 2,
  /** Transient status lines (the display's info column) at most this often. */
  upgradeStatusEveryMs: 30_000,
  /** The service fails a task that has not finished 30 minutes after its request (docs/reference/service/collector-management-api.md §3, 8). */
  serviceTaskLimitMs: 30 * 60_000,
  /** How long past that limit we still wait for the service to say so. */
  serviceLimitGraceMs: 2 * 60_000,
  /** Between two reads of a Universal source being deleted; scaled. */
  stoppingPollMs: 1_000,
  /** Give up (and fail the delete) when a deleted Universal source is still there after this. */
  stoppingLimitMs: 120_000,
  /** How long one progress line's delivery may hold up the lines after it. */
  progressLineMs: 2_000,
  /** How long an operation waits at its end for its progress lines to be delivered. */
  progressFlushMs: 2_000,
  /**
   * Reads (refresh, look-ups) of one collector's sources, or of collectors, that arrive within
   * this window are read with one list (provider/api/batch.ts). Not scaled. 0 turns batching
   * off for refresh: one GET per resource.
   */
  readBatchWindowMs: DEFAULT_BATCH.windowMs,
  /** How long a list's answer serves later reads, each object once. Not scaled. */
  listReuseMs: DEFAULT_BATCH.reuseMs,
};

export type Defaults = typeof DEFAULTS;

/** The environment variable that sets upgradePollMs for the provider process (e2e tests). */
export const POLL_INTERVAL_ENV = "COLLECTORS_UPGRADE_POLL_MS";

export interface RuntimeOptions {
  /** Milliseconds now; default Date.now. */
  now?: () => number;
  /**
   * Multiplies the pauses the layer and its clients choose themselves (backoff, pacing, poll
   * intervals), not the limits: 0.01 runs them in milliseconds. Default 1.
   */
  timeScale?: number;
  defaults?: Partial<Defaults>;
  /** Options for every client (tests: `limits: false`, `retry: false`). */
  client?: Partial<ClientOptions>;
  /** Where progress lines go; default the engine (or stderr outside it). */
  progress?: ProgressSink;
  /** The environment the settings fall back to; default process.env, read at each call. */
  env?: NodeJS.ProcessEnv;
}

/** What the provider side runs with; one per process, or one per test. */
export class Runtime {
  readonly now: () => number;
  readonly timeScale: number;
  readonly defaults: Defaults;
  readonly progress: ProgressChannel;
  /** Waits in progress, so an interrupt of the provider process can end them. */
  readonly waits = new Set<AbortController>();
  readonly #options: RuntimeOptions;
  readonly #clients = new Map<string, CollectorsClient>();
  #stack: StackConfig = {};

  constructor(options: RuntimeOptions = {}) {
    this.#options = options;
    this.now = options.now ?? Date.now;
    this.timeScale = options.timeScale ?? 1;
    this.defaults = { ...DEFAULTS, ...options.defaults };
    const sink = options.progress;
    this.progress = new ProgressChannel(() => sink ?? defaultSink(), this.defaults.progressLineMs);
  }

  /**
   * The runtime of a provider process: `options`, over the defaults and the poll interval its
   * environment sets.
   */
  static forProcess(env: NodeJS.ProcessEnv = process.env, options: RuntimeOptions = {}): Runtime {
    const poll = Number(env[POLL_INTERVAL_ENV]);
    return new Runtime({
      ...options,
      defaults: {
        ...(Number.isFinite(poll) && poll > 0 ? { upgradePollMs: poll } : {}),
        ...options.defaults,
      },
    });
  }

  /** The batched reads of a client (one per client), with this runtime's window and clock. */
  reads(client: CollectorsClient): ReadBatcher {
    return batcherFor(client, {
      windowMs: this.defaults.readBatchWindowMs,
      reuseMs: this.defaults.listReuseMs,
      now: this.now,
    });
  }

  /** Keeps the stack's collectors:* config for the calls that follow (once per process). */
  configure(request: ConfigureRequest | undefined): void {
    const config = request?.config;
    this.#stack = readStackConfig(config ? (key) => config.get(key) : undefined);
  }

  /** The settings for one call: the configured stack config first, then the environment. */
  settings(env: NodeJS.ProcessEnv = this.#options.env ?? process.env): Settings {
    return resolveSettings(this.#stack, env);
  }

  /**
   * The client for these settings. One per credential and address: the pacing queues of the
   * client are process-wide already (one pulumi-nodejs process serves every dynamic resource of
   * a deployment); this also keeps one cookie session and connection pool per account.
   */
  client(settings: Settings = this.settings()): CollectorsClient {
    return clientFor(settings, this.#clients, this.#options.client ?? {}, this.timeScale);
  }
}
