// Runs the `collectors serve` bin (dist/cli/main.js) as a child process for the crash test:
// builds it when missing or older than its sources, starts it, waits for its "listening on"
// line.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO = resolve(__dirname, "../..");
export const BIN = join(REPO, "dist/cli/main.js");

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/ with the repo's TypeScript when the bin is missing or stale. */
export function ensureBuilt(): void {
  const sources = Math.max(newestMtime(join(REPO, "emulator")), newestMtime(join(REPO, "cli")));
  if (existsSync(BIN) && statSync(BIN).mtimeMs >= sources) return;
  try {
    execFileSync(
      process.execPath,
      [join(REPO, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"],
      {
        cwd: REPO,
        stdio: "pipe",
      },
    );
  } catch (error) {
    // tsc still emits on type errors elsewhere in the repo (work in progress): the bin is usable
    // if it was written
    if (existsSync(BIN) && statSync(BIN).mtimeMs >= sources) return;
    const out = (error as { stdout?: Buffer }).stdout?.toString() ?? "";
    throw new Error(`npm run build failed:\n${out.slice(0, 4000)}`);
  }
}

export interface ServeProcess {
  child: ChildProcess;
  /** The printed base URL, ".../api/v1". */
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startServe(args: string[], timeoutMs = 20_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, "serve", ...args], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.once("exit", (code, signal) => res({ code, signal })),
  );
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(
      () => rej(new Error(`no "listening on" line within ${timeoutMs} ms:\n${out}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+\/api\/v1)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        res(m[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      rej(new Error(`serve exited (code ${code}, signal ${signal}) before listening:\n${out}`));
    });
  });
  return { child, url, output: () => out, exited };
}
