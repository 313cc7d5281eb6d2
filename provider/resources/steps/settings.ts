// What the provider side runs with: the stack's `collectors:*` config, handed over by the engine
// through configure(), with the COLLECTORS_* environment variables as the fallback, resolved
// inside each call (never from inputs, never in outputs, never captured in the serialized
// provider), and the client those settings make.
import { createHash } from "node:crypto";
import { type ClientOptions, CollectorsClient } from "../../api";
import { resourceError } from "../kinds/errors";

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
