// Starts a plugin executable the way the engine does and waits for the port it prints first:
// the release's check that an executable runs, the tests' and the start-up benchmark's.
import { spawn } from "node:child_process";

export interface StartedPlugin {
  port: number;
  /** From spawning the process to the port line. */
  startMs: number;
  stop(): void;
}

/** Runs `command args`, resolves with the port on its first stdout line, or fails with its output. */
export function startPlugin(
  command: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 60_000,
): Promise<StartedPlugin> {
  const started = performance.now();
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const stop = () => child.kill("SIGKILL");
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      stop();
      reject(new Error(`${command} ${why}\nstdout: ${stdout}\nstderr: ${stderr}`.trimEnd()));
    };
    const timer = setTimeout(() => fail(`printed no port within ${timeoutMs} ms`), timeoutMs);
    child.on("error", (error) => fail(`could not start: ${error.message}`));
    // "close", not "exit": it comes once stdout and stderr are read to the end, so the failure
    // carries what the program said before dying.
    child.on("close", (code, signal) => fail(`exited (${signal ?? code}) before printing a port`));
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      const port = Number(stdout.slice(0, newline).trim());
      if (!Number.isInteger(port) || port <= 0) return fail("printed no port on its first line");
      clearTimeout(timer);
      child.removeAllListeners("close");
      resolve({ port, startMs: performance.now() - started, stop });
    });
  });
}

/** The environment with an empty PATH: the executable must need no `node` (any case of "Path"). */
export function withoutPath(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  // Windows needs SystemRoot and the rest to open a socket: keep everything but PATH.
  const kept = Object.entries(env).filter(([key]) => key.toUpperCase() !== "PATH");
  return { ...Object.fromEntries(kept), PATH: "" };
}
