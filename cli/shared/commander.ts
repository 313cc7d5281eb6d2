// commander is ESM-only. Node 22 loads it with require() (require(esm)), which keeps the bin
// synchronous CommonJS; TypeScript's node16 mode needs the types imported as ESM explicitly.
import type * as Commander from "commander" with { "resolution-mode": "import" };
import { EXIT } from "./output";

const commander = require("commander") as typeof Commander;

export const { Command, CommanderError, InvalidArgumentError } = commander;
export type Command = Commander.Command;
export type CommanderError = Commander.CommanderError;

/**
 * For `exitOverride()`: commander's own parse errors (an unknown option, a value its parser
 * refuses, a missing required option or subcommand) are usage mistakes, so they end with exit 2
 * like the commands' own (EXIT.usage). Help and --version keep 0, and a command's own
 * `program.error(message, {exitCode})` keeps its code (1 by default). Commander has written the
 * message already; the CommanderError thrown carries the exit code to the caller.
 */
export function usageExit(error: CommanderError): void {
  if (error.code === "commander.executeSubCommandAsync") return; // not used here; never thrown
  if (error.exitCode === EXIT.ok || error.code === "commander.error") throw error;
  throw new CommanderError(EXIT.usage, error.code, error.message);
}
