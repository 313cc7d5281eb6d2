// The runs of the interruption tests: a `pulumi up` killed (SIGKILL, as a cancelled CI job's
// runner does) at a kill point (kill-points.ts): right after its k-th write of a method reached
// the service, its answer held back by the local service's stall fault, or the moment that
// write's answer was sent; either way the answer never reaches the state. The recoveries the
// engine's messages lead to; and what "converged" means: one object per resource, the state
// complete with no pending operation, a preview that plans nothing.

import { readdirSync, rmSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { expect } from "vitest";
import { ENTITY_KINDS } from "../../../provider/resources/kinds";
import type { EntityKind } from "../../../provider/resources/kinds/kind";
import { nameFromUrn } from "../../../provider/resources/steps/naming";
import { typeOfUrn } from "../../../provider/resources/steps/urn";
import { runProcess } from "../../../scripts/toolchain/pulumi-workspace";
import {
  type CommandResult,
  type InventoryCollector,
  PULUMI_USER,
  previewJson,
  ROOT,
  type Service,
} from "../../helpers/pulumi";
import { exportOf, objectPath, type StateResource, stateIn, stateOf } from "../invariants/evidence";
import type { KillPoint } from "./kill-points";
import { descendants, type ProcessInfo } from "./processes";
import { type FrontEnd, plan, type Stage } from "./stack";

const MINUTE = 60_000;

export const RECOVERIES = {
  "cancel, up": [["cancel", "--yes"]],
  "cancel, refresh --clear-pending-creates, up": [
    ["cancel", "--yes"],
    ["refresh", "--yes", "--skip-preview", "--clear-pending-creates"],
  ],
} as const;
export type Recovery = keyof typeof RECOVERIES;

const UP = ["up", "--yes", "--skip-preview"];

export interface KilledRun {
  /** The killed command's result (its output up to the kill). */
  run: CommandResult;
  /** The processes the command had started, as they were just before the kill. */
  started: ProcessInfo[];
  /** The backend's metadata files the kill left empty, removed (removeTornSidecars). */
  torn: string[];
}

/**
 * Removes the empty metadata files a kill can leave beside the stack's state. Pulumi's file://
 * backend stores through gocloud.dev's fileblob, which writes the state file itself by a rename
 * but its `<file>.attrs` beside it by truncating and rewriting it: a SIGKILL in between leaves it
 * empty, and every later command fails with "failed to load checkpoint: EOF". fileblob reads a
 * missing one as none, so removing it is the repair; the engine's doing, not the provider's, so
 * the cell says so and goes on. Returns the files removed, relative to the backend's folder.
 */
function removeTornSidecars(fe: FrontEnd): string[] {
  const backend = join(fe.ws.root, "state");
  const torn = readdirSync(backend, { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".attrs") && statSync(join(backend, file)).size === 0,
  );
  for (const file of torn) rmSync(join(backend, file));
  return torn;
}

/** The service's objects by API path. */
export function objectPaths(inventory: readonly InventoryCollector[]): string[] {
  return inventory
    .flatMap((c) => [
      `/collectors/${c.id}`,
      ...c.sources.map((s) => `/collectors/${c.id}/sources/${String(s.id)}`),
    ])
    .sort();
}

/** Polls every 200 ms (the operator's reads count against its own 4 requests/s). */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 5 * MINUTE;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * `pulumi up` of the stage the program holds, killed with SIGKILL at the kill point `at`: its
 * `k`-th request of `method` handled by the service and its answer held (`committed` sees the
 * write's effect), or that request's answer sent. Either way the write happened, and its answer
 * never reaches the state.
 */
export function killedUp(
  fe: FrontEnd,
  service: Service,
  at: Pick<KillPoint, "method" | "k" | "moment">,
  committed: (inventory: InventoryCollector[]) => boolean,
): Promise<KilledRun> {
  return at.moment === "sent"
    ? killedOnceAnswered(fe, service, at)
    : killedHeld(fe, service, at, committed);
}

async function killedHeld(
  fe: FrontEnd,
  service: Service,
  { method, k }: Pick<KillPoint, "method" | "k">,
  committed: (inventory: InventoryCollector[]) => boolean,
): Promise<KilledRun> {
  await service.addFault({ kind: "stall", method, skip: k - 1, count: 1, stallMs: 600_000 });
  let pid: number | undefined;
  let ended = false;
  const running = fe.ws
    .pulumi(UP, { check: false, onSpawn: (p) => (pid = p) })
    .finally(() => (ended = true));
  try {
    await until(async () => {
      if (ended) throw new Error(`the up ended before its ${method} #${k} (fewer writes?)`);
      const faults = (await service.control("/faults")).faults as { fired: number }[];
      return faults[0]?.fired === 1 && committed(await service.inventory());
    }, `${method} #${k} to be handled`);
  } catch (error) {
    if (pid !== undefined) process.kill(pid, "SIGKILL");
    await running;
    throw error;
  } finally {
    await service.clearFaults();
  }
  const started = pid === undefined ? [] : descendants(pid);
  if (pid !== undefined) process.kill(pid, "SIGKILL");
  const run = await running;
  return { run, started, torn: removeTornSidecars(fe) };
}

/**
 * The up killed as the service sends the answer of its `k`-th API request of `method`: the
 * provider gets the answer, the engine is gone before the provider can pass it on. The kill goes
 * out just before the answer (in the response's `end`), not once it is sent (`finish`): on a busy
 * machine `finish` came late enough for the engine to record the answer first, a row of another
 * kind. The local service runs in this process, so the kill needs no poll to land there.
 */
async function killedOnceAnswered(
  fe: FrontEnd,
  service: Service,
  { method, k }: Pick<KillPoint, "method" | "k">,
): Promise<KilledRun> {
  const server = service.emulator.app.server;
  let pid: number | undefined;
  let seen = 0;
  let killed = false;
  let started: ProcessInfo[] = [];
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== method || !request.url?.includes("/api/v1/") || ++seen !== k) return;
    if (pid === undefined) return;
    const cli = pid;
    // Read while the service handles the write, so that nothing stands between answer and kill.
    started = descendants(cli);
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    response.end = ((...args: unknown[]) => {
      process.kill(cli, "SIGKILL");
      killed = true;
      return end(...args);
    }) as ServerResponse["end"];
  };
  server.on("request", onRequest);
  let run: CommandResult;
  try {
    run = await fe.ws.pulumi(UP, { check: false, onSpawn: (p) => (pid = p) });
  } finally {
    server.off("request", onRequest);
  }
  if (!killed)
    throw new Error(`the up ended before its ${method} #${k} was answered (fewer writes?)`);
  return { run, started, torn: removeTornSidecars(fe) };
}

