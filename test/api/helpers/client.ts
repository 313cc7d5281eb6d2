// Clients for tests: a fresh access id each (the limiter and cookie jar are process-wide, keyed
// by credential), pacing off unless asked for, backoffs scaled to milliseconds, log lines kept.
import { randomUUID } from "node:crypto";
import { type ClientOptions, CollectorsClient } from "../../../provider/api";

export interface TestClient {
  client: CollectorsClient;
  logs: string[];
  accessId: string;
  accessKey: string;
  /** Every credential form that must never appear in a message or log line. */
  secrets: string[];
}

export function testCredentials() {
  const tag = randomUUID().slice(0, 8);
  return { accessId: `suAccessId${tag}`, accessKey: `secretKey${tag}${randomUUID()}` };
}

export function makeClient(
  endpoint: string,
  options: ClientOptions = {},
  credentials = testCredentials(),
): TestClient {
  const logs: string[] = [];
  const client = new CollectorsClient({
    ...credentials,
    endpoint,
    limits: false,
    retry: { timeScale: 0.001 },
    logger: (line) => logs.push(line),
    env: {},
    ...options,
  });
  const { accessId, accessKey } = credentials;
  const token = Buffer.from(`${accessId}:${accessKey}`).toString("base64");
  return { client, logs, accessId, accessKey, secrets: [accessId, accessKey, token] };
}

/** A Collector as the service would return it. */
export function collector(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `collector-${id}`,
    collectorType: "Hosted",
    collectorVersion: "",
    ephemeral: false,
    alive: true,
    ...extra,
  };
}
