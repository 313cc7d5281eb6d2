// Runs the Pulumi CLI: `pulumi stack export` (its output captured), `pulumi stack import` and
// `pulumi refresh` (on the terminal). `pulumi` is the one on the PATH of the environment given,
// which also reaches it whole: it needs its own settings (PULUMI_*, the backend's credentials).
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { UsageError } from "../shared/output";

export interface PulumiRun {
  /** The exit code; 128 + the signal's number when a signal ended it. */
  code: number;
  /** What it wrote, when captured. */
  stdout: string;
  stderr: string;
}

export interface PulumiOptions {
  env: Record<string, string | undefined>;
  /** Capture stdout and stderr (else pulumi writes to the terminal and reads from it). */
  capture: boolean;
}

const MISSING =
  "`pulumi` is not on PATH: install the Pulumi CLI (https://www.pulumi.com/docs/install/), " +
  "or, to only find the objects (not with --run), give the export as a file: " +
  "`pulumi stack export > state.json`, then `collectors recover state.json`";

export async function runPulumi(
  args: readonly string[],
  options: PulumiOptions,
): Promise<PulumiRun> {
  const child = spawn("pulumi", args, {
    env: options.env,
    stdio: options.capture ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  // A SIGTERM sent to this process alone (a CI runner's cancel, `timeout`) asks pulumi to stop
  // too, as Ctrl-C in a terminal, which reaches both, does. Put first: the private file's
  // listener (private-file.ts) ends this process.
  const forward = () => child.kill("SIGTERM");
  process.prependListener("SIGTERM", forward);
  try {
    return await new Promise((resolve, reject) => {
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
      child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
      child.on("error", (error: NodeJS.ErrnoException) => {
        reject(error.code === "ENOENT" ? new UsageError(MISSING) : error);
      });
      child.on("close", (code, signal) => {
        const bySignal = signal ? 128 + (constants.signals[signal] ?? 0) : 1;
        resolve({
          code: code ?? bySignal,
          stdout: Buffer.concat(stdout).toString("utf8"),
          stderr: Buffer.concat(stderr).toString("utf8"),
        });
      });
    });
  } finally {
    process.off("SIGTERM", forward);
  }
}
