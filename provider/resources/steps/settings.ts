// What the provider side runs with. The settings: the stack's `collectors:*` config, handed over
// by the engine through configure(), with the COLLECTORS_* environment variables as the
// fallback, resolved inside each call (never from inputs, never in outputs, never captured in
// the serialized provider). And the Runtime: the clock, the time scale, the defaults of every
// wait and limit of the layer, the clients and the progress channel, in one object that the
// provider's entry makes once per process and tests make for themselves.
import { createHash } from "node:crypto";
import {
  batcherFor,
  type ClientOptions,
  CollectorsClient,
  DEFAULT_BATCH,
  type ReadBatcher,
} from "../../api";
import { defaultSink, ProgressChannel, type ProgressSink } from "../kinds/progress";
import { resourceError } from "./errors";

export type OnConflict = "fail" | "overwrite";
export const ON_CONFLICT_VALUES: readonly OnConflict[] = ["fail", "overwrite"];
export const DEFAULT_ON_CONFLICT: OnConflict = "fail";

/** Config keys (namespace `collectors`) and their environment fallbacks. */
export const SETTINGS = {
  accessId: { key: "collectors:accessId", env: "COLLECTORS_ACCESS_ID" },
  accessKey: { key: "collectors:accessKey", env: "COLLECTORS_ACCESS_KEY" },
  deployment: { key: "collectors:deployment", env: "COLLECTORS_DEPLOYMENT" },
  endpoint: { key: "collectors:endpoint", env: "COLLECTORS_ENDPOINT" },
  onConflict: { key: "collectors:onConflict", env: "COLLECTORS_ON_CONFLICT" },
} as const;

type SettingName = keyof typeof SETTINGS;

export interface Settings {
  accessId: string | undefined;
  accessKey: string | undefined;
  deployment: string | undefined;
  endpoint: string | undefined;
  onConflict: OnConflict;
}

/** What the engine's configure request offers (pulumi.dynamic.ConfigureRequest). */
export interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

/** Values found in a stack's config, by setting. */
export type StackConfig = Partial<Record<SettingName, string>>;

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The collectors:* values a config getter has. */
export function readStackConfig(
  get: ((key: string) => string | undefined) | undefined,
): StackConfig {
  const found: StackConfig = {};
  for (const [name, { key }] of Object.entries(SETTINGS) as [SettingName, { key: string }][]) {
    let value: string | undefined;
    try {
      value = nonEmpty(get?.(key));
    } catch {
      // An engine that sent no config: the environment still applies.
    }
    if (value !== undefined) found[name] = value;
  }
  return found;
}

/** Settings from a stack's config, with the environment as the fallback. */
export function resolveSettings(config: StackConfig, env: NodeJS.ProcessEnv): Settings {
  const pick = (name: SettingName) => config[name] ?? nonEmpty(env[SETTINGS[name].env]);
  // Addressing comes as a whole from the config when the config has any, so a stale
  // COLLECTORS_ENDPOINT in the shell never overrides a stack's deployment.
  const configAddresses = config.deployment !== undefined || config.endpoint !== undefined;
  const address = (name: "deployment" | "endpoint") =>
    configAddresses ? config[name] : nonEmpty(env[SETTINGS[name].env]);
  const onConflict = pick("onConflict") ?? DEFAULT_ON_CONFLICT;
  if (!(ON_CONFLICT_VALUES as readonly string[]).includes(onConflict)) {
    throw resourceError("badOnConflict", { ...SETTINGS.onConflict, value: onConflict });
  }
  return {
    accessId: pick("accessId"),
    accessKey: pick("accessKey"),
    deployment: address("deployment"),
    endpoint: address("endpoint"),
    onConflict: onConflict as OnConflict,
  };
}

/** Every wait and limit of the layer, in one place. */
export const DEFAULTS = {
  /** Between two status reads of an upgrade task; scaled. */
  upgradePollMs: 5_000,
  /** Polls of all waiting resources together stay under this rate (the limit is 4 per second). */
  upgradePollsPerSecond: 2,
  /** Transient status lines (the display's info column) at most this often. */
  upgradeStatusEveryMs: 30_000,
  /** The service fails a task that has not finished 30 minutes after its request (docs/spec/collector-management-api.md §3, 8). */
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

  /** The runtime of a provider process: the defaults, and the poll interval from its environment. */
  static forProcess(env: NodeJS.ProcessEnv = process.env): Runtime {
    const poll = Number(env[POLL_INTERVAL_ENV]);
    return new Runtime(
      Number.isFinite(poll) && poll > 0 ? { defaults: { upgradePollMs: poll } } : {},
    );
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

/** The client for `settings` from `cache`, made with these options if it is not there yet. */
export function clientFor(
  settings: Settings,
  cache: Map<string, CollectorsClient>,
  options: Partial<ClientOptions> = {},
  timeScale = 1,
): CollectorsClient {
  for (const what of ["accessId", "accessKey"] as const) {
    if (!settings[what]) throw resourceError("missingCredential", { what, ...SETTINGS[what] });
  }
  const accessKey = settings.accessKey as string;
  const keyHash = createHash("sha256").update(accessKey).digest("hex");
  const cacheKey = [settings.accessId, keyHash, settings.deployment, settings.endpoint].join("|");
  let client = cache.get(cacheKey);
  if (!client) {
    const scaled = <T extends object>(given: T | false | undefined) =>
      given === false ? false : { timeScale, ...given };
    client = new CollectorsClient({
      ...options,
      retry: scaled(options.retry),
      limits: scaled(options.limits),
      accessId: settings.accessId as string,
      accessKey,
      deployment: settings.deployment,
      endpoint: settings.endpoint,
      // The settings already applied the environment fallbacks, config first.
      env: {},
      userAgent: "pulumi-collectors (Pulumi dynamic provider)",
    });
    cache.set(cacheKey, client);
  }
  return client;
}
