#!/usr/bin/env node
// First: on an old Node.js, say which one is needed before anything else loads.
import "./require-node";
import { packageInfo } from "../provider/plugin/version";
import { registerExport } from "./export";
import { registerList } from "./list/command";
import { registerMigrate } from "./migrate/command";
import { registerOffline } from "./offline/command";
import { registerOt } from "./ot/command";
import { registerRecover } from "./recover/command";
import { registerServe } from "./serve/command";
import type { CommandIO } from "./shared/action";
import { Command, CommanderError, usageExit } from "./shared/commander";
import { registerUpgrade } from "./upgrade/command";

/** The fleet commands (list, upgrade, offline, ot), on `io` instead of the process in tests. */
export function registerFleet(program: Command, io?: CommandIO): void {
  registerList(program, io);
  registerUpgrade(program, io);
  registerOffline(program, io);
  registerOt(program, io);
}

/** The `collectors` command. Each subcommand lives in its own folder and registers itself here. */
export function buildProgram(): Command {
  const program = new Command("collectors")
    .description("Collector Management as code: the local service and fleet tools.")
    // The self-contained executable has no package.json to look in: this is how to tell its version.
    .version(packageInfo().version)
    // Before the subcommands are registered: they inherit it.
    .exitOverride(usageExit);
  registerServe(program);
  registerFleet(program);
  registerExport(program);
  registerRecover(program);
  registerMigrate(program);
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
