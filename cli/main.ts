#!/usr/bin/env node
import { Command, CommanderError, usageExit } from "./commander";
import { registerExport } from "./export";
import { registerFleet } from "./fleet";
import { registerServe } from "./serve";

/** The `collectors` command. Each subcommand lives in its own file and registers itself here. */
export function buildProgram(): Command {
  const program = new Command("collectors")
    .description("Collector Management as code: the local service and fleet tools.")
    // Before the subcommands are registered: they inherit it.
    .exitOverride(usageExit);
  registerServe(program);
  registerFleet(program);
  registerExport(program);
  return program;
}

if (require.main === module) {
  buildProgram()
    .parseAsync(process.argv)
    .catch((error: unknown) => {
      if (error instanceof CommanderError) {
        process.exitCode = error.exitCode; // commander has already said why
        return;
      }
      console.error((error as Error).message);
      process.exit(1);
    });
}
