// Starts `collectors serve --port 0 --json` as any other language's tests do (the recipes of
// docs/guides/testing-your-programs.md): a process whose first stdout line says where it listens
// and how to sign in. For a command given by path, e.g. the release's self-contained executable.
import { spawn } from "node:child_process";

/** The line `collectors serve --json` prints when it is ready. */
export interface ServeReady {
  endpoint: string;
  accessId: string;
  accessKey: string;
  pid: number;
  dataDir: string | null;
}

export interface ServedProcess {
  ready: ServeReady;
  /** The variables a `collectors` or `pulumi` command signs in with. */
  env: Record<string, string>;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs `command ...prefix serve --port 0 --json ...flags` and resolves once its ready line is
 * read (`prefix`: what comes before `serve`, e.g. the executable when `command` is qemu).
 */
export function serveJson(
  command: string,
  prefix: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  flags: string[] = [],
): Promise<ServedProcess> {
  const child = spawn(command, [...prefix, "serve", "--port", "0", "--json", ...flags], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${command} serve ${why}\nstdout: ${stdout}\nstderr: ${stderr}`));
    };
    const timer = setTimeout(() => fail(`was not ready within ${timeoutMs} ms`), timeoutMs);
    child.on("error", (error) => fail(`could not start: ${error.message}`));
    void exited.then((code) => fail(`exited (${code}) before it was ready`));
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      clearTimeout(timer);
      child.stdout.removeAllListeners("data");
      let ready: ServeReady;
      try {
        ready = JSON.parse(stdout.slice(0, newline)) as ServeReady;
      } catch {
        return fail("printed a first line that is not JSON");
      }
      resolve({
        ready,
        env: {
          COLLECTORS_ENDPOINT: ready.endpoint,
          COLLECTORS_ACCESS_ID: ready.accessId,
          COLLECTORS_ACCESS_KEY: ready.accessKey,
        },
        stop: () => {
          child.kill("SIGTERM");
          return exited;
        },
      });
    });
  });
}
