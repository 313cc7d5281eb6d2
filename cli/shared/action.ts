// The thin layer between commander and a command's run function: make the client from the
// flags, run, turn errors into a message and an exit code, and hand Ctrl-C to the commands that
// want it. Everything here can be replaced by tests through CommandIO.
import { ApiError, type CollectorsClient, InputError, NetworkError } from "../../provider/api";
import { type ConnectionFlags, clientFromFlags } from "./connection";
import { type CommandResult, EXIT, type Output, processOutput, UsageError } from "./output";

export interface CommandIO {
  output: Output;
  env: Record<string, string | undefined>;
  setExitCode(code: number): void;
  /**
   * Calls `handler` on the first Ctrl-C (SIGINT) while a command runs; returns the function that
   * stops listening. A second Ctrl-C ends the process at once.
   */
  onInterrupt(handler: () => void): () => void;
}

export function processIO(): CommandIO {
  return {
    output: processOutput(),
    env: process.env,
    setExitCode: (code) => {
      process.exitCode = code;
    },
    onInterrupt(handler) {
      let interrupted = false;
      const listener = () => {
        if (interrupted) process.exit(EXIT.interrupted);
        interrupted = true;
        handler();
      };
      process.on("SIGINT", listener);
      return () => process.off("SIGINT", listener);
    },
  };
}

export interface RunContext {
  /** Aborts on Ctrl-C, for commands registered as interruptible; never aborts otherwise. */
  interrupt: AbortSignal;
}

export type RunCommand<F> = (
  client: CollectorsClient,
  flags: F & ConnectionFlags,
  output: Output,
  context: RunContext,
) => Promise<CommandResult<unknown>>;

/** The exit code and message for an error that escaped a command. */
export function describeFailure(error: unknown): { exitCode: number; message: string } {
  if (error instanceof InputError || error instanceof UsageError) {
    return { exitCode: EXIT.usage, message: `error: ${error.message}` };
  }
  if (error instanceof ApiError || error instanceof NetworkError) {
    return { exitCode: EXIT.failed, message: `error: ${error.message}` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { exitCode: EXIT.failed, message: `error: ${message}` };
}

/** A commander action that runs `run` with a client made from the connection flags. */
export function commandAction<F>(
  run: RunCommand<F>,
  io: CommandIO = processIO(),
  options: { interruptible?: boolean } = {},
): (flags: F & ConnectionFlags) => Promise<void> {
  return async (flags) => {
    const { output } = io;
    const controller = new AbortController();
    const stopListening = options.interruptible
      ? io.onInterrupt(() => controller.abort(new Error("interrupted (Ctrl-C)")))
      : undefined;
    try {
      const client = clientFromFlags(flags, io.env, (line) => output.err(line));
      const { exitCode } = await run(client, flags, output, { interrupt: controller.signal });
      io.setExitCode(exitCode);
    } catch (error) {
      const failure = describeFailure(error);
      output.err(failure.message);
      io.setExitCode(failure.exitCode);
    } finally {
      stopListening?.();
    }
  };
}
