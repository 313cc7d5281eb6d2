// examples/fleet with the real Pulumi engine against the local service (default limits):
// Installed Collectors registered through the control API are adopted by name, their build is
// pinned, then upgraded and downgraded by changing `fleet:version`, with progress in the output
// of `pulumi up`; a failing upgrade and a dead collector fail with the service's reason and
// leave the state true to the service; the source on each collector carries on throughout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changes,
  example,
  type InventoryCollector,
  outputOf,
  type PulumiWorkspace,
  previewJson,
  Service,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";

const MINUTE = 60_000;
const OLD = "19.440-7";
const NEW = "19.470-4";
const NAMES = ["web-01.prod", "web 02.prod"];

let service: Service;
let ws: PulumiWorkspace;

/**
 * Runs a command while the service's clock moves 2 s every 250 ms, so an upgrade task (20 s of
 * service time) ends in a few seconds of real time.
 */
async function withClock<T>(run: Promise<T>): Promise<T> {
  let done = false;
  const pump = (async () => {
    while (!done) {
      await service.control("/clock", "POST", { advanceMs: 2_000 });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  try {
    return await run;
  } finally {
    done = true;
    await pump;
  }
}

/**
 * `pulumi up --yes`, without its own preview unless `withPreview` (the first, as a user's): the
 * changes are previewed on their own where a test looks at them, and a second preview would only
 * run the program again.
 */
async function up(expectFailure = false, { withPreview = false } = {}) {
  const mark = await service.mark();
  const args = ["up", "--yes", ...(withPreview ? [] : ["--skip-preview"])];
  const result = await withClock(ws.pulumi(args, { check: !expectFailure }));
  if (expectFailure) expect(result.code, outputOf(result)).not.toBe(0);
  return { result, output: outputOf(result), requests: summarize(await service.since(mark)) };
}

async function fleet(): Promise<Record<string, InventoryCollector>> {
  const all = await service.inventory();
  return Object.fromEntries(
    all.filter((c) => c.collectorType === "Installable").map((c) => [c.name, c]),
  );
}

async function versions(): Promise<Record<string, string>> {
  return Object.fromEntries(
    Object.entries(await fleet()).map(([name, c]) => [name, String(c.collectorVersion)]),
  );
}

async function expectNoChanges() {
  const mark = await service.mark();
  const preview = await previewJson(ws, ["--expect-no-changes"]);
  expect(changes(preview)).toEqual([]);
  expect(summarize(await service.since(mark)), "preview must not call the API").toEqual([]);
}

/** The state's outputs of the InstalledCollector named `name` (`pulumi stack export`). */
async function stateOf(name: string): Promise<Record<string, unknown>> {
  const exported = JSON.parse((await ws.pulumi(["stack", "export"])).stdout) as {
    deployment: { resources: { type: string; outputs?: Record<string, unknown> }[] };
  };
  const found = exported.deployment.resources.find(
    (r) => r.type.endsWith(":InstalledCollector") && r.outputs?.name === name,
  );
  if (!found?.outputs) throw new Error(`no InstalledCollector ${name} in the state`);
  return found.outputs;
}

beforeAll(async () => {
  service = await Service.start();
  for (const name of NAMES) {
    await service.registerInstalled({ name, collectorVersion: OLD, autoHeartbeat: true });
  }
  ws = await workspaceFor(service, example("fleet"), {
    stackConfig: example("fleet/Pulumi.dev.yaml"),
    env: { COLLECTORS_UPGRADE_POLL_MS: "500" },
  });
}, 30 * MINUTE); // a first run may build the Pulumi CLI

afterAll(async () => {
  ws?.dispose();
  await service?.close();
});

describe("examples/fleet with the real engine", () => {
  it(
    "adopts the registered collectors by name, pinned to the build they run: no upgrade task",
    async () => {
      const { requests } = await up(false, { withPreview: true });
      expect(requests.filter((r) => r.startsWith("POST /collectors/upgrades"))).toEqual([]);
      expect(requests.filter((r) => r.startsWith("PUT /collectors/{id} "))).toHaveLength(2);
      expect(await versions()).toEqual({ "web-01.prod": OLD, "web 02.prod": OLD });
      const now = await fleet();
      for (const name of NAMES) {
        expect(now[name]).toMatchObject({ category: "dev/hosts", timeZone: "UTC" });
        expect(now[name]?.sources.map((s) => s.name)).toEqual(["syslog"]);
      }
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "upgrades the fleet when fleet:version changes, showing the task's progress",
    async () => {
      await ws.setConfig("fleet:version", NEW);
      const mark = await service.mark();
      const preview = await previewJson(ws);
      expect(summarize(await service.since(mark))).toEqual([]);
      expect(changes(preview)).toEqual(["update web-01-prod", "update web-02-prod"]);

      const sourcesBefore = (await service.inventory()).flatMap((c) => c.sources);
      const { output, requests } = await up();
      expect(await versions()).toEqual({ "web-01.prod": NEW, "web 02.prod": NEW });
      // Only the version changed: no PUT, one task per collector.
      expect(requests.filter((r) => r.startsWith("POST /collectors/upgrades"))).toEqual([
        "POST /collectors/upgrades 202",
        "POST /collectors/upgrades 202",
      ]);
      expect(requests.filter((r) => r.startsWith("PUT"))).toEqual([]);
      for (const name of NAMES) {
        expect(output).toContain(
          `InstalledCollector ${JSON.stringify(name)} (id ${(await fleet())[name]?.id}): upgrade from ${OLD} to ${NEW}: task`,
        );
      }
      expect(output).toMatch(
        /task \d+ succeeded \(status 2\) after \d+s; the collector now runs 19\.470-4/,
      );
      // The sources were left alone, and are still there as they were.
      expect((await service.inventory()).flatMap((c) => c.sources)).toEqual(sourcesBefore);
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "downgrades it again",
    async () => {
      await ws.setConfig("fleet:version", OLD);
      const { output } = await up();
      expect(await versions()).toEqual({ "web-01.prod": OLD, "web 02.prod": OLD });
      expect(output).toContain(`downgrade from ${NEW} to ${OLD}`);
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "an upgrade made to fail shows the service's message and leaves the state true to the service",
    async () => {
      const flaky = (await fleet())["web-01.prod"] as InventoryCollector;
      await service.control(`/collectors/${flaky.id}/upgrade-behaviour`, "POST", {
        next: "fail",
        message: "Not enough disk space in /opt/SumoCollector",
      });
      await ws.setConfig("fleet:version", NEW);
      const { output } = await up(true);
      expect(output).toContain(`the upgrade from ${OLD} to ${NEW} failed (task`);
      expect(output).toContain("Not enough disk space in /opt/SumoCollector");
      expect(await versions()).toEqual({ "web-01.prod": OLD, "web 02.prod": NEW });
      // The engine recorded the collector as it is (a partial failure), with its current ETag.
      const state = await stateOf("web-01.prod");
      expect(state.version).toBe(OLD);
      expect(state.etag).toBe((await service.apiOk("GET", `/collectors/${flaky.id}`)).headers.etag);

      // The next run tries again (the made-up failure was for one task only) and succeeds.
      const preview = await previewJson(ws);
      expect(changes(preview)).toEqual(["update web-01-prod"]);
      await up();
      expect(await versions()).toEqual({ "web-01.prod": NEW, "web 02.prod": NEW });
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "a dead collector's upgrade explains `alive` and what to do",
    async () => {
      const silent = await service.registerInstalled({
        name: "web-03.prod",
        collectorVersion: NEW,
      });
      await ws.setConfig("fleet:collectors", JSON.stringify([...NAMES, "web-03.prod"]));
      await up(); // adopts it while alive, already on NEW: nothing to do
      await service.control("/clock", "POST", { advanceMs: 31 * MINUTE });
      await ws.setConfig("fleet:version", OLD);
      const { output } = await up(true);
      expect(output).toContain('InstalledCollector "web-03.prod"');
      expect(output).toContain("the collector is not alive (last seen alive");
      expect(output).toContain("start the collector on its host, or wait for its next heartbeat");
      // (The engine starts no new step after a failure, so the others may or may not have moved.)
      expect((await versions())["web-03.prod"]).toBe(NEW);
      expect((await stateOf("web-03.prod")).alive).toBe(false);
      // Back alive: the next run finishes the job.
      await service.control(`/collectors/${silent.id}/heartbeat`, "POST");
      await up();
      expect(await versions()).toEqual({
        "web-01.prod": OLD,
        "web 02.prod": OLD,
        "web-03.prod": OLD,
      });
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "destroy deletes the sources (one DELETE each) and leaves the collectors registered (retained)",
    async () => {
      const mark = await service.mark();
      const destroy = await ws.pulumi(["destroy", "--yes"]);
      expect(summarize(await service.since(mark)).sort()).toEqual([
        "DELETE /collectors/{id}/sources/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
      ]);
      expect(outputOf(destroy)).toMatch(/InstalledCollector web-01-prod deleted.*\[retain\]/);
      const left = await fleet();
      expect(Object.keys(left).sort()).toEqual(["web 02.prod", "web-01.prod", "web-03.prod"]);
      for (const c of Object.values(left)) expect(c.sources).toEqual([]);
    },
    5 * MINUTE,
  );
});
