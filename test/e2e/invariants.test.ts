// The invariant matrix (issue 25): every kind of ENTITY_KINDS × every invariant × both front ends
// (the TypeScript classes and the provider plugin), with the real engine against the local
// service. One stack per front end holds one resource of every kind at once (samples.ts); each
// stage runs once for all of them, and each cell is recorded from its own kind's evidence: the
// requests on its object's path (and its collection's POSTs), its preview step, its state entry.
// Each collection's writes look as its API has them (evidence.ts, WIRE): a source template is
// created by a POST answered 200, updated by a POST without If-Match, disabled then deleted.
//   create    one POST (InstalledCollector, OtCollector: adoption of the one registered before,
//             no write), then preview --expect-no-changes with no request
//   refresh   leaves its state entry as it was (HIDDEN_INPUTS aside), the preview after empty
//   update    one modifiable field: one PUT with If-Match (a source template: its update POST),
//             the service shows the value
//   replace   the not-modifiable field of the kind table: a replacement (n/a where there is none)
//   import    plugin: `pulumi import` of every object gives the same inputs, but for what the
//             kind table explains (imported.ts: masked credentials first, each printed), and the
//             program on the imported stack plans no change but writing masked credentials: under
//             the inputs its diff names, it differs from the imported state at masked credential
//             leaves only (and members the service adds)
//   recreate  deleted behind Pulumi's back: refresh drops it, up creates it again
//   destroy   the service as before the stack (the Installed and OpenTelemetry collectors retained)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import type { EntityKind } from "../../provider/resources/kinds/kind";
import { typeOfUrn } from "../../provider/resources/steps/urn";
import type { Json } from "../helpers/http";
import { type CellCheck, Matrix } from "../helpers/matrix";
import { installPlugin } from "../helpers/plugin";
import {
  type LoggedRequest,
  type PulumiWorkspace,
  previewJson,
  program,
  Service,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";
import { valueAt } from "../resources/sourceBodies.helpers";
import {
  apiPath,
  collectionOf,
  deleteAsOperator,
  differingPaths,
  objectPath,
  requestsOn,
  type StateResource,
  serviceObjects,
  stateOf,
  wireOf,
  writesElsewhere,
  writesOn,
} from "./invariants/evidence";
import {
  changedLeaves,
  compareImported,
  EXCUSES,
  type ImportComparison,
  KEEP_INPUT,
  unexcusedLeaves,
} from "./invariants/imported";
import {
  AWAY,
  adoptedName,
  KINDS,
  missingSamples,
  notModifiable,
  plan,
  type Stage,
  sampleOf,
} from "./invariants/samples";
import { yamlProgram } from "./invariants/yaml-program";

const MINUTE = 60_000;
const FRONT_ENDS = ["TypeScript", "plugin"] as const;
type FrontEndName = (typeof FRONT_ENDS)[number];
const INVARIANTS = ["create", "refresh", "update", "replace", "import", "recreate", "destroy"];
const matrix = new Matrix(FRONT_ENDS, KINDS, INVARIANTS);
const started = Date.now();
const took: Record<string, number> = {};
/** The import's differences the kind table explains, by excuse (imported.ts): `Kind.path`. */
const excusedByName = new Map<string, string[]>();

/**
 * The hidden inputs the TypeScript classes pass for the provider's own use (its autoname and
 * progress lines: provider/resources/program/resource.ts). A refresh drops them from the state's
 * inputs (the dynamic provider's read sees only the outputs, so it cannot give them back); the
 * program's inputs and every output stay as they were, and the next up writes them again.
 */
const HIDDEN_INPUTS = ["inputs.__autoname", "inputs.__urn"];

const kindOf = (name: string): EntityKind => ENTITY_KINDS[name] as EntityKind;

/**
 * How a not-creatable kind's object comes to be (as its software would register it), by
 * collection: registered with the sample's settings (so its adoption has nothing to write), its
 * id as the API writes it; and the request its adoption by name makes (the log keeps no query:
 * the OT collector's look-up is one GET of otCollectorsByName?names=…).
 */
const REGISTERED: Readonly<
  Record<
    string,
    {
      register(service: Service, body: Record<string, unknown>): Promise<string>;
      byName(name: string): string;
    }
  >
> = {
  collectors: {
    register: async (service, body) => String((await service.registerInstalled(body)).id),
    byName: (name) => `/collectors/name/${name}`,
  },
  otCollectors: {
    register: async (service, body) => String((await service.registerOt(body)).id),
    byName: () => "/otCollectors/otCollectorsByName",
  },
};

function registration(kind: EntityKind) {
  const found = REGISTERED[kind.collection];
  if (!found) throw new Error(`${kind.kind}: no way to register one in REGISTERED`);
  return found;
}

/** Kinds a stack cannot create: each adopts an object registered on the service first. */
const ADOPTED = KINDS.filter((kind) => kindOf(kind).notCreatable);

const cleanup: (() => void)[] = [];

/** A throwaway folder holding just a YAML project file. */
function yamlProjectDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: yaml\n`);
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function pluginWorkspace(service: Service, dir: string): Promise<PulumiWorkspace> {
  const ws = await workspaceFor(service, dir);
  cleanup.push(() => ws.dispose());
  await installPlugin(ws);
  return ws;
}

/** A front end: its workspace, and how it writes the program of a stage. */
interface FrontEnd {
  ws: PulumiWorkspace;
  write(stage: Stage): void;
}

const FRONT_END_MAKERS: Record<
  FrontEndName,
  (service: Service, host: string) => Promise<FrontEnd>
> = {
  async TypeScript(service, host) {
    const ws = await workspaceFor(service, program("invariants"));
    cleanup.push(() => ws.dispose());
    const planFile = join(ws.root, "plan.json");
    await ws.setConfig("planFile", planFile);
    return {
      ws,
      write: (stage) => writeFileSync(planFile, JSON.stringify(plan(stage, host))),
    };
  },
  async plugin(service, host) {
    const project = "e2e-matrix-plugin";
    const ws = await pluginWorkspace(service, yamlProjectDir(project));
    return {
      ws,
      write: (stage) =>
        writeFileSync(join(ws.dir, "Pulumi.yaml"), yamlProgram(project, plan(stage, host))),
    };
  },
};

afterAll(() => {
  for (const done of cleanup) done();
});

describe("the kinds", () => {
  it("every kind of ENTITY_KINDS has a sample, and its not-modifiable field is known", () => {
    expect(missingSamples(), "kinds without a sample in test/e2e/invariants/samples.json").toEqual(
      [],
    );
    // Throws for a kind whose replace field has no value to set.
    for (const kind of KINDS) notModifiable(kindOf(kind));
  });
});

// The front ends run at the same time, each on a service of its own (its own request limits and
// log): a stage waits mostly on the service's pacing (4 requests/s for some 40 objects), rarely
// on the processor. The tests of one front end run one after the other: each stage builds on the
// stack the one before left.
for (const name of FRONT_ENDS) {
  describe(`the ${name} front end`, { concurrent: true }, () => {
    /**
     * The test of one invariant on this front end: after the one before it, never beside it. It
     * fails with its own cells (each kind's), not only the matrix's last test.
     */
    const inOrder = (invariant: string, what: string, body: () => Promise<void>, timeout: number) =>
      it(`${invariant}: ${what}`, { concurrent: false, timeout }, async () => {
        await body();
        matrix.expectPassed(name, KINDS, [invariant]);
      });
    let service: Service;
    beforeAll(async () => {
      service = await Service.start(); // default limits: 4 requests/s, 10 in flight
    }, 30 * MINUTE);
    afterAll(async () => {
      await service?.close();
    });
    const host = `matrix-${name.toLowerCase()}.host`;
    const kindByName = new Map(plan("create", host).map((p) => [p.name, p.kind]));
    const cell = (kind: string, invariant: string, assertions: CellCheck) =>
      matrix.check(name, kind, invariant, assertions);
    let fe: FrontEnd;
    /** The id of each adopted kind's registered object. */
    const registeredIds = new Map<string, string>();
    let installedId: string;
    let before: Map<string, Json>;
    let state = new Map<string, StateResource>();
    let frontEndStarted = 0;

    const resourceOf = (kind: string): StateResource => {
      const found = state.get(kind);
      if (!found) throw new Error(`${kind} is not in the stack`);
      return found;
    };
    const pathOf = (kind: string, resource = resourceOf(kind)) =>
      objectPath(kindOf(kindByName.get(resource.name) ?? kind), resource);

    /** Writes the stage's program, runs `up`, and returns Pulumi's requests. */
    async function up(stage: Stage): Promise<LoggedRequest[]> {
      fe.write(stage);
      const mark = await service.mark();
      await fe.ws.pulumi(["up", "--yes", "--skip-preview"]);
      const requests = await service.since(mark);
      state = await stateOf(fe.ws);
      return requests;
    }

    /** `preview --expect-no-changes`: each resource's step, the requests, the exit code. */
    async function quietPreview() {
      const mark = await service.mark();
      const preview = await previewJson(fe.ws, ["--expect-no-changes", "--show-sames"], {
        check: false,
      });
      const requests = summarize(await service.since(mark));
      return {
        ops: new Map(preview.steps.map((s) => [s.name, s.op])),
        requests,
        code: preview.code,
      };
    }
    type Quiet = Awaited<ReturnType<typeof quietPreview>>;

    function expectQuiet(quiet: Quiet, kind: string): void {
      expect(quiet.requests, "the preview's requests").toEqual([]);
      expect(quiet.ops.get(kind), `${kind}'s step in the preview`).toBe("same");
    }

    /**
     * The kind's object is new on the service, and was made by one POST: its collection got one
     * POST, answered 201 (a source template's 200: WIRE), per new object of the program in it
     * (each such answer makes one object), and nothing else wrote on it.
     */
    function expectCreated(
      kind: string,
      requests: readonly LoggedRequest[],
      objectsBefore: ReadonlyMap<string, unknown>,
      objectsNow: ReadonlyMap<string, unknown>,
    ): void {
      const path = pathOf(kind);
      expect(objectsNow.has(path), `${path} on the service`).toBe(true);
      expect(objectsBefore.has(path), `${path} before the up`).toBe(false);
      expect(writesOn(requests, path), `writes on ${path}`).toEqual([]);
      const collection = collectionOf(path);
      const made = [...state.values()].filter((other) => {
        const at = pathOf(other.name, other);
        return collectionOf(at) === collection && !objectsBefore.has(at);
      });
      const posts = requests.filter((r) => r.method === "POST" && apiPath(r) === collection);
      expect(
        posts.map((r) => r.status),
        `POSTs on ${collection} for ${made.length} new objects`,
      ).toEqual(made.map(() => wireOf(path).created));
    }

    inOrder(
      "create",
      "one POST each (the Installed and OpenTelemetry collectors adopted), then no change and no request",
      async () => {
        frontEndStarted = Date.now();
        for (const kind of ADOPTED) {
          const body = { ...retainedSettings(kind, host, "create"), name: adoptedName(kind, host) };
          const id = await registration(kindOf(kind)).register(service, body);
          registeredIds.set(kind, id);
        }
        installedId = registeredIds.get("InstalledCollector") ?? "";
        fe = await FRONT_END_MAKERS[name](service, host);
        before = await serviceObjects(service);
        const objectsBefore = before;
        const requests = await up("create");
        const objectsNow = await serviceObjects(service);
        const quiet = await quietPreview();
        for (const kind of KINDS) {
          await cell(kind, "create", () => {
            let note: string | undefined;
            if (kindOf(kind).notCreatable) {
              const path = pathOf(kind);
              const { collection } = kindOf(kind);
              expect(path).toBe(`/${collection}/${registeredIds.get(kind)}`);
              expect(writesOn(requests, path), `writes on ${path}`).toEqual([]);
              const reads = requestsOn(requests, path);
              expect(reads.every((r) => r === "GET 200")).toBe(true);
              // What the adoption read: GET /collectors/name/{name} (provider/api/names.ts), or
              // GET /otCollectors/otCollectorsByName?names={name} (provider/api/ot-collectors.ts).
              const lookUp = registration(kindOf(kind)).byName(adoptedName(kind, host));
              const byName = requests.filter(
                (r) => r.method === "GET" && apiPath(r).startsWith(lookUp),
              );
              expect(
                byName.map((r) => r.status),
                `GET ${lookUp}`,
              ).toEqual([200]);
              note =
                `adoption by name: no POST, no write on it; GET ${lookUp.replace(/name\/.*/, "name/{name}")} once, ` +
                `${reads.length} GET on /${collection}/{id}`;
            } else {
              expectCreated(kind, requests, objectsBefore, objectsNow);
            }
            expectQuiet(quiet, kind);
            return note;
          });
        }
        expect(quiet.code, "preview --expect-no-changes").toBe(0);
      },
      15 * MINUTE,
    );

    inOrder(
      "refresh",
      "every state entry as it was, and the preview after plans nothing",
      async () => {
        const stateBefore = await stateOf(fe.ws, { showSecrets: true });
        const mark = await service.mark();
        const refresh = await fe.ws.pulumi(
          ["refresh", "--yes", "--skip-preview", "--expect-no-changes"],
          { check: false },
        );
        const requests = await service.since(mark);
        const stateAfter = await stateOf(fe.ws, { showSecrets: true });
        const quiet = await quietPreview();
        for (const kind of KINDS) {
          await cell(kind, "refresh", () => {
            expect(stateBefore.has(kind)).toBe(true);
            const differs = differingPaths(stateAfter.get(kind), stateBefore.get(kind));
            const hidden = differs.filter((path) => HIDDEN_INPUTS.includes(path));
            expect(
              differs.filter((path) => !hidden.includes(path)),
              `${kind}'s state entry after refresh`,
            ).toEqual([]);
            expect(writesOn(requests, pathOf(kind)), "writes").toEqual([]);
            expectQuiet(quiet, kind);
            return hidden.length > 0 ? `state as it was but for ${hidden.join(", ")}` : undefined;
          });
        }
        expect(summarize(requests).filter((r) => !r.startsWith("GET "))).toEqual([]);
        expect(refresh.code, "refresh --expect-no-changes").toBe(0);
        expect(quiet.code).toBe(0);
      },
      10 * MINUTE,
    );

    inOrder(
      "update",
      "one modifiable field is one PUT with If-Match, and the service shows it",
      async () => {
        const previous = state;
        const requests = await up("update");
        const objectsNow = await serviceObjects(service);
        const quiet = await quietPreview();
        for (const kind of KINDS) {
          await cell(kind, "update", () => {
            const { at, value } = sampleOf(kind).update;
            expect(resourceOf(kind).id, "the same object").toBe(previous.get(kind)?.id);
            // The hidden inputs the refresh before dropped are back (HIDDEN_INPUTS).
            if (name === "TypeScript")
              expect(resourceOf(kind).inputs.__urn).toBe(resourceOf(kind).urn);
            const path = pathOf(kind);
            expect(writesOn(requests, path), `writes on ${path}`).toEqual(wireOf(path).update);
            expect(differingPaths(valueAt(objectsNow.get(path), at), value), at).toEqual([]);
            expectQuiet(quiet, kind);
            return `${at}`;
          });
        }
        // Every write was on a sample's object: no create, no delete, nothing on the harness's.
        const samplePaths = KINDS.map((kind) => pathOf(kind));
        expect(writesElsewhere(requests, samplePaths), "writes on no sample's object").toEqual([]);
        expect(quiet.code).toBe(0);
      },
      10 * MINUTE,
    );

    inOrder(
      "replace",
      "the kind table's not-modifiable field is a replacement",
      async () => {
        fe.write("replace");
        const preview = await previewJson(fe.ws);
        const previous = state;
        const objectsBefore = await serviceObjects(service);
        const requests = await up("replace");
        const objectsNow = await serviceObjects(service);
        const quiet = await quietPreview();
        for (const kind of KINDS) {
          const change = notModifiable(kindOf(kind));
          if ("na" in change) {
            matrix.notApplicable(name, kind, "replace", change.na);
            continue;
          }
          await cell(kind, "replace", () => {
            const step = preview.steps.find((s) => s.name === kind);
            expect(step?.op, `${kind}'s step`).toBe("replace");
            expect(step?.replaceReasons).toContain(change.field);
            const old = previous.get(kind) as StateResource;
            const oldPath = pathOf(kind, old);
            expect(resourceOf(kind).id).not.toBe(old.id);
            expect(writesOn(requests, oldPath), `writes on ${oldPath}`).toEqual(
              wireOf(oldPath).deleted,
            );
            expect(objectsNow.has(oldPath)).toBe(false);
            expectCreated(kind, requests, objectsBefore, objectsNow);
            if (change.field === kindOf(kind).parent) {
              expect(String(resourceOf(kind).outputs.collectorId)).toBe(state.get(AWAY)?.id);
            }
            expectQuiet(quiet, kind);
            return change.field;
          });
        }
        expect(quiet.code).toBe(0);
      },
      10 * MINUTE,
    );

    inOrder(
      "import",
      "pulumi import of every object gives the inputs the program gave (plugin)",
      async () => {
        if (name !== "plugin") {
          for (const kind of KINDS) {
            matrix.notApplicable(
              name,
              kind,
              "import",
              "pulumi import needs a provider plugin; the dynamic classes adopt with `adopt` (README)",
            );
          }
          return;
        }
        const original = await stateOf(fe.ws, { showSecrets: true });
        const importing = await pluginWorkspace(service, yamlProjectDir("e2e-matrix-import"));
        const file = join(importing.root, "import.json");
        const resources = [...original.values()].map((r) => ({
          type: typeOfUrn(r.urn),
          name: r.name,
          id: r.id,
        }));
        writeFileSync(file, JSON.stringify({ resources }, null, 2));
        const mark = await service.mark();
        // The code goes outside the project: the YAML host would read a half-written file.
        const out = join(importing.root, "imported.yaml");
        await importing.pulumi(["import", "--file", file, "--yes", "--out", out]);
        const requests = await service.since(mark);
        const imported = await stateOf(importing, { showSecrets: true });
        expect(imported.size).toBe(original.size);
        const compared = new Map(
          KINDS.map((kind) => [
            kind,
            compareImported(
              kindOf(kind),
              original.get(kind)?.inputs ?? {},
              imported.get(kind)?.inputs ?? {},
            ),
          ]),
        );
        // The decisive check: the program that made the objects, run on the imported stack, plans
        // no change (the provider's own diff finds the imported state the same). Without the
        // inputs the service does not show (keepInput): the import cannot know them.
        const unknowable = (kind: string) =>
          (compared.get(kind)?.excused ?? [])
            .filter((e) => e.excuse === KEEP_INPUT)
            .map((e) => e.path);
        const program = plan("replace", host).map((p) => ({
          ...p,
          args: Object.fromEntries(
            Object.entries(p.args).filter(([key]) => !unknowable(p.name).includes(key)),
          ),
        }));
        writeFileSync(
          join(importing.dir, "Pulumi.yaml"),
          yamlProgram("e2e-matrix-import", program),
        );
        const previewMark = await service.mark();
        const preview = await previewJson(importing, ["--show-sames"]);
        const previewed = summarize(await service.since(previewMark));
        for (const kind of KINDS) {
          await cell(kind, "import", () => {
            const { differs, excused, unmanaged } = compared.get(kind) as ImportComparison;
            expect(imported.has(kind), `${kind} imported`).toBe(true);
            if (differs.length > 0) throw new Error(`inputs differ at ${differs.join(", ")}`);
            expect(writesOn(requests, pathOf(kind)), "writes").toEqual([]);
            expect(previewed, "that preview's requests").toEqual([]);
            const step = preview.steps.find((s) => s.name === kind);
            const reasons = step?.diffReasons ?? [];
            let note = `${unmanaged.length} more inputs from the service (fields left unset)`;
            if (step?.op !== "same") {
              // The program gives the credentials the import could only show masked: one update
              // writes them (as after `collectors export`), and it may name nothing else.
              expect(step?.op, `the program's step on the imported stack (${reasons})`).toBe(
                "update",
              );
              // The engine names top-level inputs only (diffReasons, and the plugin's
              // detailedDiff has the same keys): so each named input is compared leaf by leaf,
              // the program's (the step's inputs) against the imported state's, and every leaf
              // that differs must be a masked credential itself, or a member the service adds;
              // another value inside the same input is another change.
              const leaves = changedLeaves(
                [...reasons, ...Object.keys(step?.detailedDiff ?? {})],
                imported.get(kind)?.inputs ?? {},
                step?.inputs ?? {},
                original.get(kind)?.inputs ?? {},
              );
              expect(leaves, `what the update of ${kind} changes`).not.toEqual([]);
              const others = unexcusedLeaves(leaves, excused);
              expect(others, `other changes: ${others.join(", ")}`).toEqual([]);
              note = `the program on it updates ${leaves.join(", ")}: masked credentials written once`;
            }
            for (const { path, excuse } of excused) {
              excusedByName.set(excuse, [...(excusedByName.get(excuse) ?? []), `${kind}.${path}`]);
            }
            return note;
          });
        }
        expect(summarize(requests).filter((r) => !r.startsWith("GET "))).toEqual([]);
        // Sames and the updates of credentials the cells accepted: nothing else.
        expect(
          preview.steps.filter((s) => s.op !== "same" && s.op !== "update").map((s) => s.name),
          "other steps of the program on the imported stack",
        ).toEqual([]);
      },
      10 * MINUTE,
    );

    inOrder(
      "recreate",
      "objects deleted behind Pulumi's back are dropped by refresh and made again by up",
      async () => {
        // The operator deletes the program's Hosted Collectors (their sources go with them),
        // each source of the Installed Collector, and the source template (disabled first, as
        // the service asks); the adopted collectors stay.
        const withItsCollector = new Set<string>();
        for (const resource of state.values()) {
          const kind = kindOf(kindByName.get(resource.name) ?? "");
          const onInstalled = String(resource.outputs.collectorId) === installedId;
          if (kind.notCreatable) continue;
          if (kind.parent && !onInstalled) {
            withItsCollector.add(resource.name);
          } else {
            await deleteAsOperator(service, pathOf(resource.name, resource));
          }
        }
        await fe.ws.pulumi(["refresh", "--yes", "--skip-preview"]);
        const refreshed = await stateOf(fe.ws);
        const objectsBefore = await serviceObjects(service);
        const requests = await up("replace");
        const objectsNow = await serviceObjects(service);
        const quiet = await quietPreview();
        for (const kind of KINDS) {
          if (kindOf(kind).notCreatable) {
            matrix.notApplicable(
              name,
              kind,
              "recreate",
              "not creatable: deleted, it is gone until its host registers again; up can only adopt",
            );
            continue;
          }
          await cell(kind, "recreate", () => {
            expect(refreshed.has(kind), `${kind} still in the state after refresh`).toBe(false);
            expectCreated(kind, requests, objectsBefore, objectsNow);
            expectQuiet(quiet, kind);
            return withItsCollector.has(kind)
              ? "deleted with its Hosted Collector; dropped, made again"
              : "deleted alone; dropped, made again";
          });
        }
        // Sorted: the state's order is the order the engine finished the resources in.
        expect([...refreshed.keys()].sort()).toEqual([...ADOPTED].sort());
        expect(quiet.code).toBe(0);
      },
      10 * MINUTE,
    );

    inOrder(
      "destroy",
      "the service as before the stack, the Installed and OpenTelemetry collectors retained",
      async () => {
        const last = state;
        const mark = await service.mark();
        await fe.ws.pulumi(["destroy", "--yes", "--skip-preview"]);
        const requests = await service.since(mark);
        const objectsAfter = await serviceObjects(service);
        // Retained as documented: registered still, with the settings the program gave it (and
        // what the service changes on any write: retainedView).
        const expected = new Map(before);
        for (const kind of ADOPTED) {
          const path = pathOf(kind, last.get(kind));
          expected.set(path, { ...before.get(path), ...retainedSettings(kind, host) });
        }
        for (const kind of KINDS) {
          await cell(kind, "destroy", () => {
            const path = pathOf(kind, last.get(kind));
            if (kindOf(kind).notCreatable) {
              expect(writesOn(requests, path), `writes on ${path}`).toEqual([]);
              expect(
                differingPaths(
                  retainedView(kind, objectsAfter.get(path)),
                  retainedView(kind, expected.get(path)),
                ),
              ).toEqual([]);
              return "retained";
            }
            expect(writesOn(requests, path), `writes on ${path}`).toEqual(wireOf(path).deleted);
            expect(objectsAfter.has(path), `${path} after destroy`).toBe(false);
          });
        }
        const viewed = (objects: Map<string, Json>) =>
          Object.fromEntries(
            [...objects].map(([path, object]) => [
              path,
              retainedView(
                ADOPTED.find((kind) => path.startsWith(`/${kindOf(kind).collection}/`)),
                object,
              ),
            ]),
          );
        expect(
          differingPaths(viewed(objectsAfter), viewed(expected)),
          "the service's objects against those before",
        ).toEqual([]);
        took[name] = Date.now() - frontEndStarted;
      },
      10 * MINUTE,
    );
  });
}

