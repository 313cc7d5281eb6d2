// The kill matrix of one front end: for every write a create, an update and a delete of the small
// stack make (kill-points.ts: read from the request log of each run once with no fault), a `pulumi
// up` killed there (its answer held by the service, or, at the last write, just sent: it never
// reaches the state) converges with each recovery the engine's messages lead to; and the same
// write answered never (the local service's lost-response fault) converges within the run, with
// no kill. Each cell checks, from its own run: one object per resource, the state complete with
// nothing pending, a preview that plans nothing, the objects the kill left unrecorded the very
// ones the re-run reclaimed, and (creates) nothing left on the service after `pulumi destroy`.
// Killing the CLI, it also checks that the provider processes it had started end on their own
// within the time the code promises. The creates of a way on (a column), its updates and its
// deletes each run on a service and a stack of their own, beside the others: a cell waits mostly
// on pacing and on processes, rarely on the processor. Each of those tests fails with its own
// cells; the last test prints the matrix.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Matrix } from "../../helpers/matrix";
import { PROVIDER_EXIT_MS } from "../../helpers/provider-exit";
import { type InventoryCollector, Service, summarize } from "../../helpers/pulumi";
import { CHANGES, type Change, type KillPoint, killPoints, writesIn } from "./kill-points";
import { killAll, type ProcessInfo, survivors } from "./processes";
import {
  collectorsRecover,
  expectConverged,
  type KilledRun,
  killedUp,
  objectOf,
  objectPaths,
  orphans,
  RECOVERIES,
  type Recovery,
  reclaimed,
  recover,
} from "./runs";
import { EMPTY, type FrontEnd, type FrontEndName, frontEnd, type Stage } from "./stack";

const MINUTE = 60_000;
const LOST = "answer lost, no kill";
const COLUMNS = [...(Object.keys(RECOVERIES) as Recovery[]), LOST];
const UP = ["up", "--yes", "--skip-preview"];

const V1: Stage = { category: "v1" };
const V2: Stage = { category: "v2" };
/** The stage a run of each change goes to: from nothing, from the other category, from either. */
const CHANGED_TO: Record<Change, Stage> = { create: V1, update: V2, delete: EMPTY };

/** How many objects the service holds. */
const count = (inventory: InventoryCollector[]) => objectPaths(inventory).length;
/** How many objects hold the category of `stage`. */
const holding = (stage: Stage) => (inventory: InventoryCollector[]) =>
  inventory.flatMap((c) => [c, ...c.sources]).filter((o) => o.category?.startsWith(stage.category))
    .length;

/**
 * Whether the service shows the write of kill point `at` done, from `before` objects on the way
 * to `target`: the k-th POST made the k-th object, the k-th PUT the k-th object of the target's
 * values, the k-th DELETE removed the k-th object (writes after it may be done too).
 */
function committedAt(at: KillPoint, target: Stage, before: number) {
  return (inventory: InventoryCollector[]): boolean => {
    if (at.method === "POST") return count(inventory) >= before + at.k;
    if (at.method === "PUT") return holding(target)(inventory) >= at.k;
    return count(inventory) <= before - at.k;
  };
}

/** The provider processes of the killed CLI: ours (the plugin, the dynamic-provider host). */
function providers(started: readonly ProcessInfo[]): ProcessInfo[] {
  return started.filter((p) => /pulumi-resource-(collectors|pulumi-nodejs)/.test(p.command));
}

/** A column's own service and stack: what its cells run on. */
interface Bench {
  service: Service;
  fe: FrontEnd;
}

/** The kill points of each change, and the matrix with a row for each. */
interface Plan {
  points: Record<Change, KillPoint[]>;
  matrix: Matrix;
}

/**
 * The plan of the matrix, from the request log: on a service and a stack of their own, the stack
 * created, updated and deleted once each with no fault, and every write each run made.
 */
