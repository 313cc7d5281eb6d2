// The end-to-end tests of `collectors export` (TypeScript and YAML), as a user runs it: the
// account made by another user, the package installed from the tarball `npm pack` makes, the
// export run as the user, and what it prints for the user to run read back as the user reads it
// and run as the user runs it: the steps after "Then", one after the other in a shell, typing the
// access key or a secret at a prompt; then what `pulumi up` and `pulumi destroy` sent.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { expect } from "vitest";
import { CollectorsClient } from "../../provider/api";
import {
  type CommandResult,
  isolatedEnv,
  pulumiCliPath,
  runProcess,
} from "../../scripts/toolchain/pulumi-workspace";
import { type SeededAccount, seedAccount } from "../cli/export-account";
import { type SeededOt, seedOtWith } from "../cli/export-ot-account";
import type { Json } from "./http";
import {
  type InventoryCollector,
  type LoggedRequest,
  OPERATOR,
  outputOf,
  PULUMI_USER,
  ROOT,
  Service,
} from "./pulumi";
import { packedTarball } from "./user-project";

/** A local service holding the export tests' account, a folder, and the user's shell. */
export interface ExportWorld {
  service: Service;
  root: string;
  /** The environment of the user's shell: the Pulumi CLI, its own backend and PULUMI_HOME. */
  shellEnv: NodeJS.ProcessEnv;
  /** Another user than the one who exports, who made the account. */
  operator: CollectorsClient;
  seeded: SeededAccount;
  /**
   * The OpenTelemetry side, made as a user's would be: three OT collectors registered through the
   * control API (one with only the service's own `sumo.disco*` tags, one with them beside the
   * user's), three source templates (one disabled, one with a password in a receiver).
   */
  ot: SeededOt;
}

export async function exportWorld(prefix: string): Promise<ExportWorld> {
  const service = await Service.start();
  const root = mkdtempSync(join(tmpdir(), prefix));
  const shellEnv = isolatedEnv(join(root, "pulumi"), await pulumiCliPath(ROOT));
  const operator = new CollectorsClient({
    accessId: OPERATOR.accessId,
    accessKey: OPERATOR.accessKey,
    endpoint: service.url,
    env: {},
  });
  const seeded = await seedAccount(
    operator,
    async (body) => (await service.registerInstalled(body)).id,
  );
  const ot = await seedOtWith({
    registerOt: async (body) => ({ id: (await service.registerOt(body)).id as string }),
    createTemplate: async (body) => ({
      id: (await service.apiOk("POST", "/sourceTemplates", body)).json.id as string,
    }),
  });
  return { service, root, shellEnv, operator, seeded, ot };
}

/** The account as the service holds it: the collectors with their sources, and the OT side. */
export interface Account {
  collectors: InventoryCollector[];
  /** Every OT collector, by name. */
  otCollectors: Json[];
  /** Every source template, disabled ones too, by name. */
  templates: Json[];
}

/** The whole account now, read by the operator (not the user whose requests are checked). */
export async function accountOf(service: Service): Promise<Account> {
  const byName = (a: Json, b: Json) => String(a.name).localeCompare(String(b.name));
  const otCollectors = (await service.apiOk("POST", "/otCollectors", { limit: 1000 })).json
    .data as Json[];
  const templates = (await service.apiOk("GET", "/sourceTemplates?showDisabled=true")).json
    .data as Json[];
  return {
    collectors: await service.inventory(),
    otCollectors: otCollectors.sort(byName),
    templates: templates.map((t) => ({ ...t, name: t.inputJson?.name })).sort(byName),
  };
}

/** The OpenTelemetry objects' API paths: `/api/v1/otCollectors…` and `/api/v1/sourceTemplates…`. */
export const OT_PATH = /\/(otCollectors|sourceTemplates)(\/|$)/;

/**
 * Removes the world's folder (the projects' node_modules: tens of thousands of files, deleted
 * without holding up the worker) and stops its service; give the hook minutes, not the default one.
 */
export async function closeWorld(world: ExportWorld | undefined): Promise<void> {
  if (!world) return;
  await rm(world.root, { recursive: true, force: true });
  await world.service.close();
}

/** `collectors export <args>` from the installed `cli`, in the world's folder, as PULUMI_USER. */
export async function exportAs(
  world: ExportWorld,
  cli: string,
  args: string[],
): Promise<CommandResult> {
  return ok(
    await runProcess(cli, ["export", ...args], {
      cwd: world.root,
      env: {
        ...process.env,
        COLLECTORS_ACCESS_ID: PULUMI_USER.accessId,
        COLLECTORS_ACCESS_KEY: PULUMI_USER.accessKey,
        COLLECTORS_ENDPOINT: world.service.url,
      },
    }),
  );
}

/** `pulumi <args>` in a project folder, from the user's shell. */
export const pulumiIn = (world: ExportWorld, dir: string, args: string[]) =>
  runProcess("pulumi", [...args, "--non-interactive", "--color=never"], {
    cwd: dir,
    env: world.shellEnv,
  });

