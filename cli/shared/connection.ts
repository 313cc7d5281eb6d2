// The connection flags every fleet command takes, and the client made from them. Flags win over
// the COLLECTORS_* environment variables; the client's own configuration resolution does the
// rest (defaults, endpoint normalisation, the messages for what is missing).

import { type ClientOptions, CollectorsClient, ENV, InputError } from "../../provider/api";
import type { Command } from "./commander";
import { UsageError } from "./output";

/** The client's per-exchange log lines start with the method. */
const EXCHANGE = /^(GET|POST|PUT|DELETE) /;

export interface ConnectionFlags {
  accessId?: string;
  accessKey?: string;
  deployment?: string;
  endpoint?: string;
  verbose?: boolean;
}

/** Adds --access-id, --access-key, --deployment, --endpoint and --verbose to a command. */
export function addConnectionOptions(command: Command): Command {
  return command
    .option("--access-id <id>", `access id (default: $${ENV.accessId})`)
    .option(
      "--access-key <key>",
      `access key (default: $${ENV.accessKey}; prefer the variable: flags show up in process lists)`,
    )
    .option(
      "--deployment <name>",
      `deployment of the account, e.g. eu (default: $${ENV.deployment} or us1)`,
    )
    .option(
      "--endpoint <url>",
      `API base URL instead of the deployment's, e.g. http://127.0.0.1:8080/api/v1 for \`collectors serve\` (default: $${ENV.endpoint})`,
    )
    .option("--verbose", "log every HTTP exchange (method, path, status, time) to stderr");
}

/**
 * The client for a command. `env` stands in for process.env (tests); `log` receives the
 * exchanges when --verbose is given. Throws the client's InputError when something is missing.
 */
export function clientFromFlags(
  flags: ConnectionFlags,
  env: Record<string, string | undefined>,
  log: (line: string) => void,
): CollectorsClient {
  const options: ClientOptions = {
    accessId: flags.accessId,
    accessKey: flags.accessKey,
    env,
    userAgent: "pulumi-collectors-cli",
    // Without --verbose the client's warnings (a 301 moved, …) still reach stderr, but not the
    // one line per exchange.
    logger: flags.verbose ? log : (line) => (EXCHANGE.test(line) ? undefined : log(line)),
  };
  // Only pass addressing given on the command line: the client lets explicit options win over
  // the environment as a whole, so an absent flag must stay absent.
  if (flags.deployment !== undefined) options.deployment = flags.deployment;
  if (flags.endpoint !== undefined) options.endpoint = flags.endpoint;
  try {
    return new CollectorsClient(options);
  } catch (error) {
    // The client words these for code ("pass { accessId }"); say it the command line's way.
    if (
      error instanceof InputError &&
      (error.field === "accessId" || error.field === "accessKey")
    ) {
      const flag = error.field === "accessId" ? "--access-id" : "--access-key";
      throw new UsageError(
        `no ${error.field === "accessId" ? "access id" : "access key"}: pass ${flag} or set ${ENV[error.field]}`,
      );
    }
    throw error;
  }
}
