// The recorded upgrade states: what scripts/record-states.ts writes at a release under
// test/upgrade/<version>/, and what test/e2e/upgrade-states.test.ts restores with the code at
// HEAD. One folder per released version, kept for good; in it `accounts.json` (the service's
// users the recording ran with) and one folder per front end holding the program as recorded,
// its stack config, the exported state, the service's store and `recording.json`.
// Repository tooling: not published.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compare, valid } from "semver";

/** The two ways a user writes a program: the TypeScript classes, and YAML on the plugin. */
export const FRONT_ENDS = ["typescript", "yaml"] as const;
export type FrontEnd = (typeof FRONT_ENDS)[number];

/** The stack every recording is made in (and imported into). */
export const STACK = "dev";

/** The files of one front end's folder, besides the program. */
export const FILES = {
  /** `pulumi stack export` after the recording's `up`. */
  state: "state.json",
  /** The stack's config, secrets encrypted with the stack's salt and the fixed passphrase. */
  stackConfig: `Pulumi.${STACK}.yaml`,
  /** The local service's data folder (its SQLite file), as the recording left it. */
  store: "store",
  recording: "recording.json",
} as const;

/** The version folder's file of the service's accounts. */
export const ACCOUNTS_FILE = "accounts.json";

/** What a test needs to know of a recording beyond its files. */
export interface Recording {
  version: string;
  frontEnd: FrontEnd;
  /** The user the stack runs as (its key is in the stack config, encrypted). */
  accessId: string;
  /** The Installed Collector the program adopts (registered before the recording). */
  installed: { id: number; name: string; version: string };
  /** Every kind the program holds a resource of (ENTITY_KINDS at the recording). */
  kinds: string[];
  /** The stack's resources that are objects on the service, Installed Collector included. */
  objects: number;
  /** The logical name of the Hosted Collector whose description config `description` sets. */
  described: string;
}

/**
 * The service's origin as recorded. The recording's service listened on a port of its own and a
 * test's listens on another. The URL is in the stack config (`collectors:endpoint`), which
 * preview and up read, and in the state, in the default provider's inputs (the plugin's, and
 * pulumi-nodejs's for the dynamic provider), which refresh and destroy configure the providers
 * from without running the program. Rewriting only the config is not enough: refresh then fails
 * on the old address. So the recorder writes this placeholder in both files and a test puts its
 * own origin back in both: the restored stack is what the recording left, pointed at the
 * restored service, as a user's stack keeps its endpoint across an upgrade. (An endpoint change
 * is no replacement anyway: the plugin's DiffConfig never asks for one, and the engine plans no
 * step for a default provider whose endpoint alone changed.) A host under `.invalid` never
 * resolves: a file left with the placeholder fails at once, never reaching another local port.
 */
export const ORIGIN_PLACEHOLDER = "http://recorded-service.invalid";

/** The recording's text with its service's origin replaced by the placeholder. */
export function withPlaceholder(text: string, origin: string): string {
  return text.replaceAll(origin, ORIGIN_PLACEHOLDER);
}

/** The recorded text pointed at the service listening at `origin`. */
export function pointedAt(text: string, origin: string): string {
  return text.replaceAll(ORIGIN_PLACEHOLDER, origin);
}

/** test/upgrade/ of the repository at `root`. */
export const upgradeStatesDir = (root: string): string => join(root, "test", "upgrade");

/** The versions recorded under test/upgrade/, oldest first. */
export function recordedVersions(root: string): string[] {
  const dir = upgradeStatesDir(root);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && valid(entry.name) !== null)
    .map((entry) => entry.name)
    .sort(compare);
}
