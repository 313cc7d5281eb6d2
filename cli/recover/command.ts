// `collectors recover [FILE]`: after an interrupted `pulumi up`, finds on the service the objects
// the stack's pending creates were making, and says how to record their ids in the stack's state
// (--run records them). Registered in cli/main.ts; the work is in run.ts.
import { text } from "node:stream/consumers";
import { type CommandIO, commandAction, processIO } from "../shared/action";
import type { Command } from "../shared/commander";
import { addConnectionOptions } from "../shared/connection";
import { type RecoverOptions, runRecover } from "./run";

/** What the command reads besides its flags; tests give their own. */
export interface RecoverHost {
  readStdin(): Promise<string>;
}

function processHost(): RecoverHost {
  return { readStdin: () => text(process.stdin) };
}

export function registerRecover(
  program: Command,
  io: CommandIO = processIO(),
  host: RecoverHost = processHost(),
): void {
  const command = program
    .command("recover")
    .description(
      "After an interrupted `pulumi up`: finds the objects its pending creates made,\n" +
        "and says how to record their ids in the state (--run records them).",
    )
    .argument(
      "[file]",
      "the JSON of `pulumi stack export`, or - to read it from stdin (default: run `pulumi stack export` here; not with --run)",
    )
    .option("--stack <name>", "the stack (passed to pulumi as --stack)")
    .option("--cwd <dir>", "the Pulumi project's directory (passed to pulumi as --cwd)")
    .option(
      "--run",
      "record the ids: `pulumi stack import` of the state with them, then `pulumi refresh --yes --target ...`",
    )
    .option("--json", "print the findings and the command as JSON");
  const action = commandAction<RecoverOptions>((client, flags, output) => {
    // pulumi runs in the command's environment (its PATH finds pulumi), as the client reads it.
    const { env, onInterrupt } = io;
    return runRecover(client, flags, output, { env, onInterrupt, readStdin: host.readStdin });
  }, io);
  addConnectionOptions(command).action((file: string | undefined, flags: RecoverOptions) =>
    action({ ...flags, file }),
  );
}
