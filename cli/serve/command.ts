import { readFileSync } from "node:fs";
import {
  DEFAULTS,
  DEV_ACCESS_ID,
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator,
} from "../../emulator";
import { parseAccountsFile } from "../../emulator/accounts";
import { type Command, InvalidArgumentError } from "../shared/commander";
import { EXIT, UsageError } from "../shared/output";

function count(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n)) {
      throw new InvalidArgumentError(`${name} must be a number >= 0 (0 turns it off).`);
    }
    return n;
  };
}

function portNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new InvalidArgumentError("the port must be an integer from 0 to 65535.");
  return n;
}

interface ServeFlags {
  host: string;
  port: number;
  accessId?: string;
  accessKey?: string;
  accounts?: string;
  data?: string;
  rateLimit: number;
  maxConcurrent: number;
  authPerMinute: number;
  authFailuresPerMinute: number;
  bodyTimeout: number;
  log: boolean;
  json: boolean;
}

/** The --accounts file, checked; a UsageError naming the flag, the file and what is wrong. */
function readAccounts(file: string) {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const what = error instanceof SyntaxError ? "not valid JSON" : "cannot be read";
    throw new UsageError(`--accounts ${file}: ${what} (${(error as Error).message})`);
  }
  try {
    return parseAccountsFile(value);
  } catch (error) {
    throw new UsageError(`--accounts ${file}: ${(error as Error).message}`);
  }
}

/**
 * The accepted credentials for the start-up line. The development credentials are printed in
 * full (they are public anyway); credentials the user chose are shown by access id only.
 */
function describeCredentials(
  running: RunningEmulator,
  flags: ServeFlags,
  options: EmulatorOptions,
): string {
  if (!flags.accessId && !flags.accounts) {
    const dev = running.credentials[0];
    return `development credentials: accessId=${dev?.accessId} accessKey=${dev?.accessKey}`;
  }
  const accounts = options.accounts?.accounts ?? [];
  if (accounts.length === 0) return `credentials: accessId=${flags.accessId} (access key as given)`;
  const list = accounts.map(
    (a) =>
      `${a.name} (${a.deployment}, ${a.type}): ${a.users.map((u) => `${u.accessId}/${u.role}`).join(", ")}`,
  );
  return `accounts: ${list.join("; ")} (access keys as given)`;
}

/**
 * The --json ready line, for a test in any language that starts the service as a process: where
 * it is and how to sign in (the first user's credentials; the asker chose them or they are the
 * public development ones), and the pid to stop.
 */
function readyLine(running: RunningEmulator, flags: ServeFlags) {
  const first = running.credentials[0];
  return {
    endpoint: running.url,
    accessId: first?.accessId,
    accessKey: first?.accessKey,
    pid: process.pid,
    dataDir: flags.data ?? null,
  };
}

async function serve(flags: ServeFlags): Promise<void> {
  const options: EmulatorOptions = {
    host: flags.host,
    port: flags.port,
    rateLimit: flags.rateLimit,
    maxConcurrent: flags.maxConcurrent,
    authPerMinute: flags.authPerMinute,
    authFailuresPerMinute: flags.authFailuresPerMinute,
    bodyTimeoutMs: flags.bodyTimeout * 1000,
    logger: flags.log,
  };
  if (flags.accounts) options.accounts = readAccounts(flags.accounts);
  if (flags.accessId || flags.accessKey) {
    options.accessId = flags.accessId;
    options.accessKey = flags.accessKey;
  }
  if (flags.data) options.dataDir = flags.data;
  const running = await startEmulator(options);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`error while stopping on ${signal}: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  // Ready only once a stop signal is handled: a test may send one as soon as it reads this.
  if (flags.json) {
    console.log(JSON.stringify(readyLine(running, flags)));
  } else {
    const store = flags.data ? `data in ${flags.data}` : "data in memory";
    console.log(
      `Collector Management emulator listening on ${running.url} — ${describeCredentials(running, flags, options)} — ${store}`,
    );
  }
}

/** `collectors serve`: the local Collector Management service. */
export function registerServe(program: Command): void {
  program
    .command("serve")
    .description("Run the local Collector Management service (an emulator of the whole API).")
    .option("--host <host>", "interface to listen on", DEFAULTS.host)
    .option("--port <port>", "port to listen on; 0 picks a free one", portNumber, DEFAULTS.port)
    .option(
      "--access-id <id>",
      `access id of the one Manage user (default: ${DEV_ACCESS_ID}, printed)`,
    )
    .option("--access-key <key>", "access key of that user")
    .option("--accounts <file>", "JSON file with several accounts and users instead")
    .option("--data <dir>", "keep state on disk in this directory (default: in memory)")
    .option(
      "--rate-limit <n>",
      "requests per second per user; 0 = off",
      count("--rate-limit"),
      DEFAULTS.rateLimit,
    )
    .option(
      "--max-concurrent <n>",
      "requests in flight per access key; 0 = off",
      count("--max-concurrent"),
      DEFAULTS.maxConcurrent,
    )
    .option(
      "--auth-per-minute <n>",
      "authentications without a session cookie per access id per minute, successful ones too; 0 = not counted",
      count("--auth-per-minute"),
      DEFAULTS.authPerMinute,
    )
    .option(
      "--auth-failures-per-minute <n>",
      "failed authentications per access id per minute before its right key is refused too; 0 = off",
      count("--auth-failures-per-minute"),
      DEFAULTS.authFailuresPerMinute,
    )
    .option(
      "--body-timeout <seconds>",
      "time a client has to send a whole request, body included; 0 = off",
      count("--body-timeout"),
      DEFAULTS.bodyTimeoutMs / 1000,
    )
    .option("--log", "log every request (Fastify's JSON log)", false)
    .option(
      "--json",
      "print one JSON line when ready instead of the banner: endpoint, accessId, accessKey, pid, dataDir",
      false,
    )
    .action(async (flags: ServeFlags) => {
      if (flags.accounts && (flags.accessId || flags.accessKey)) {
        program.error("error: give either --accounts or --access-id/--access-key, not both");
      }
      if (Boolean(flags.accessId) !== Boolean(flags.accessKey)) {
        program.error("error: --access-id and --access-key go together");
      }
      try {
        await serve(flags);
      } catch (error) {
        const err = error as NodeJS.ErrnoException;
        const hint =
          err.code === "EADDRINUSE"
            ? ` (port ${flags.port} is taken: pick another with --port, or 0 for a free one)`
            : "";
        const exitCode = error instanceof UsageError ? EXIT.usage : EXIT.failed;
        program.error(`error: ${err.message}${hint}`, { exitCode });
      }
    });
}