/** The service fields an adopted kind's sample sets at a stage (by default its last). */
function retainedSettings(
  name: string,
  host: string,
  stage: Stage = "replace",
): Record<string, unknown> {
  const planned = plan(stage, host).find((p) => p.name === name);
  const kind = kindOf(name);
  return Object.fromEntries(
    Object.entries(planned?.args ?? {}).filter(([key]) => Object.hasOwn(kind.fields, key)),
  );
}

/**
 * An object as the destroy invariant compares it. An OpenTelemetry collector's write moves its
 * modifiedAt/modifiedBy (and its heartbeats its liveness): the kind's volatile fields, but its id,
 * are left out. A collector's or source's object is compared whole.
 */
function retainedView(kind: string | undefined, object: Json): Json {
  if (kind === undefined || kindOf(kind).collection !== "otCollectors") return object;
  if (object === null || typeof object !== "object") return object;
  const ignored = kindOf(kind).volatile.filter((field) => field !== "id");
  return Object.fromEntries(Object.entries(object).filter(([key]) => !ignored.includes(key)));
}

describe("the matrix", () => {
  it("prints every cell, and every one passes or says why it does not apply", () => {
    console.log(matrix.table());
    // The one list of what the import comparison left out, masked credentials first.
    for (const excuse of Object.keys(EXCUSES)) {
      const where = excusedByName.get(excuse) ?? [];
      console.log(`import comparison, ${excuse} (${where.length}): ${where.join(", ")}`);
    }
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    console.log(
      `took ${seconds(Date.now() - started)}: ` +
        FRONT_ENDS.map((fe) => `${fe} ${seconds(took[fe] ?? Number.NaN)}`).join(", "),
    );
    expect(matrix.failures()).toEqual([]);
  });
});
