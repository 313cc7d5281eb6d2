// One API client per credential and address in the process. The pacing queues of the client
// are process-wide already (one pulumi-nodejs process serves every dynamic resource of a
// deployment); this cache also keeps one cookie session and connection pool per account.
import { createHash } from "node:crypto";
import { type ClientOptions, CollectorsClient } from "../../api";
import { currentSettings, SETTINGS, type Settings } from "./settings";

const clients = new Map<string, CollectorsClient>();
let extraOptions: Partial<ClientOptions> = {};

/** Options added to every client made from now on (tests: pacing, retry time scale). */
export function setClientDefaults(options: Partial<ClientOptions>): void {
  extraOptions = options;
  clients.clear();
}

function missing(what: "accessId" | "accessKey"): Error {
  const { key, env } = SETTINGS[what];
  const secret = what === "accessKey" ? "--secret " : "";
  return new Error(
    `No ${what} for the Collector Management service: run \`pulumi config set ${secret}${key} ` +
      `<value>\` on the stack, or set ${env} in the environment of \`pulumi\``,
  );
}

/** The client for the settings of this call (stack config, then the environment). */
export function clientFor(settings: Settings = currentSettings()): CollectorsClient {
  if (!settings.accessId) throw missing("accessId");
  if (!settings.accessKey) throw missing("accessKey");
  const keyHash = createHash("sha256").update(settings.accessKey).digest("hex");
  const cacheKey = [settings.accessId, keyHash, settings.deployment, settings.endpoint].join("|");
  let client = clients.get(cacheKey);
  if (!client) {
    client = new CollectorsClient({
      ...extraOptions,
      accessId: settings.accessId,
      accessKey: settings.accessKey,
      deployment: settings.deployment,
      endpoint: settings.endpoint,
      // The settings already applied the environment fallbacks, config first.
      env: {},
      userAgent: "pulumi-collectors (Pulumi dynamic provider)",
    });
    clients.set(cacheKey, client);
  }
  return client;
}
