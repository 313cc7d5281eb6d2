// The recorded states `collectors migrate` reads in its tests (test/migrate/): a Terraform state
// written by the real SumoLogic provider and a @pulumi/sumologic stack export, each with the local
// service's store as it was when recorded, served here from a copy.
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { DEV_ACCESS_ID, DEV_ACCESS_KEY } from "../../../emulator/options";
import { CollectorsClient } from "../../../provider/api";

const ROOT = join(__dirname, "..", "..", "..");
export const TERRAFORM = join(ROOT, "test", "migrate", "terraform", "3.2.10");
export const PULUMI = join(ROOT, "test", "migrate", "pulumi");

export const TERRAFORM_STATE = join(TERRAFORM, "state.json");
export const STACK_EXPORT = join(PULUMI, "stack-export.json");

/** The local service on a copy of a recording's store, and a client of its recording user. */
export interface Recorded {
  emulator: RunningEmulator;
  client: CollectorsClient;
  /** The service's request log: method and path of every API request so far. */
  requests(): Promise<{ method: string; path: string }[]>;
  close(): Promise<void>;
}

export async function serveRecording(folder: string): Promise<Recorded> {
  const dataDir = mkdtempSync(join(tmpdir(), "migrate-store-"));
  cpSync(join(folder, "store"), dataDir, { recursive: true });
  const emulator = await startEmulator({ host: "127.0.0.1", port: 0, dataDir, rateLimit: 0 });
  const client = new CollectorsClient({
    endpoint: emulator.url,
    accessId: DEV_ACCESS_ID,
    accessKey: DEV_ACCESS_KEY,
    env: {},
  });
  return {
    emulator,
    client,
    requests: async () => {
      const res = await fetch(`${emulator.origin}/_emulator/requests`);
      return ((await res.json()) as { requests: { method: string; path: string }[] }).requests;
    },
    close: async () => {
      await emulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Terraform attribute names under which the provider keeps a credential (an AWS key id is not one). */
const TERRAFORM_CREDENTIAL =
  /^(url|token|secret_key|password|private_key|private_key_id|client_secret|shared_access_policy_key|apiKey)$/;

/**
 * The same in a @pulumi/sumologic stack export (camelCase; an S3 source's `accessKey` is the AWS
 * key id), and the stack output of a URL.
 */
const PULUMI_CREDENTIAL =
  /^(url|webUrl|token|secretKey|password|privateKey|privateKeyId|clientSecret|sharedAccessPolicyKey|apiKey)$/;

/**
 * Every credential the JSON file holds in clear under a key `credential` matches, wherever it
 * is, and inside a `config` held as JSON text (a Terraform Cloud-to-Cloud source's); a mask
 * (`********`) is not one.
 */
function credentialsIn(file: string, credential: RegExp): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, key: string): void => {
    if (key === "config" && typeof value === "string") {
      visit(JSON.parse(value), "");
    } else if (typeof value === "string") {
      if (credential.test(key) && value !== "" && !/^\*+$/.test(value)) found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) visit(v, k);
    }
  };
  visit(JSON.parse(readFileSync(file, "utf8")), "");
  return [...found];
}

/**
 * Every credential the Terraform state holds in clear: an HTTP source's url and token, a Cloud
 * Syslog token, a Cloud-to-Cloud config's API key (inside its JSON text), and the others where
 * the provider kept a value rather than the service's mask.
 */
export function terraformSecrets(): string[] {
  return credentialsIn(TERRAFORM_STATE, TERRAFORM_CREDENTIAL);
}

/**
 * Every credential the stack export holds in clear: the HTTP sources' `url` (in their outputs
 * and in the stack's output `webUrl`); the provider's access key is a ciphertext there.
 */
export function pulumiSecrets(): string[] {
  return credentialsIn(STACK_EXPORT, PULUMI_CREDENTIAL);
}
