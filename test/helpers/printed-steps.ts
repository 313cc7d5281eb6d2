// What `collectors export` prints for the user to run, read back as the user reads it, and run as
// the user runs it: the steps after "Then", one after the other in a shell, typing the access key
// or a secret at a prompt. Shared by the end-to-end tests of the TypeScript and YAML exports.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { type CommandResult, runProcess } from "../../scripts/pulumi-workspace";
import {
  type InventoryCollector,
  type LoggedRequest,
  outputOf,
  PULUMI_USER,
  ROOT,
  type Service,
} from "./pulumi";

export function ok(result: CommandResult): CommandResult {
  expect(result.code, `${result.command}\n${outputOf(result)}`).toBe(0);
  return result;
}

/** The words of a printed shell line, single quotes undone (`'a'\''b'` → a'b). */
export function shellValue(word: string): string {
  if (!word.startsWith("'")) return word;
  return word.slice(1, -1).replace(/'\\''/g, "'");
}

/** The commands the export printed after "Then", as printed. */
export function printedSteps(stdout: string): string[] {
  const lines = stdout.split("\n");
  const start = lines.findIndex((line) => line.startsWith("Then"));
  expect(start, stdout).toBeGreaterThan(0);
  return lines.slice(start + 1).flatMap((line) => (line.startsWith("  ") ? [line.slice(2)] : []));
}

export interface PrintedSecrets {
  /** Config key → value: the printed one, or for a hidden one what the user types. */
  values: Record<string, string>;
  /** The names of the sources whose secret the service hides, one per such secret. */
  hidden: string[];
}

/** The `pulumi config set --secret` lines printed: values to copy, or hidden ones to type. */
export function printedSecrets(stdout: string): PrintedSecrets {
  const values: Record<string, string> = {};
  const hidden: string[] = [];
  for (const line of stdout.split("\n")) {
    const match = /^ {2}pulumi config set --secret (\S+)(?: -- (.+)|\s+# (.*))$/.exec(line);
    if (!match) continue;
    const key = shellValue(match[1] as string); // quoted when not plain ASCII
    if (match[2] !== undefined) values[key] = shellValue(match[2]);
    else {
      expect(match[3]).toContain("hidden by the service");
      hidden.push(/ of source "([^"]*)"/.exec(match[3] as string)?.[1] as string);
      values[key] = `real value of ${key}`;
    }
  }
  return { values, hidden };
}

export interface StepsRun {
  /** Where the last `cd` left the shell. */
  cwd: string;
  up: CommandResult;
  /** What `pulumi up` sent to the service. */
  requests: LoggedRequest[];
}

/**
 * The steps, as printed, one after the other in the user's shell from `cwd`; at a prompt the
 * user types the access key, or a secret the service hides.
 */
export async function runPrintedSteps(
  steps: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; service: Service; secrets: PrintedSecrets },
): Promise<StepsRun> {
  const shell = (line: string, cwd: string, input?: string) =>
    runProcess("bash", ["-c", line], { cwd, env: options.env, input });
  let { cwd } = options;
  let up: CommandResult | undefined;
  let requests: LoggedRequest[] = [];
  for (const step of steps) {
    if (step.startsWith("cd ")) {
      cwd = ok(await shell(`${step} && pwd`, cwd)).stdout.trim();
      continue;
    }
    const key = /^pulumi config set --secret (\S+)\s+#/.exec(step)?.[1];
    const typed =
      step === "pulumi config set --secret collectors:accessKey"
        ? PULUMI_USER.accessKey
        : key && options.secrets.values[shellValue(key)];
    const mark = await options.service.mark();
    const result = ok(await shell(step, cwd, typed || undefined));
    if (step === "pulumi up") {
      up = result;
      requests = await options.service.since(mark);
    }
  }
  if (!up) throw new Error("no `pulumi up` among the steps");
  return { cwd, up, requests };
}

export function countByMethod(requests: LoggedRequest[]): Record<string, number> {
  const byMethod: Record<string, number> = {};
  for (const r of requests) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
  return byMethod;
}

/**
 * The package as a user installs it: `npm pack` of this checkout into `root`, then `npm install`
 * of the tarball into a project of its own (npm records where it came from). Returns the
 * tarball's name and the installed `collectors` bin.
 */
export async function installPacked(
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<{ tarball: string; cli: string }> {
  const pack = ok(
    await runProcess("npm", ["pack", "--silent", "--pack-destination", root], {
      cwd: ROOT,
      env: process.env,
    }),
  );
  const tarball = pack.stdout.trim().split("\n").at(-1) as string;
  const project = join(root, "tools");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), '{ "private": true }\n');
  ok(await runProcess("bash", ["-c", `npm install ../${tarball}`], { cwd: project, env }));
  return { tarball, cli: join(project, "node_modules", ".bin", "collectors") };
}

/** The inventory without what changes on its own. */
export const steady = (inventory: InventoryCollector[]) =>
  JSON.parse(
    JSON.stringify(inventory, (key, value) =>
      ["lastSeenAlive", "osTime"].includes(key) ? undefined : value,
    ),
  );
