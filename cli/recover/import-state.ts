// --run: records the objects found in the stack's state. Pulumi's own `refresh
// --import-pending-creates` does not (it turns each pending create into a pending import that
// nothing reads, and the refresh drops it), so the state is edited as Pulumi's troubleshooting
// guide does by hand: the new deployment (record.ts) goes in with `pulumi stack import`, then
// `pulumi refresh --target` has the provider read each recorded object by its id and fill its
// outputs in.
import { EXIT, type Output } from "../shared/output";
import { commandLine } from "../shared/shell";
import { type InputOptions, stackFlags } from "./input";
import { withPrivateFile } from "./private-file";
import { runPulumi } from "./pulumi";

export interface ImportHost {
  env: Record<string, string | undefined>;
  /** Calls the handler on Ctrl-C instead of ending the process; returns the function that stops. */
  onInterrupt(handler: () => void): () => void;
}

/** `pulumi stack import` of the deployment in `path` (pulumi's args, without `pulumi`). */
export function importArgs(path: string, options: InputOptions): string[] {
  return ["stack", "import", ...stackFlags(options), "--file", path];
}

/** `pulumi refresh` of the recorded resources only; --yes when nobody is to answer its question. */
export function refreshArgs(urns: readonly string[], options: InputOptions, yes = true): string[] {
  return [
    "refresh",
    ...(yes ? ["--yes"] : []),
    ...stackFlags(options),
    ...urns.flatMap((urn) => ["--target", urn]),
  ];
}

/**
 * Imports `deployment` into the stack, then refreshes `urns`; each command is printed (stderr)
 * as it starts. Returns the first non-zero exit code of pulumi, else 0.
 */
export async function importAndRefresh(
  deployment: string,
  urns: readonly string[],
  options: InputOptions,
  host: ImportHost,
  output: Output,
): Promise<number> {
  // Ctrl-C reaches pulumi too, which stops on its own: this process waits for it, so that the
  // state's copy is removed, and starts nothing after it.
  let interrupted = false;
  const stopListening = host.onInterrupt(() => {
    interrupted = true;
  });
  const run = async (args: string[]) => {
    output.err(`Running: ${commandLine(["pulumi", ...args])}`);
    return (await runPulumi(args, { env: host.env, capture: false })).code;
  };
  const again = commandLine(["pulumi", ...refreshArgs(urns, options, false)]);
  try {
    const imported = await withPrivateFile("deployment.json", deployment, (path) =>
      run(importArgs(path, options)),
    );
    if (imported !== 0) {
      output.err(`\`pulumi stack import\` failed (exit code ${imported}): pulumi refresh not run.`);
      return imported;
    }
    if (interrupted) {
      output.err(
        `Interrupted. The ids are recorded; to read the objects from the service: ${again}`,
      );
      return EXIT.interrupted;
    }
    const refreshed = await run(refreshArgs(urns, options));
    if (refreshed !== 0) {
      output.err(
        `\`pulumi refresh\` failed (exit code ${refreshed}). The ids are recorded; until a refresh ` +
          `reads the objects, their outputs are the inputs of their pending creates. Run it again: ${again}`,
      );
    }
    return refreshed;
  } finally {
    stopListening();
  }
}