/** The recovery's commands, then `pulumi up`; returns the up's result. */
export async function recover(fe: FrontEnd, recovery: Recovery): Promise<CommandResult> {
  for (const args of RECOVERIES[recovery]) await fe.ws.pulumi([...args]);
  return fe.ws.pulumi(UP);
}

const kindOf = (urn: string): EntityKind => {
  const type = typeOfUrn(urn);
  return ENTITY_KINDS[type.slice(type.lastIndexOf(":") + 1)] as EntityKind;
};

/** The service paths of the objects the stack's state holds. */
function managedPaths(state: ReadonlyMap<string, StateResource>): string[] {
  return [...state.values()].map((r) => objectPath(kindOf(r.urn), r)).sort();
}

/**
 * The objects on the service that no state entry holds: what a killed run's creates made
 * (the one whose answer was held back, and any other in flight beside it).
 */
export async function orphans(fe: FrontEnd, service: Service): Promise<string[]> {
  const managed = new Set(managedPaths(await stateOf(fe.ws)));
  return objectPaths(await service.inventory()).filter((path) => !managed.has(path));
}

/**
 * The stack converged on `stage`: a state entry for every resource of the program and nothing
 * else, one object on the service per entry and no other (the service holds only this stack's
 * objects), named as the program asks (from the URN when it gives no name), a preview that plans
 * no change, and no pending operation but settled creates: the engine keeps a pending create
 * until a refresh clears it, even once an update has made its resource (it warns at each update),
 * so one may remain, for a resource the state now holds. Returns how many remain.
 */
export async function expectConverged(
  fe: FrontEnd,
  service: Service,
  stage: Stage,
): Promise<number> {
  // One export for the pending operations, the state and the paths it manages: nothing runs
  // between those reads that could change the state.
  const exported = await exportOf(fe.ws);
  const state = stateIn(exported);
  const pending = exported.deployment.pending_operations ?? [];
  const held = new Set([...state.values()].map((r) => r.urn));
  expect(
    pending.filter((op) => op.type !== "creating" || !held.has(op.resource.urn)),
    "pending operations other than creates the state now holds",
  ).toEqual([]);
  const planned = plan(stage);
  expect([...state.keys()].sort(), "the state's resources").toEqual(
    planned.map((p) => p.name).sort(),
  );
  expect(objectPaths(await service.inventory()), "the service's objects").toEqual(
    managedPaths(state),
  );
  for (const { name, args } of planned) {
    const resource = state.get(name);
    const expected = args.name ?? nameFromUrn(resource?.urn ?? "");
    expect(resource?.outputs.name, `${name}'s name`).toBe(expected);
  }
  const preview = await previewJson(fe.ws, ["--expect-no-changes"], { check: false });
  expect(preview.code, "preview --expect-no-changes").toBe(0);
  return pending.length;
}

/**
 * `collectors recover` of this repository's build, run in the stack's project folder with its
 * Pulumi (the stack export it reads, the refresh it runs), as Pulumi's user of `service`.
 */
export function collectorsRecover(
  fe: FrontEnd,
  service: Service,
  args: string[] = [],
): Promise<CommandResult> {
  return runProcess(
    process.execPath,
    [join(ROOT, "dist", "cli", "main.js"), "recover", "--endpoint", service.url, ...args],
    {
      cwd: fe.ws.dir,
      env: {
        ...fe.ws.env,
        COLLECTORS_ACCESS_ID: PULUMI_USER.accessId,
        COLLECTORS_ACCESS_KEY: PULUMI_USER.accessKey,
      },
      timeoutMs: 5 * MINUTE,
    },
  );
}

/**
 * The objects a run said it reclaimed (`HostedCollector "c-1a2b3c4" (id 100000001)`), once each:
 * the engine shows a line under its resource and again among the diagnostics.
 */
export function reclaimed(up: CommandResult): string[] {
  const said = up.stdout.matchAll(/(\w+ "[^"]+" \(id [^)]+\)): reclaimed, not created/g);
  return [...new Set([...said].map((match) => match[1] as string))];
}

/**
 * An object as "collector 100000001" or "source 100000007", from its service path or from a line
 * of reclaimed: what the objects a kill left are compared by with those the re-run reclaimed.
 */
export function objectOf(pathOrReclaim: string): string {
  const said = /^(\w+) "[^"]+" \(id ([^)]+)\)$/.exec(pathOrReclaim);
  if (said) return `${said[1]?.endsWith("Collector") ? "collector" : "source"} ${said[2]}`;
  const [, , collector, , source] = pathOrReclaim.split("/");
  return source === undefined ? `collector ${collector}` : `source ${source}`;
}
