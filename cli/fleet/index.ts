// The fleet commands of the `collectors` bin, registered in one call from cli/main.ts.
import type { Command } from "../commander";
import { registerList } from "../list";
import { registerOffline } from "../offline";
import { registerUpgrade } from "../upgrade";
import type { CommandIO } from "./action";

export function registerFleet(program: Command, io?: CommandIO): void {
  registerList(program, io);
  registerUpgrade(program, io);
  registerOffline(program, io);
}
