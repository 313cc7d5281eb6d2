// `collectors migrate terraform STATE` and `collectors migrate pulumi STACK_EXPORT`: registered
// in cli/main.ts; the work is in run.ts.
import { text } from "node:stream/consumers";
import { addProjectOptions } from "../export/command";
import { type CommandIO, commandAction, processIO } from "../shared/action";
import type { Command } from "../shared/commander";
import { addConnectionOptions } from "../shared/connection";
import { type MigrateOptions, runMigrate, type Tool } from "./run";

/** What the command reads besides its flags; tests give their own. */
export interface MigrateInput {
  readStdin(): Promise<string>;
}

const TOOLS: Record<Tool, { argument: string; description: string }> = {
  terraform: {
    argument: "the JSON of `terraform state pull` (version 4), or - to read it from stdin",
    description:
      "Write a Pulumi project that takes over the collectors and sources a Terraform state manages\n" +
      "(sumologic_collector, sumologic_installed_collector, sumologic_*_source), and its OpenTelemetry\n" +
      "collectors and source templates (sumologic_ot_collector, sumologic_source_template), named after\n" +
      "their addresses, and print how Terraform lets go of them. Writes nothing to the service or the state.",
  },
  pulumi: {
    argument: "the JSON of `pulumi stack export` of a stack on @pulumi/sumologic, or - for stdin",
    description:
      "Write a Pulumi project that takes over the collectors and sources, OpenTelemetry collectors\n" +
      "and source templates of a stack on the bridged @pulumi/sumologic, with their logical names,\n" +
      "and print the `pulumi state delete` lines that make the old stack forget them. Writes nothing\n" +
      "to the service or the stack.",
  },
};

export function registerMigrate(
  program: Command,
  io: CommandIO = processIO(),
  input: MigrateInput = { readStdin: () => text(process.stdin) },
): void {
  const migrate = program
    .command("migrate")
    .description(
      "Bring collectors and sources, OpenTelemetry collectors and source templates managed by Terraform or @pulumi/sumologic under this package.",
    );
  for (const [tool, about] of Object.entries(TOOLS) as [Tool, (typeof TOOLS)[Tool]][]) {
    const command = migrate
      .command(tool)
      .description(about.description)
      .argument("<state>", about.argument);
    addProjectOptions(command);
    const action = commandAction<MigrateOptions>(
      (client, flags, output, context) =>
        runMigrate(tool, client, flags, output, { env: io.env, ...input }, context.interrupt),
      io,
      { interruptible: true },
    );
    addConnectionOptions(command).action((file: string, flags: MigrateOptions) =>
      action({ ...flags, file }),
    );
  }
}