/**
 * What the first `pulumi up` of an exported project may send: no POST, no DELETE, and at most
 * one PUT per object, only on the sources (by name, in `before`) whose secret the service hides
 * and the user typed in; so nothing at all but reads to the OT collectors and source templates,
 * each of which is read. Every answer is a success but one kind: a disabled template reads as
 * 404 by id (the service's rule), and the adoption then finds it in the list with the disabled.
 */
export function expectAdoptionOnly(
  requests: LoggedRequest[],
  before: Account,
  hidden: string[],
  up: CommandResult,
): void {
  const byMethod = countByMethod(requests);
  expect(byMethod.POST ?? 0, outputOf(up)).toBe(0);
  expect(byMethod.DELETE ?? 0).toBe(0);
  const ids = new Map<number, string>();
  for (const c of before.collectors) {
    for (const s of c.sources) ids.set(s.id as number, s.name as string);
  }
  const puts = requests.filter((r) => r.method === "PUT");
  const putNames = puts.map((r) => ids.get(Number(r.path.split("/").at(-1))));
  expect(new Set(putNames).size).toBe(puts.length);
  for (const name of putNames) expect(hidden).toContain(name);

  const ot = requests.filter((r) => OT_PATH.test(r.path));
  expect(ot.filter((r) => r.method !== "GET")).toEqual([]);
  for (const { id } of [...before.otCollectors, ...before.templates]) {
    expect(
      ot.some((r) => r.path.endsWith(`/${id}`)),
      `no read of ${id}`,
    ).toBe(true);
  }
  const disabled = before.templates.filter((t) => t.isEnabled === false).map((t) => t.id);
  const failed = requests.filter((r) => r.status >= 300);
  for (const r of failed) {
    expect(r.method, `${r.method} ${r.path}: ${r.status}`).toBe("GET");
    expect(r.status, r.path).toBe(404);
    expect(disabled).toContain(/\/sourceTemplates\/([0-9A-F]+)$/.exec(r.path)?.[1]);
  }
}

/**
 * `pulumi destroy` of a protected stack: it fails, sends no DELETE and no write to the OT
 * collectors and templates, and the account stays.
 */
export async function expectProtectedDestroy(
  world: ExportWorld,
  project: string,
  before: Account,
): Promise<{ destroy: CommandResult; requests: LoggedRequest[] }> {
  const mark = await world.service.mark();
  const destroy = await pulumiIn(world, project, ["destroy", "--yes"]);
  const requests = await world.service.since(mark);
  expect(destroy.code, outputOf(destroy)).not.toBe(0);
  expect(outputOf(destroy)).toMatch(/cannot be deleted\s+because it is protected/);
  expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);
  expect(requests.filter((r) => OT_PATH.test(r.path) && r.method !== "GET")).toEqual([]);
  expect(steady(await accountOf(world.service))).toEqual(steady(before));
  return { destroy, requests };
}

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
 * The steps, as printed, one after the other in the user's shell from the world's folder; at a prompt the
 * user types the access key, or a secret the service hides.
 */
export async function runPrintedSteps(
  world: ExportWorld,
  steps: string[],
  secrets: PrintedSecrets,
): Promise<StepsRun> {
  const shell = (line: string, cwd: string, input?: string) =>
    runProcess("bash", ["-c", line], { cwd, env: world.shellEnv, input });
  let cwd = world.root;
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
        : key && secrets.values[shellValue(key)];
    const mark = await world.service.mark();
    const result = ok(await shell(step, cwd, typed || undefined));
    if (step === "pulumi up") {
      up = result;
      requests = await world.service.since(mark);
    }
  }
  if (!up) throw new Error("no `pulumi up` among the steps");
  return { cwd, up, requests };
}

export function countByMethod(
  requests: readonly Pick<LoggedRequest, "method">[],
): Record<string, number> {
  const byMethod: Record<string, number> = {};
  for (const r of requests) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
  return byMethod;
}

/**
 * The package as a user installs it: `npm pack` of this checkout (once per process) copied into
 * `root`, then `npm install`
 * of the tarball into a project of its own (npm records where it came from). Returns the
 * tarball's name and the installed `collectors` bin.
 */
export async function installPacked(
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<{ tarball: string; cli: string }> {
  const packed = await packedTarball();
  const tarball = basename(packed);
  copyFileSync(packed, join(root, tarball));
  const project = join(root, "tools");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), '{ "private": true }\n');
  ok(await runProcess("bash", ["-c", `npm install ../${tarball}`], { cwd: project, env }));
  return { tarball, cli: join(project, "node_modules", ".bin", "collectors") };
}

/** The inventory or account without what changes on its own. */
export const steady = (inventory: InventoryCollector[] | Account) =>
  JSON.parse(
    JSON.stringify(inventory, (key, value) =>
      ["lastSeenAlive", "osTime"].includes(key) ? undefined : value,
    ),
  );