async function recordPlan(name: FrontEndName): Promise<Plan> {
  const service = await Service.start();
  try {
    const fe = await frontEnd(name, service);
    try {
      const points = {} as Record<Change, KillPoint[]>;
      for (const change of CHANGES) {
        fe.write(CHANGED_TO[change]);
        const mark = await service.mark();
        await fe.ws.pulumi(UP);
        const writes = writesIn(await service.since(mark));
        expect(writes.length, `the writes of a ${change}`).toBeGreaterThan(0);
        expect(
          writes.filter((w) => w.status < 200 || w.status > 299),
          `the writes of a ${change} with no fault: ${summarize(writes).join(", ")}`,
        ).toEqual([]);
        points[change] = killPoints(change, writes);
      }
      const rows = CHANGES.flatMap((change) => points[change].map((at) => at.row));
      const matrix = new Matrix([name], rows, COLUMNS, {
        row: "write",
        rows: "writes",
        columns: "ways on",
      });
      return { points, matrix };
    } finally {
      fe.dispose();
    }
  } finally {
    await service.close();
  }
}

export function killMatrix(name: FrontEndName): void {
  const leftBehind: string[] = [];
  /** Whether a re-run's output with a reclaim was printed (once per front end). */
  let shownReclaim = false;
  /** Recorded while the columns set up their own services and stacks; every test awaits it. */
  let planned: Promise<Plan> | undefined;
  beforeAll(() => {
    planned = recordPlan(name);
    planned.catch(() => {}); // awaited, and its failure reported, by each test
  });
  const plan = (): Promise<Plan> => planned ?? Promise.reject(new Error("no plan recorded"));

  /**
   * A group of tests on a service and a stack of its own. The groups run at the same time: each
   * waits mostly on its own service's pacing (4 requests/s), on the provider processes of a
   * killed run to notice the engine gone (seconds) and on polls, rarely on the processor, and
   * nothing of one reaches another (own service, request log, faults, stack, PULUMI_HOME). Its
   * tests run one after the other, in order: each builds on the stack the one before left.
   */
  function group(title: string, tests: (bench: () => Bench) => void): void {
    describe(title, { concurrent: true }, () => {
      let bench: Bench | undefined;
      beforeAll(async () => {
        const service = await Service.start(); // default limits: 4 requests/s, 10 in flight
        try {
          bench = { service, fe: await frontEnd(name, service) };
        } catch (error) {
          await service.close();
          throw error;
        }
      }, 30 * MINUTE);
      afterAll(async () => {
        bench?.fe.dispose();
        await bench?.service.close();
      });
      tests(() => {
        if (!bench) throw new Error(`${title}: no service or stack (its setup failed)`);
        return bench;
      });
    });
  }

  /** A test of a group: after the one before it, never beside it. */
  const inOrder = (title: string, timeout: number, body: () => Promise<void>) =>
    it(title, { concurrent: false, timeout }, body);

  /** Writes the stage's program and applies it, with no fault. */
  async function upTo({ fe }: Bench, stage: Stage): Promise<void> {
    fe.write(stage);
    await fe.ws.pulumi(UP);
  }

  /**
   * The provider processes the killed CLI had started end on their own; anything of it still
   * running is then ended, so that no case leaves a process to the next.
   */
  async function expectProvidersEnd(killed: KilledRun): Promise<string> {
    const ours = providers(killed.started);
    const running = await survivors(ours, PROVIDER_EXIT_MS);
    killAll(await survivors(killed.started, 0));
    for (const p of running) leftBehind.push(p.command);
    expect(ours.length, "the provider processes the CLI started").toBeGreaterThan(0);
    expect(
      running.map((p) => p.command),
      "provider processes still running after the kill",
    ).toEqual([]);
    return `${ours.length} provider process(es) ended on their own`;
  }

  /** One killed run and its recovery, from the stage the stack is at to `target`. */
  async function killedCell(
    { service, fe }: Bench,
    at: KillPoint,
    recovery: Recovery,
    target: Stage,
  ): Promise<string> {
    fe.write(target);
    const before = count(await service.inventory());
    const killed = await killedUp(fe, service, at, committedAt(at, target, before));
    const ended = await expectProvidersEnd(killed);
    // A create killed before it returned leaves its object unrecorded (and any other create's
    // in flight beside it); an update or a delete leaves none.
    const left = await orphans(fe, service);
    if (at.change === "create") {
      expect(left.length, "objects the killed run left").toBeGreaterThan(0);
    } else expect(left, "objects the killed run left").toEqual([]);
    const mark = await service.mark();
    const up = await recover(fe, recovery);
    const answers = (await service.since(mark)).map((r) => `${r.method} ${r.status}`);
    const settled = await expectConverged(fe, service, target);
    // Each of them reclaimed by the re-run and said so, by kind and id; nothing else.
    const took = reclaimed(up);
    expect(took.map(objectOf).sort(), "objects the re-run reclaimed").toEqual(
      left.map(objectOf).sort(),
    );
    if (took.length > 0 && !shownReclaim) {
      shownReclaim = true;
      console.log(`a re-run's reclaim, ${name}:\n${up.stdout}`);
    }
    const when = at.moment === "sent" ? "killed once its answer was sent" : "killed, answer held";
    const tore = killed.torn.length > 0 ? `; the kill tore ${killed.torn.join(", ")}: removed` : "";
    const pending = settled > 0 ? `, ${settled} settled pending create(s) left for a refresh` : "";
    return `${when}${tore}; ${ended}; ${left.length} left by the kill, reclaimed${pending}${
      recovery === "cancel, up" ? rerunSaw(at.change, answers) : ""
    }`;
  }

  /**
   * Without a refresh first, the re-run meets what the killed write did: its update's ETag is
   * refused (the write moved it) and the object read holds the program's values; its delete
   * finds the object gone. (With a refresh first, the refresh reads both.)
   */
  function rerunSaw(change: Change, answers: readonly string[]): string {
    if (change === "update") {
      expect(answers, "the re-run's update of the object the killed PUT wrote").toContain(
        "PUT 412",
      );
      return "; the re-run's PUT met 412, its read found the write done";
    }
    if (change === "delete") {
      expect(answers, "the re-run's delete of the object the killed DELETE removed").toContain(
        "DELETE 404",
      );
      return "; the re-run's DELETE met 404: already gone, done";
    }
    return "";
  }

  /** The rows of `points`. */
  const rowsOf = (points: readonly KillPoint[]) => points.map((at) => at.row);

  /** Up with the write of kill point `at` answered never; the run itself must converge. */
  async function lostCell({ service, fe }: Bench, at: KillPoint, target: Stage): Promise<string> {
    const { method, k } = at;
    await service.addFault({ kind: "lost-response", method, skip: k - 1, count: 1 });
    try {
      fe.write(target);
      await fe.ws.pulumi(UP);
      const faults = (await service.control("/faults")).faults as { fired: number }[];
      expect(faults[0]?.fired, "the lost answer").toBe(1);
    } finally {
      await service.clearFaults();
    }
    await expectConverged(fe, service, target);
    // At a row killed once its answer was sent, too: this column never kills.
    return "its answer lost, no kill: converged within the run";
  }

  /**
   * The cells of one change in one column, as a group of their own (its service and stack): the
   * creates, updates and deletes of a column need nothing of each other (each starts from an
   * empty stack, and leaves one), so they run beside each other; Vitest runs at most five tests
   * at once (maxConcurrency), which bounds the engines running together. The test fails with its
   * own cells.
   */
  function cellsOf(column: string, change: Change): void {
    group(`${column}: ${change}s`, (bench) => {
      inOrder(titleOf(column, change), 20 * MINUTE, async () => {
        const { points, matrix } = await plan();
        await CELLS[change](bench(), points[change], column, matrix);
        matrix.expectPassed(name, rowsOf(points[change]), [column]);
      });
    });
  }

  /** A cell of `column`: a run at kill point `at` toward `target`, checked; its note. */
  type Cell = (b: Bench, at: KillPoint, target: Stage) => Promise<string>;
  const cellOf = (column: string): Cell =>
    column === LOST ? lostCell : (b, at, target) => killedCell(b, at, column as Recovery, target);

  /** How a change's cells go, from an empty stack to an empty one. */
  const CELLS: Record<
    Change,
    (b: Bench, points: readonly KillPoint[], column: string, matrix: Matrix) => Promise<void>
  > = {
    // Each from an empty stack: the cell, then `pulumi destroy` leaves nothing on the service.
    create: async (b, points, column, matrix) => {
      for (const at of points) {
        const passed = await matrix.check(name, at.row, column, async () => {
          const note = await cellOf(column)(b, at, V1);
          await b.fe.ws.pulumi(["destroy", "--yes", "--skip-preview"]);
          expect(objectPaths(await b.service.inventory()), "left after destroy").toEqual([]);
          return note;
        });
        if (!passed) await cleanUp(b);
      }
    },
    // From one category to the other and back.
    update: async (b, points, column, matrix) => {
      await upTo(b, V1);
      for (const [i, at] of points.entries()) {
        const target = i % 2 === 0 ? V2 : V1;
        await matrix.check(name, at.row, column, () => cellOf(column)(b, at, target));
      }
      await cleanUp(b);
    },
    // Each from the whole stack made.
    delete: async (b, points, column, matrix) => {
      for (const at of points) {
        await upTo(b, V1);
        await matrix.check(name, at.row, column, () => cellOf(column)(b, at, EMPTY));
      }
      await cleanUp(b);
    },
  };

  /** The test's title: what a column does at the writes of a change. */
  function titleOf(column: string, change: Change): string {
    const a = change === "update" ? "an" : "a";
    const done =
      column === LOST
        ? `every write of ${a} ${change} once answered never: the run converges by itself`
        : `killed at each write of ${a} ${change}, converges`;
    return change === "create" ? `${done}; destroy leaves nothing` : done;
  }

  // A group per change of each way on; the creates first, the longest.
  for (const change of CHANGES) {
    for (const column of COLUMNS) {
      cellsOf(column, change);
    }
  }

  /**
   * The stack and the service back to empty: after a failed cell, so that it does not fail the
   * ones after it, and at the end of a row group.
   */
  async function cleanUp({ service, fe }: Bench): Promise<void> {
    await fe.ws.pulumi(["cancel", "--yes"], { check: false });
    await fe.ws.pulumi(["refresh", "--yes", "--skip-preview", "--clear-pending-creates"], {
      check: false,
    });
    await fe.ws.pulumi(["destroy", "--yes", "--skip-preview"], { check: false });
    for (const collector of await service.inventory()) {
      await service.api("DELETE", `/collectors/${collector.id}`);
    }
  }

  group("names the program gives", (bench) => {
    inOrder(
      "never reclaimed: the re-run names the object's id and `collectors recover`, which hands it to the engine",
      10 * MINUTE,
      async () => {
        const { service, fe } = bench();
        const named: Stage = { ...V1, names: true };
        fe.write(named);
        const killed = await killedUp(
          fe,
          service,
          { method: "POST", k: 1, moment: "held" },
          (inv) => count(inv) >= 1,
        );
        await expectProvidersEnd(killed);
        await fe.ws.pulumi(["cancel", "--yes"]);
        const [made] = await service.inventory();
        const refused = await fe.ws.pulumi(["up", "--yes", "--skip-preview"], { check: false });
        expect(refused.code, "the re-run").not.toBe(0);
        expect(refused.stdout).toContain(
          `Cannot create HostedCollector "given-c": the account already has one with this name ` +
            `(id ${made?.id}). If a run stopped midway created it for this resource, ` +
            "`collectors recover` hands it to the engine",
        );
        const printed = await collectorsRecover(fe, service);
        console.log(`collectors recover, ${name}:\n${printed.stdout}${printed.stderr}`);
        expect(printed.code, printed.stderr).toBe(0);
        expect(printed.stdout).toContain(`"given-c": found, id ${made?.id}`);
        expect(printed.stdout).toContain("collectors recover --run");
        const ran = await collectorsRecover(fe, service, ["--run"]);
        expect(ran.code, `${ran.stdout}${ran.stderr}`).toBe(0);
        const up = await fe.ws.pulumi(["up", "--yes", "--skip-preview"]);
        expect(reclaimed(up), "nothing reclaimed by name").toEqual([]);
        await expectConverged(fe, service, named);
        const state = await fe.ws.pulumi(["stack", "export"]);
        expect(state.stdout).toContain(`"id": "${made?.id}"`);
        await fe.ws.pulumi(["destroy", "--yes", "--skip-preview"]);
        expect(objectPaths(await service.inventory()), "left after destroy").toEqual([]);
      },
    );
  });

  // After every group: not concurrent, so it runs once they have all ended.
  describe("the matrix", () => {
    it("prints every cell, and every one passes", async () => {
      const { matrix } = await plan();
      console.log(matrix.table());
      expect(leftBehind, "provider processes that outlived their engine").toEqual([]);
      expect(matrix.failures()).toEqual([]);
    });
  });
}
