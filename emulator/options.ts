import {
  type Accounts,
  type AccountsFile,
  accessIdProblem,
  parseAccountsFile,
  singleAccount,
} from "./accounts";

export interface EmulatorOptions {
  /** Interface to listen on; default "127.0.0.1". */
  host?: string;
  /** Port; default 8080; 0 picks a free port. */
  port?: number;
  /** One Enterprise account in us1 with one Manage user. */
  accessId?: string;
  accessKey?: string;
  /** Several accounts instead of accessId/accessKey. */
  accounts?: AccountsFile;
  /** Keep state on disk in this directory; default in memory. */
  dataDir?: string;
  /** Requests per second per user; default 4; 0 = off. */
  rateLimit?: number;
  /** Requests in flight per access key; default 10; 0 = off. */
  maxConcurrent?: number;
  /**
   * Authentications without a session cookie per access id per minute, successful ones too;
   * default 0 = not counted (failures are, see authFailuresPerMinute).
   */
  authPerMinute?: number;
  /**
   * Failed authentications per access id per minute (per client address for unknown ids) before
   * even the right key is refused without a session cookie; default 15; 0 = off.
   */
  authFailuresPerMinute?: number;
  /** Time a client has to send a whole request, headers and body, in ms; default 30 000; 0 = off. */
  bodyTimeoutMs?: number;
  /** Fastify request logging; default off. */
  logger?: boolean;
}

/** Fixed development credentials used when none are given (printed by `collectors serve`). */
export const DEV_ACCESS_ID = "devAccessId0001";
export const DEV_ACCESS_KEY = "devAccessKey0000000000000000000000000000000000000000000000000001";

/** Every default of the emulator, in one place. */
export const DEFAULTS = {
  host: "127.0.0.1",
  port: 8080,
  rateLimit: 4, // spec 8 (docs/reference/service/collector-management-api.md)
  maxConcurrent: 10, // spec 8 (docs/reference/service/collector-management-api.md)
  // Cookie-less successes are not counted: the Terraform provider's Go client keeps no cookie
  // jar and sends up to 240 Basic requests a minute, and its users never report throttle 401s.
  authPerMinute: 0,
  authFailuresPerMinute: 15, // live-service facts (docs/internals/service-research/live-service-facts.md): an old vendor talk gives 15 authentications a minute
  bodyTimeoutMs: 30_000,
  bodyLimitBytes: 1024 * 1024,
  /** Arrays and objects nested deeper than this in a JSON body are refused with a 400. */
  maxJsonDepth: 64,
  /** Headers over this many bytes are answered 431 (Node's default). */
  maxHeaderBytes: 16 * 1024,
} as const;

export interface ResolvedOptions {
  host: string;
  port: number;
  accounts: Accounts;
  dataDir: string | undefined;
  rateLimit: number;
  maxConcurrent: number;
  authPerMinute: number;
  authFailuresPerMinute: number;
  bodyTimeoutMs: number;
  logger: boolean;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be a number >= 0 (0 turns it off), got ${value}`);
  }
  return value;
}

export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  if (options.accounts && (options.accessId || options.accessKey)) {
    throw new Error("give either accounts or accessId/accessKey, not both");
  }
  if (Boolean(options.accessId) !== Boolean(options.accessKey)) {
    throw new Error("accessId and accessKey go together: give both or neither");
  }
  const badId = options.accessId === undefined ? undefined : accessIdProblem(options.accessId);
  if (badId) throw new Error(`accessId ${badId}`);
  const accounts = options.accounts
    ? parseAccountsFile(options.accounts)
    : singleAccount(options.accessId ?? DEV_ACCESS_ID, options.accessKey ?? DEV_ACCESS_KEY);
  const port = options.port ?? DEFAULTS.port;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`port must be an integer from 0 to 65535, got ${port}`);
  }
  return {
    host: options.host ?? DEFAULTS.host,
    port,
    accounts,
    dataDir: options.dataDir,
    rateLimit: nonNegative("rateLimit", options.rateLimit, DEFAULTS.rateLimit),
    maxConcurrent: nonNegative("maxConcurrent", options.maxConcurrent, DEFAULTS.maxConcurrent),
    authPerMinute: nonNegative("authPerMinute", options.authPerMinute, DEFAULTS.authPerMinute),
    authFailuresPerMinute: nonNegative(
      "authFailuresPerMinute",
      options.authFailuresPerMinute,
      DEFAULTS.authFailuresPerMinute,
    ),
    bodyTimeoutMs: nonNegative("bodyTimeoutMs", options.bodyTimeoutMs, DEFAULTS.bodyTimeoutMs),
    logger: options.logger ?? false,
  };
}
