// Runs the real Pulumi CLI on a program of this repository, offline: the CLI from
// scripts/toolchain/pulumi-cli.sh, a local file backend and a PULUMI_HOME in a temporary folder, and a
// workspace (Pulumi.yaml + Pulumi.<stack>.yaml) outside the repository whose `main` points at the
// program. The program's folder stays untouched (no stack files written into it) and its code
// still runs from inside the repository, where `pulumi-collectors` resolves to this package
// through package.json "exports" and `@pulumi/pulumi` to the one copy in node_modules.
// Used by the demo (npm start) and by the end-to-end tests. Repository tooling: not published.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** The repository root: the nearest folder above this file whose package.json is ours. */
export function repoRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "pulumi-collectors") return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no pulumi-collectors package.json above ${from}`);
    dir = parent;
  }
}

export interface CommandResult {
  /** The command line as typed, e.g. "pulumi up --yes". */
  command: string;
  code: number;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** A command that exited non-zero; its message carries the command's whole output. */
export class CommandFailed extends Error {
  constructor(readonly result: CommandResult) {
    super(
      `\`${result.command}\` exited with code ${result.code}\n` +
        `${result.stdout}${result.stderr ? `\n${result.stderr}` : ""}`.trimEnd(),
    );
    this.name = "CommandFailed";
  }
}

interface SpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  input?: string;
  timeoutMs?: number;
  /** Also copy the program's stderr here as it arrives (progress of long runs). */
  echoStderr?: NodeJS.WritableStream;
  /** Called with the child's pid once it is started (e.g. to sample its memory). */
  onSpawn?: (pid: number) => void;
}

/** Runs a program without a shell and collects its output; never throws on a non-zero exit. */
export function runProcess(
  file: string,
  args: string[],
  opts: SpawnOptions,
): Promise<CommandResult> {
  const started = performance.now();
  const command = [file, ...args].join(" ");
  return new Promise((done, fail) => {
    const child = spawn(file, args, { cwd: opts.cwd, env: opts.env, stdio: "pipe" });
    if (child.pid !== undefined) opts.onSpawn?.(child.pid);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
      opts.echoStderr?.write(d);
    });
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            stderr += `\n[killed after ${opts.timeoutMs} ms]`;
            child.kill("SIGKILL");
          }, opts.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      fail(new Error(`could not run ${file}: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      done({
        command,
        code: code ?? (signal ? 128 : 1),
        stdout,
        stderr,
        durationMs: Math.round(performance.now() - started),
      });
    });
    // A program that exits without reading its input (most do) closes the pipe: not an error.
    child.stdin.on("error", () => undefined);
    child.stdin.end(opts.input ?? "");
  });
}

/** Runs a program like runProcess, but throws CommandFailed (with its whole output) on a non-zero exit. */
export async function runOrFail(
  file: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  const result = await runProcess(file, args, { cwd, env, timeoutMs: 15 * 60_000 });
  if (result.code !== 0) throw new CommandFailed(result);
  return result;
}

let cliPath: Promise<string> | undefined;

/**
 * The PATH prefix with `pulumi`, its Node.js language host, the dynamic-provider host and the
 * repository's Node 22, from scripts/toolchain/pulumi-cli.sh (found, cached, or built: the first build
 * takes minutes). Fails with the script's own message when it cannot provide one. With
 * `echoProgress`, the script's progress lines are copied there as they come.
 */
export function pulumiCliPath(
  root: string = repoRoot(),
  echoProgress?: NodeJS.WritableStream,
): Promise<string> {
  cliPath ??= runProcess("bash", [join(root, "scripts", "toolchain", "pulumi-cli.sh")], {
    cwd: root,
    env: process.env,
    echoStderr: echoProgress,
  }).then((result) => {
    const prefix = result.stdout.trim().split("\n").at(-1) ?? "";
    if (result.code !== 0 || prefix === "") {
      cliPath = undefined;
      const why = echoProgress ? "; its messages are above" : `:\n${result.stderr.trim()}`;
      throw new Error(
        `scripts/toolchain/pulumi-cli.sh could not provide the Pulumi CLI (exit ${result.code})${why}`,
      );
    }
    return prefix;
  });
  return cliPath;
}

export interface WorkspaceOptions {
  /** The program's folder: holds Pulumi.yaml (whose `main` names the entry file) and the code. */
  program: string;
  /** The stack to create; default "dev". */
  stack?: string;
  /** A Pulumi.<stack>.yaml to start the stack's config from (e.g. an example's). */
  stackConfig?: string;
  /** Config to set after creating the stack. */
  config?: Record<string, string>;
  /** Secret config to set (values go through stdin, never on a command line). */
  secrets?: Record<string, string>;
  /** PATH prefix from pulumiCliPath(); looked up when not given. */
  cliPath?: string;
  /** The temporary folder's name prefix. */
  prefix?: string;
  /** Extra environment for every command. */
  env?: Record<string, string>;
}

export interface RunOptions {
  /** Throw CommandFailed on a non-zero exit (default true). */
  check?: boolean;
  input?: string;
  timeoutMs?: number;
  /** Called with the pid of `pulumi` once it is started. */
  onSpawn?: (pid: number) => void;
}

/**
 * The entry named by a program's Pulumi.yaml `main`, or index.ts / index.js; for a Go program,
 * its folder (the Go language host builds the package there), and for a Python one too (its
 * __main__.py runs).
 */
function entryOf(program: string): string {
  const text = readFileSync(join(program, "Pulumi.yaml"), "utf8");
  const main = /^main:\s*["']?([^"'\n#]+?)["']?\s*(#.*)?$/m.exec(text)?.[1];
  if (main) return resolve(program, main);
  if (/^runtime:\s*(go|python|\n\s+name:\s*(go|python))\s*$/m.test(text)) return resolve(program);
  for (const name of ["index.ts", "index.js"]) {
    if (existsSync(join(program, name))) return join(program, name);
  }
  throw new Error(`${program}/Pulumi.yaml names no main and there is no index.ts or index.js`);
}

/**
 * The environment of a Pulumi of its own under `root` (made if missing): the CLI at `cli` first
 * on PATH, a file backend in root/state, PULUMI_HOME in root/home, a passphrase for the
 * throwaway stacks' secrets, confirmations skipped (as answering yes), no colour.
 */
export function isolatedEnv(
  root: string,
  cli: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  for (const sub of ["state", "home"]) mkdirSync(join(root, sub), { recursive: true });
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // The stack's config is the only source of settings: a COLLECTORS_* variable of the
    // caller must not leak into the provider (config wins anyway, but not for unset keys).
    if (!key.startsWith("COLLECTORS_") && !key.startsWith("PULUMI_")) env[key] = value;
  }
  return Object.assign(env, {
    PATH: `${cli}:${process.env.PATH ?? ""}`,
    PULUMI_BACKEND_URL: `file://${join(root, "state")}`,
    PULUMI_HOME: join(root, "home"),
    // Encrypts the throwaway stacks' secrets; the folder is deleted afterwards.
    PULUMI_CONFIG_PASSPHRASE: "pulumi-collectors-local-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_SKIP_CONFIRMATIONS: "true",
    NO_COLOR: "1",
    ...extra,
  });
}

