// Where the stack export comes from: a file, stdin (`-`), or `pulumi stack export` run here.
import { readInput } from "../shared/input-file";
import { UsageError } from "../shared/output";
import { runPulumi } from "./pulumi";

export interface InputOptions {
  /** A path, `-` for stdin, or undefined to run `pulumi stack export`. */
  file?: string | undefined;
  stack?: string | undefined;
  cwd?: string | undefined;
}

export interface InputHost {
  env: Record<string, string | undefined>;
  readStdin(): Promise<string>;
}

/** Pulumi's global flags for the stack and the project directory, as given. */
export function stackFlags(options: InputOptions): string[] {
  return [
    ...(options.cwd === undefined ? [] : ["--cwd", options.cwd]),
    ...(options.stack === undefined ? [] : ["--stack", options.stack]),
  ];
}

/** The last lines of pulumi's own message, enough to say why it failed. */
function tail(text: string): string {
  const lines = text.trim().split("\n").slice(-5);
  return lines.length === 0 || lines[0] === "" ? "" : `:\n${lines.join("\n")}`;
}

/** The export's text and a name for it in messages. */
export async function readExport(
  options: InputOptions,
  host: InputHost,
): Promise<{ text: string; source: string }> {
  const { file } = options;
  if (file !== undefined) return readInput(file, "a `pulumi stack export` file", host.readStdin);
  const args = ["stack", "export", ...stackFlags(options)];
  const run = await runPulumi(args, { env: host.env, capture: true });
  if (run.code !== 0) {
    throw new UsageError(
      `\`pulumi ${args.join(" ")}\` failed (exit code ${run.code})${tail(run.stderr)}\n` +
        "Run it where the project is (or pass --cwd and --stack), or give the export as a file.",
    );
  }
  return { text: run.stdout, source: "the output of `pulumi stack export`" };
}
