// Where a fleet command writes. Results (tables, JSON) go to `out` (stdout), so they can be piped;
// progress, warnings and errors go to `err` (stderr). Commands never touch `process` themselves,
// so tests hand them an Output that records everything.
import { createInterface } from "node:readline/promises";

export interface Output {
  /** One piece of the result: a table, a JSON document, a summary line. */
  out(text: string): void;
  /** Progress lines, warnings and errors. */
  err(text: string): void;
  /**
   * The terminal stream a live progress display may redraw on (stderr when it is a TTY);
   * undefined means: write plain progress lines with err() instead.
   */
  liveStream?: NodeJS.WriteStream | undefined;
  /** Asks a yes/no question; undefined when there is nobody to ask (stdin is not a terminal). */
  confirm?: ((question: string) => Promise<boolean>) | undefined;
}

/** What every command returns: its result object and the exit code the process should end with. */
export interface CommandResult<T> {
  result: T;
  exitCode: number;
}

/** Exit codes of the fleet commands. */
export const EXIT = {
  ok: 0,
  /** Something the command set out to do did not happen (a failed upgrade, a refused request). */
  failed: 1,
  /** The command line or the configuration was wrong; nothing was changed. */
  usage: 2,
  /** Interrupted by Ctrl-C (128 + SIGINT). */
  interrupted: 130,
} as const;

/** A command-line mistake found before anything changed: exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/** Asks on the terminal; only "y" or "yes" (any case) is a yes. */
async function askOnTerminal(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** The real process: stdout for results, stderr for the rest, the terminal for questions. */
export function processOutput(): Output {
  return {
    out: (text) => process.stdout.write(withNewline(text)),
    err: (text) => process.stderr.write(withNewline(text)),
    liveStream: process.stderr.isTTY ? process.stderr : undefined,
    confirm: process.stdin.isTTY && process.stderr.isTTY ? askOnTerminal : undefined,
  };
}