/** A temporary Pulumi workspace with its own backend, PULUMI_HOME and one stack. */
export class PulumiWorkspace {
  private constructor(
    /** The temporary folder holding everything; removed by dispose(). */
    readonly root: string,
    /** Where Pulumi.yaml and Pulumi.<stack>.yaml live; commands run here. */
    readonly dir: string,
    readonly stack: string,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  static async create(opts: WorkspaceOptions): Promise<PulumiWorkspace> {
    const program = resolve(opts.program);
    const cli = opts.cliPath ?? (await pulumiCliPath());
    const root = mkdtempSync(join(tmpdir(), opts.prefix ?? "pulumi-collectors-"));
    const dir = join(root, "project");
    mkdirSync(join(root, "project"));
    // The project file, with `main` pointing at the program: the engine runs the program in its
    // own folder (so its node_modules and tsconfig.json apply) and writes stack files here.
    const project = readFileSync(join(program, "Pulumi.yaml"), "utf8")
      .split("\n")
      .filter((line) => !/^main:/.test(line))
      .join("\n")
      .trimEnd();
    // A YAML program is its project file: copied whole, nothing to point at.
    const yaml = /^runtime:\s*yaml\s*$/m.test(project);
    writeFileSync(
      join(dir, "Pulumi.yaml"),
      yaml ? `${project}\n` : `${project}\nmain: ${JSON.stringify(entryOf(program))}\n`,
    );
    const stack = opts.stack ?? "dev";
    if (opts.stackConfig) {
      writeFileSync(join(dir, `Pulumi.${stack}.yaml`), readFileSync(opts.stackConfig, "utf8"));
    }
    const env = isolatedEnv(root, cli, opts.env);
    const ws = new PulumiWorkspace(root, dir, stack, env);
    try {
      await ws.pulumi(["stack", "init", stack, "--non-interactive"]);
      // Every plain value in one command: each start of `pulumi` costs a few hundred milliseconds.
      const plain = Object.entries(opts.config ?? {});
      if (plain.length > 0) {
        await ws.pulumi([
          "config",
          "set-all",
          ...plain.map(([key, value]) => `--plaintext=${key}=${value}`),
        ]);
      }
      for (const [key, value] of Object.entries(opts.secrets ?? {})) {
        await ws.setConfig(key, value, { secret: true });
      }
    } catch (error) {
      ws.dispose();
      throw error;
    }
    return ws;
  }

  /** Runs `pulumi <args>` in the workspace (non-interactive, no colour). */
  async pulumi(args: string[], opts: RunOptions = {}): Promise<CommandResult> {
    // The common flags go before any "--", after which everything is a positional value.
    const end = args.indexOf("--");
    const flags = ["--non-interactive", "--color=never"];
    const argv =
      end < 0 ? [...args, ...flags] : [...args.slice(0, end), ...flags, ...args.slice(end)];
    const result = await runProcess("pulumi", argv, {
      cwd: this.dir,
      env: this.env,
      input: opts.input,
      timeoutMs: opts.timeoutMs ?? 15 * 60_000,
      onSpawn: opts.onSpawn,
    });
    result.command = `pulumi ${args.join(" ")}`;
    if (opts.check !== false && result.code !== 0) throw new CommandFailed(result);
    return result;
  }

  async setConfig(key: string, value: string, opts: { secret?: boolean } = {}): Promise<void> {
    if (opts.secret) {
      // Without a value on the command line, `pulumi config set` reads it from stdin.
      await this.pulumi(["config", "set", "--secret", key], { input: value });
    } else {
      await this.pulumi(["config", "set", key, "--", value]);
    }
  }

  /** `pulumi stack output --json`; secrets come back as "[secret]" unless showSecrets. */
  async outputs(opts: { showSecrets?: boolean } = {}): Promise<Record<string, unknown>> {
    const args = ["stack", "output", "--json"];
    if (opts.showSecrets) args.push("--show-secrets");
    return JSON.parse((await this.pulumi(args)).stdout) as Record<string, unknown>;
  }

  /** Removes the temporary folder (state, home and stack files). */
  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
