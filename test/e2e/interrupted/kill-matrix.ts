// The kill matrix of one front end: for every write of the small stack's create, update and
// delete (k = 1 … WRITES), a `pulumi up` killed right after that write reached the service (its
// answer never reaching the state) converges with each recovery the engine's messages lead to;
// and the same write answered never (the local service's lost-response fault) converges within
// the run, with no kill. Each cell checks, from its own run: one object per resource, the state
// complete with nothing pending, a preview that plans nothing, and (creates) nothing left on the
// service after `pulumi destroy`. Killing the CLI, it also checks that the provider plugin it had
// started ends on its own within seconds. Each way on (a column: its creates, updates and deletes
// in order) runs on a service and a stack of its own, beside the other columns: a cell waits
// mostly on pacing and on processes, rarely on the processor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Matrix } from "../../helpers/matrix";
import { PROVIDER_EXIT_MS } from "../../helpers/provider-exit";
import { type InventoryCollector, Service } from "../../helpers/pulumi";
import { killAll, type ProcessInfo, survivors } from "./processes";
import {
  collectorsRecover,
  expectConverged,
  type KilledRun,
  killedUp,
  objectPaths,
  orphans,
  RECOVERIES,
  type Recovery,
  recover,
  tookOver,
} from "./runs";
import { EMPTY, type FrontEnd, type FrontEndName, frontEnd, type Stage, WRITES } from "./stack";

const MINUTE = 60_000;
const LOST = "answer lost, no kill";
const COLUMNS = [...(Object.keys(RECOVERIES) as Recovery[]), LOST];
const METHODS = ["POST", "PUT", "DELETE"] as const;
type Method = (typeof METHODS)[number];
const ROWS = METHODS.flatMap((m) => Array.from({ length: WRITES }, (_, i) => `${m} ${i + 1}`));

const V1: Stage = { category: "v1" };
const V2: Stage = { category: "v2" };

/** How many objects the service holds. */
const count = (inventory: InventoryCollector[]) => objectPaths(inventory).length;
/** How many objects hold the category of `stage`. */
const holding = (stage: Stage) => (inventory: InventoryCollector[]) =>
  inventory.flatMap((c) => [c, ...c.sources]).filter((o) => o.category?.startsWith(stage.category))
    .length;

/** The provider processes of the killed CLI: ours (the plugin, the dynamic-provider host). */
function providers(started: readonly ProcessInfo[]): ProcessInfo[] {
  return started.filter((p) => /pulumi-resource-(collectors|pulumi-nodejs)/.test(p.command));
}

/** A column's own service and stack: what its cells run on. */
interface Bench {
  service: Service;
  fe: FrontEnd;
}

export function killMatrix(name: FrontEndName): void {
  const matrix = new Matrix([name], ROWS, COLUMNS, {
    row: "write",
    rows: "writes",
    columns: "ways on",
  });
  const leftBehind: string[] = [];
  /** Whether a re-run's output with a take-over was printed (once per front end). */
  let shownTakeOver = false;
  const cell = (row: string, column: string, check: () => Promise<unknown>) =>
    matrix.check(name, row, column, check);

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
    await fe.ws.pulumi(["up", "--yes", "--skip-preview"]);
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
    method: Method,
    k: number,
    recovery: Recovery,
    target: Stage,
    committed: (inventory: InventoryCollector[]) => boolean,
  ): Promise<string> {
    fe.write(target);
    const killed = await killedUp(fe, service, method, k, committed);
    const ended = await expectProvidersEnd(killed);
    // The killed create's object, and any other create's in flight beside it.
    const left = await orphans(fe, service);
    if (method === "POST") expect(left.length, "objects the killed run left").toBeGreaterThan(0);
    else expect(left, "objects the killed run left").toEqual([]);
    const mark = await service.mark();
    const up = await recover(fe, recovery);
    const answers = (await service.since(mark)).map((r) => `${r.method} ${r.status}`);
    const settled = await expectConverged(fe, service, target);
    // Each of them taken over by the re-run and said so; nothing else.
    const took = tookOver(up);
    expect(took.length, "objects the re-run took over").toBe(left.length);
    if (took.length > 0 && !shownTakeOver) {
      shownTakeOver = true;
      console.log(`a re-run's take-over, ${name}:\n${up.stdout}`);
    }
    const pending = settled > 0 ? `, ${settled} settled pending create(s) left for a refresh` : "";
    return `${ended}; ${left.length} left by the kill, taken over${pending}${
      recovery === "cancel, up" ? rerunSaw(method, answers) : ""
    }`;
  }

  /**
   * Without a refresh first, the re-run meets what the killed write did: its update's ETag is
   * refused (the write moved it) and the object read holds the program's values; its delete
   * finds the object gone. (With a refresh first, the refresh reads both.)
   */
  function rerunSaw(method: Method, answers: readonly string[]): string {
    if (method === "PUT") {
      expect(answers, "the re-run's update of the object the killed PUT wrote").toContain(
        "PUT 412",
      );
      return "; the re-run's PUT met 412, its read found the write done";
    }
    if (method === "DELETE") {
      expect(answers, "the re-run's delete of the object the killed DELETE removed").toContain(
        "DELETE 404",
      );
      return "; the re-run's DELETE met 404: already gone, done";
    }
    return "";
  }

  // Each way on is a group of its own (its rows: creates, updates, deletes, in order).
  for (const recovery of Object.keys(RECOVERIES) as Recovery[]) {
    group(recovery, (bench) => {
      inOrder(
        "creates: killed after each POST, converges; destroy leaves nothing",
        20 * MINUTE,
        async () => {
          const b = bench();
          for (let k = 1; k <= WRITES; k++) {
            const passed = await cell(`POST ${k}`, recovery, async () => {
              const note = await killedCell(b, "POST", k, recovery, V1, (inv) => count(inv) === k);
              await b.fe.ws.pulumi(["destroy", "--yes", "--skip-preview"]);
              expect(objectPaths(await b.service.inventory()), "left after destroy").toEqual([]);
              return note;
            });
            if (!passed) await cleanUp(b);
          }
        },
      );

      inOrder("updates: killed after each PUT, converges", 20 * MINUTE, async () => {
        const b = bench();
        await upTo(b, V1);
        for (let k = 1; k <= WRITES; k++) {
          const target = k % 2 === 1 ? V2 : V1;
          await cell(`PUT ${k}`, recovery, () =>
            killedCell(b, "PUT", k, recovery, target, (inv) => holding(target)(inv) >= k),
          );
        }
        await cleanUp(b);
      });

      inOrder("deletes: killed after each DELETE, converges", 20 * MINUTE, async () => {
        const b = bench();
        for (let k = 1; k <= WRITES; k++) {
          await upTo(b, V1);
          await cell(`DELETE ${k}`, recovery, () =>
            killedCell(b, "DELETE", k, recovery, EMPTY, (inv) => count(inv) === WRITES - k),
          );
        }
        await cleanUp(b);
      });
    });
  }

  /** Up with the k-th write of `method` answered never; the run itself must converge. */
  async function lostCell(
    { service, fe }: Bench,
    method: Method,
    k: number,
    target: Stage,
  ): Promise<string> {
    await service.addFault({ kind: "lost-response", method, skip: k - 1, count: 1 });
    try {
      fe.write(target);
      await fe.ws.pulumi(["up", "--yes", "--skip-preview"]);
      const faults = (await service.control("/faults")).faults as { fired: number }[];
      expect(faults[0]?.fired, "the lost answer").toBe(1);
    } finally {
      await service.clearFaults();
    }
    await expectConverged(fe, service, target);
    return "converged within the run";
  }

  group(LOST, (bench) => {
    inOrder(
      "every write once answered never: the run converges by itself",
      20 * MINUTE,
      async () => {
        const b = bench();
        for (let k = 1; k <= WRITES; k++) {
          const passed = await cell(`POST ${k}`, LOST, async () => {
            const note = await lostCell(b, "POST", k, V1);
            await b.fe.ws.pulumi(["destroy", "--yes", "--skip-preview"]);
            expect(objectPaths(await b.service.inventory()), "left after destroy").toEqual([]);
            return note;
          });
          if (!passed) await cleanUp(b);
        }
        await upTo(b, V1);
        for (let k = 1; k <= WRITES; k++) {
          await cell(`PUT ${k}`, LOST, () => lostCell(b, "PUT", k, k % 2 === 1 ? V2 : V1));
        }
        for (let k = 1; k <= WRITES; k++) {
          await upTo(b, V1);
          await cell(`DELETE ${k}`, LOST, () => lostCell(b, "DELETE", k, EMPTY));
        }
        await cleanUp(b);
      },
    );
  });

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
      "never taken over: the re-run names the object's id and `collectors recover`, which hands it to the engine",
      10 * MINUTE,
      async () => {
        const { service, fe } = bench();
        const named: Stage = { ...V1, names: true };
        fe.write(named);
        const killed = await killedUp(fe, service, "POST", 1, (inv) => count(inv) === 1);
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
        expect(tookOver(up), "nothing taken over by name").toEqual([]);
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
    it("prints every cell, and every one passes", () => {
      console.log(matrix.table());
      expect(leftBehind, "provider processes that outlived their engine").toEqual([]);
      expect(matrix.failures()).toEqual([]);
    });
  });
}
