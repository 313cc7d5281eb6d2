// InstalledCollector's provider against the local service: adoption, updates with If-Match, no
// diffs from what changes on its own, and `version` through upgrade and downgrade tasks (the
// service's virtual clock moves them along), with their progress lines and their failures.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PartialFailure } from "../../provider/resources/kinds/errors";
import { abortWaits } from "../../provider/resources/steps/waits";
import { type Service, startService } from "./emulator.helpers";
import { captureProgress, control } from "./installed.helpers";
import { type Props, progressSink, provider, runtime, UNKNOWN } from "./unit.helpers";

const collector = provider("InstalledCollector");
let service: Service;
let ctl: ReturnType<typeof control>;
let progress: ReturnType<typeof captureProgress>;

const OLD = "19.440-7";
const NEW = "19.470-4";

beforeAll(async () => {
  service = await startService();
  ctl = control(service);
});
afterAll(async () => {
  await service?.close();
});
beforeEach(async () => {
  await service.reset();
  await service.configure();
  progress = captureProgress();
});
afterEach(() => {
  progress.stop();
});

/** A collector that registered itself on a host and heartbeats every 15 s. */
const register = (name: string, body: Record<string, unknown> = {}) =>
  service.registerInstalled({ name, collectorVersion: OLD, autoHeartbeat: true, ...body });

/** check + create, as the engine runs them for a new resource. */
async function adopt(news: Props) {
  const { inputs, failures } = await collector.check({}, news);
  expect(failures).toEqual([]);
  return { inputs, ...(await collector.create(inputs)) };
}

const methods = async () => (await service.requests()).map((r) => `${r.method} ${r.path}`);

/** Moves the service's clock through a task's steps (0 → 1 → 6 → 2), waiting for each line. */
async function driveTask() {
  await progress.waitFor(/task \d+ requested/);
  await ctl.advance(6_000);
  await progress.waitFor(/\(status 1\)/);
  await ctl.advance(5_000);
  await progress.waitFor(/\(status 6\)/);
  await ctl.advance(10_000);
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

describe("InstalledCollector adoption", () => {
  it("adopts by id with one GET and no write, and shows what the service computes", async () => {
    const host = await register("web-01");
    await service.clearRequests();
    const { id, outs, inputs } = await adopt({ adopt: { id: host.id } });
    expect(id).toBe(String(host.id));
    expect(await methods()).toEqual([`GET /api/v1/collectors/${host.id}`]);
    expect(inputs).not.toHaveProperty("name");
    expect(outs).toMatchObject({
      name: "web-01",
      collectorType: "Installable",
      alive: true,
      collectorVersion: OLD,
      osName: "Linux",
      osVersion: "6.1",
      osArch: "amd64",
      adopt: { id: host.id },
    });
    expect(outs.etag).toMatch(/^"[0-9a-f]{32}"$/);
    // What changes on its own, or cannot be changed, is neither kept nor sent back.
    for (const key of [
      "alive",
      "lastSeenAlive",
      "osTime",
      "collectorVersion",
      "osName",
      "osVersion",
      "osArch",
      "links",
      "id",
    ]) {
      expect(outs.unmanaged).not.toHaveProperty(key);
    }
    expect(outs.unmanaged).toMatchObject({ sourceSyncMode: "UI", ephemeral: false });
    expect(JSON.parse(JSON.stringify(outs))).toEqual(outs);
  });

  it("adopts by a name with a space and a period, and applies the program's fields in one PUT", async () => {
    const host = await register("web 01.prod");
    await service.clearRequests();
    const { outs } = await adopt({
      adopt: { name: "web 01.prod" },
      description: "front door",
      timeZone: "Europe/Berlin",
      targetCpu: 40,
      fields: { team: "edge" },
    });
    expect(await methods()).toEqual([
      "GET /api/v1/collectors/name/web%2001.prod/",
      `PUT /api/v1/collectors/${host.id}`,
    ]);
    expect(outs).toMatchObject({
      name: "web 01.prod",
      description: "front door",
      timeZone: "Europe/Berlin",
      targetCpu: 40,
      fields: { team: "edge" },
    });
    const live = (await service.api("GET", `/collectors/${host.id}`)).body.collector;
    expect(live).toMatchObject({ description: "front door", targetCpu: 40, osName: "Linux" });
  });

  it("says clearly that a name that does not exist cannot be created", async () => {
    await register("web-01");
    const error = await rejection(adopt({ adopt: { name: "web-02" } }));
    expect(error.message).toContain(
      'Cannot adopt into InstalledCollector: the account has nothing named "web-02"',
    );
    expect(error.message).toContain("Installed Collectors cannot be created through the API");
    expect(error.message).toContain("`collectors list --filter installed`");
    const byId = await rejection(adopt({ adopt: { id: 987654 } }));
    expect(byId.message).toContain("has nothing with id 987654");
  });

  it("requires adopt in check, and refuses a Hosted Collector", async () => {
    const { failures } = await collector.check({}, { __autoname: "x", description: "d" });
    expect(failures).toEqual([
      {
        property: "adopt",
        reason: expect.stringContaining("adopt is required for InstalledCollector"),
      },
    ]);
    await service.api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "hosted" },
    });
    const error = await rejection(adopt({ adopt: { name: "hosted" } }));
    expect(error.message).toContain("it is a Hosted Collector, not an Installed Collector");
  });

  it("validates its own fields in check without HTTP, letting unknown values through", async () => {
    await service.clearRequests();
    const { failures } = await collector.check(
      {},
      {
        adopt: { name: "h" },
        version: "latest",
        targetCpu: 0,
        sourceSyncMode: "Local",
        cutoffRelativeTime: "-1d",
      },
    );
    const byProperty = Object.fromEntries((failures ?? []).map((f) => [f.property, f.reason]));
    expect(byProperty.version).toContain("latest(await getUpgradeTargets())");
    expect(byProperty.targetCpu).toContain("between 1 and 100");
    expect(byProperty.sourceSyncMode).toContain('"UI"');
    expect(byProperty.cutoffRelativeTime).toContain("is not a property of InstalledCollector");
    expect(
      (await collector.check({}, { adopt: { name: "h" }, version: "nineteen" })).failures,
    ).toMatchInlineSnapshot(`
      [
        {
          "property": "version",
          "reason": "version "nineteen" is not a collector build: builds look like "19.470-4"; getUpgradeTargets() lists the ones the service offers",
        },
      ]
    `);
    const unknowns = await collector.check({}, { adopt: { name: UNKNOWN }, version: UNKNOWN });
    expect(unknowns.failures).toEqual([]);
    expect(await service.requests()).toEqual([]);
  });
});

describe("InstalledCollector updates", () => {
  it("updates with one PUT carrying If-Match, and the 412 message on a change made elsewhere", async () => {
    const host = await register("web-01");
    const { id, outs } = await adopt({ adopt: { id: host.id }, description: "one" });
    await service.clearRequests();
    const { outs: after } = await collector.update(id, outs, {
      adopt: { id: host.id },
      description: "two",
    });
    expect(await methods()).toEqual([`PUT /api/v1/collectors/${id}`]);
    expect(after.description).toBe("two");
    expect(after.etag).not.toBe(outs.etag);

    const current = await service.api("GET", `/collectors/${id}`);
    await service.api(
      "PUT",
      `/collectors/${id}`,
      { collector: { ...current.body.collector, description: "elsewhere" } },
      { "if-match": current.etag as string },
    );
    await expect(
      collector.update(id, after, { adopt: { id: host.id }, description: "three" }),
    ).rejects.toThrow(
      `InstalledCollector "web-01" (id ${id}) was changed outside Pulumi since it was last read; ` +
        "run `pulumi refresh` (or `pulumi up --refresh`)",
    );
  });

  it("has no diff from heartbeats, alive, osTime or lastSeenAlive, before or after a refresh", async () => {
    const host = await register("steady", { autoHeartbeat: false });
    const news = { adopt: { name: "steady" }, description: "d", version: OLD, targetCpu: 50 };
    const { id, outs, inputs } = await adopt(news);
    expect((await collector.diff(id, outs, inputs)).changes).toBe(false);
    await ctl.advance(10 * 60_000);
    await ctl.heartbeat(host.id);
    await service.clearRequests();
    const read = await collector.read(id, outs);
    expect(await methods()).toEqual([`GET /api/v1/collectors/${id}`]);
    expect(read.props).toEqual(outs);
    expect(read.inputs).toEqual({
      name: "steady",
      description: "d",
      targetCpu: 50,
      version: OLD,
      adopt: { name: "steady" },
    });
    const rechecked = await collector.check(read.inputs as Props, news);
    expect((await collector.diff(id, read.props as Props, rechecked.inputs)).changes).toBe(false);
    // Dead after 30 minutes without a heartbeat: `alive` changes in a refresh, never a diff.
    await ctl.advance(31 * 60_000);
    const dead = (await collector.read(id, outs)).props as Props;
    expect(dead.alive).toBe(false);
    expect((await collector.diff(id, dead, rechecked.inputs)).changes).toBe(false);
  });

  it("resets targetCpu and sourceSyncMode to the service's defaults when the program drops them", async () => {
    const host = await register("modes");
    const { id, outs } = await adopt({
      adopt: { id: host.id },
      targetCpu: 30,
      sourceSyncMode: "Json",
    });
    expect((await service.api("GET", `/collectors/${id}`)).body.collector).toMatchObject({
      targetCpu: 30,
      sourceSyncMode: "Json",
    });
    const news = (await collector.check({}, { adopt: { id: host.id } })).inputs;
    expect((await collector.diff(id, outs, news)).changes).toBe(true);
    const { outs: after } = await collector.update(id, outs, news);
    expect(after).not.toHaveProperty("targetCpu");
    expect((await service.api("GET", `/collectors/${id}`)).body.collector).toMatchObject({
      targetCpu: -1,
      sourceSyncMode: "UI",
    });
  });

  it("refuses to point adopt at another collector, and accepts the adopted one under its new name", async () => {
    const a = await register("a");
    const b = await register("b");
    const { id, outs } = await adopt({ adopt: { name: "a" }, name: "a-renamed" });
    expect(outs.name).toBe("a-renamed");
    const same = await collector.check({}, { adopt: { name: "a-renamed" } });
    expect((await collector.diff(id, outs, same.inputs)).changes).toBe(false);
    const byId = await collector.check({}, { adopt: { id: a.id }, name: "a-renamed" });
    expect((await collector.diff(id, outs, byId.inputs)).changes).toBe(false);
    const other = await collector.check({}, { adopt: { id: b.id } });
    await expect(collector.diff(id, outs, other.inputs)).rejects.toThrow(
      `InstalledCollector manages collector ${id} ("a-renamed"), but its adopt now points at id ${b.id}.`,
    );
    const otherName = await collector.check({}, { adopt: { name: "b" } });
    await expect(collector.diff(id, outs, otherName.inputs)).rejects.toThrow(
      'adopt now points at the collector named "b"',
    );
  });

  it("deletes the collector from the service on destroy (one DELETE; gone already counts as done)", async () => {
    const host = await register("to-go");
    const { id, outs } = await adopt({ adopt: { id: host.id } });
    await service.clearRequests();
    await collector.delete(id, outs);
    expect(await methods()).toEqual([`DELETE /api/v1/collectors/${id}`]);
    expect((await service.api("GET", `/collectors/${id}`)).status).toBe(404);
    await collector.delete(id, outs);
  });
});

describe("InstalledCollector version", () => {
  it("upgrades on adoption: one task, progress 0 → 1 → 6 → 2 in the log, the fresh ETag in the outputs", async () => {
    const host = await register("web-01");
    await service.clearRequests();
    const created = adopt({
      adopt: { id: host.id },
      version: NEW,
      __urn: "urn:pulumi:s::p::t::web",
    });
    await driveTask();
    const { outs } = await created;
    const requests = await methods();
    expect(outs).toMatchObject({ version: NEW, collectorVersion: NEW });
    const live = await service.api("GET", `/collectors/${host.id}`);
    expect(live.body.collector.collectorVersion).toBe(NEW);
    expect(outs.etag).toBe(live.etag);

    expect(requests[0]).toBe(`GET /api/v1/collectors/${host.id}`);
    expect(requests[1]).toBe("POST /api/v1/collectors/upgrades");
    expect(requests.at(-1)).toBe(`GET /api/v1/collectors/${host.id}`);
    expect(new Set(requests.slice(2, -1))).toEqual(
      new Set([expect.stringMatching(/^GET \/api\/v1\/collectors\/upgrades\/\d+$/)]),
    );

    const lasting = progress.events.filter((e) => !e.ephemeral);
    expect(lasting.every((e) => e.urn === "urn:pulumi:s::p::t::web")).toBe(true);
    const statuses = lasting.map((e) => /\(status (\d)\)/.exec(e.message)?.[1]).filter(Boolean);
    expect(statuses).toEqual(["0", "1", "6", "2"]);
    // The adoption first, then the upgrade it starts.
    expect(lasting[0]?.message).toBe(
      `InstalledCollector "web-01" (id ${host.id}): adopted, not created (it already existed); ` +
        "its settings match the program, nothing was written.",
    );
    expect(lasting[1]?.message).toMatch(
      new RegExp(
        `^InstalledCollector "web-01" \\(id ${host.id}\\): upgrade from ${OLD} to ${NEW}: task \\d+ requested$`,
      ),
    );
    expect(lasting.at(-1)?.message).toMatch(
      /succeeded \(status 2\) after \d+s; the collector now runs 19\.470-4$/,
    );
  });

  it("downgrades on update without a PUT when only version changed; then no diff", async () => {
    const host = await register("web-01", { collectorVersion: NEW });
    const { id, outs } = await adopt({ adopt: { id: host.id }, version: NEW, description: "d" });
    const news = (
      await collector.check({}, { adopt: { id: host.id }, version: OLD, description: "d" })
    ).inputs;
    expect(await collector.diff(id, outs, news)).toMatchObject({ changes: true, replaces: [] });
    await service.clearRequests();
    progress.clear();
    const updated = collector.update(id, outs, news);
    await driveTask();
    const { outs: after } = await updated;
    expect(after).toMatchObject({ version: OLD, collectorVersion: OLD, description: "d" });
    const requests = await methods();
    expect(requests.filter((r) => r.startsWith("PUT"))).toEqual([]);
    expect(requests[0]).toBe(`GET /api/v1/collectors/${id}`);
    expect(progress.lines()[0]).toContain(`downgrade from ${NEW} to ${OLD}`);
    expect((await collector.diff(id, after, news)).changes).toBe(false);
  });

  it("writes the fields first (one PUT), then moves the version", async () => {
    const host = await register("both");
    const { id, outs } = await adopt({ adopt: { id: host.id }, version: OLD, description: "one" });
    await service.clearRequests();
    const updated = collector.update(id, outs, {
      adopt: { id: host.id },
      version: NEW,
      description: "two",
    });
    await driveTask();
    const { outs: after } = await updated;
    expect(after).toMatchObject({ version: NEW, description: "two" });
    const requests = await methods();
    expect(requests.slice(0, 2)).toEqual([
      `PUT /api/v1/collectors/${id}`,
      "POST /api/v1/collectors/upgrades",
    ]);
  });

  it("fails with the service's message when the task fails, recording the collector as it is", async () => {
    const host = await register("flaky");
    const { id, outs } = await adopt({ adopt: { id: host.id }, version: OLD });
    await ctl.nextUpgrade(host.id, "fail", "Not enough disk space in /opt/SumoCollector");
    const news = { adopt: { id: host.id }, version: NEW, __provider: "SHIM" };
    const updated = rejection(collector.update(id, outs, news));
    await driveTask();
    const error = await updated;
    expect(error).toBeInstanceOf(PartialFailure);
    expect(error.message).toMatch(
      new RegExp(
        `^InstalledCollector "flaky" \\(id ${id}\\): the upgrade from ${OLD} to ${NEW} failed ` +
          "\\(task \\d+, status 3\\): Not enough disk space in /opt/SumoCollector\\. " +
          `The collector still runs ${OLD}`,
      ),
    );
    const partial = error as PartialFailure;
    expect(partial.id).toBe(id);
    expect(partial.reasons).toEqual([error.message]);
    expect(partial.properties).toMatchObject({ version: OLD, __provider: "SHIM" });
    expect(partial.properties.etag).toBe((await service.api("GET", `/collectors/${id}`)).etag);
    expect(progress.lines().at(-1)).toMatch(/failed \(status 3\)/);

    // The next `pulumi up` starts from the recorded state and tries again.
    progress.clear();
    const retried = collector.update(id, partial.properties, news);
    await driveTask();
    expect((await retried).outs).toMatchObject({ version: NEW });
  });

  it("explains alive when the collector is dead, and applies the other fields", async () => {
    const host = await register("silent", { autoHeartbeat: false });
    const { id, outs } = await adopt({ adopt: { id: host.id } });
    const lastSeen = (await service.api("GET", `/collectors/${id}`)).body.collector.lastSeenAlive;
    await ctl.advance(31 * 60_000);
    const error = await rejection(
      collector.update(id, outs, { adopt: { id: host.id }, version: NEW, description: "x" }),
    );
    expect(error.message).toBe(
      `Cannot start the upgrade from ${OLD} to ${NEW} of InstalledCollector "silent" (id ${id}): ` +
        `the collector is not alive (last seen alive ${new Date(lastSeen).toISOString()}; the ` +
        "service counts a collector as not alive after 30 minutes without a heartbeat) (the " +
        "service says: The Collector is not running.). Only a running collector can take an " +
        "upgrade: start the collector on its host, or wait for its next heartbeat, then run " +
        "`pulumi up` again. Its other settings are applied.",
    );
    expect((error as PartialFailure).properties).toMatchObject({
      alive: false,
      description: "x",
      version: OLD,
    });
  });

  it("says what to do when another task is already running", async () => {
    const host = await register("busy");
    const { id, outs } = await adopt({ adopt: { id: host.id } });
    expect(
      (await service.api("POST", "/collectors/upgrades", { collectorId: host.id, toVersion: NEW }))
        .status,
    ).toBe(202);
    const error = await rejection(
      collector.update(id, outs, { adopt: { id: host.id }, version: NEW }),
    );
    expect(error.message).toContain(
      "an upgrade or downgrade of this collector is already running (from an earlier " +
        "`pulumi up` that stopped waiting for it, from `collectors upgrade`, or from the web UI)",
    );
    expect(error.message).not.toContain("outside this deployment");
    expect(error.message).toContain("run `pulumi refresh` to record the version it reached");
  });

  it("passes a build the service does not offer on to the service, and says where to look", async () => {
    const host = await register("odd");
    const error = await rejection(adopt({ adopt: { id: host.id }, version: "19.999-1" }));
    expect(error.message).toContain('the service refused version "19.999-1"');
    expect(error.message).toContain("getUpgradeTargets()");
  });

  it("fails a task that passes the service's 30-minute limit with the service's message", async () => {
    const host = await register("stuck");
    const { id, outs } = await adopt({ adopt: { id: host.id }, version: OLD });
    await ctl.nextUpgrade(host.id, "hang");
    const updated = rejection(collector.update(id, outs, { adopt: { id: host.id }, version: NEW }));
    await progress.waitFor(/task \d+ requested/);
    await ctl.advance(11_000);
    await progress.waitFor(/\(status 6\)/);
    await ctl.advance(30 * 60_000);
    const error = await updated;
    expect(error.message).toContain("failed (task");
    expect(error.message).toContain("The upgrade did not complete within 30 minutes.");
  });

  it("stops waiting at the resource's customTimeouts, saying the task goes on", async () => {
    const host = await register("slow");
    const { id, outs } = await adopt({ adopt: { id: host.id }, version: OLD });
    await ctl.nextUpgrade(host.id, "hang");
    const started = Date.now();
    const error = await rejection(
      collector.update(id, outs, {
        adopt: { id: host.id },
        version: NEW,
        __timeouts: { update: "300ms" },
      }),
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error.message).toMatch(
      /stopped waiting for the upgrade from .* \(task \d+\) after \d+s, the resource's customTimeouts\.update "300ms"; it was not started \(status 0\)\. The task goes on on the service/,
    );
    expect((error as PartialFailure).properties).toMatchObject({ version: OLD });
  });

  it("keeps polling, and stops at customTimeouts, when progress delivery stalls", async () => {
    const host = await register("quiet");
    const { id, outs } = await adopt({ adopt: { id: host.id }, version: OLD });
    await ctl.nextUpgrade(host.id, "hang");
    // The engine's Log call never answers.
    const stalled: string[] = [];
    progressSink.send = (event) => {
      stalled.push(event.message);
      return new Promise<void>(() => {});
    };
    const started = Date.now();
    const error = await rejection(
      collector.update(id, outs, {
        adopt: { id: host.id },
        version: NEW,
        __timeouts: { update: "300ms" },
      }),
    );
    // The timeout, plus at most the bounded wait for undelivered lines at the end.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.message).toMatch(
      /stopped waiting for the upgrade .* customTimeouts\.update "300ms"/,
    );
    const polls = (await service.requests()).filter((r) => /\/upgrades\/\d+$/.test(r.path));
    expect(polls.length).toBeGreaterThan(1);
    expect(stalled[0]).toMatch(/task \d+ requested/);
  });

  it("ends a wait cleanly when the provider process is stopped", async () => {
    const host = await register("stopped");
    const { id, outs } = await adopt({ adopt: { id: host.id }, version: OLD });
    await ctl.nextUpgrade(host.id, "hang");
    const updated = rejection(collector.update(id, outs, { adopt: { id: host.id }, version: NEW }));
    await progress.waitFor(/\(status 0\)/);
    abortWaits(runtime, "the Pulumi engine stopped the provider (SIGINT)");
    const error = await updated;
    expect(error.message).toContain(
      "stopped waiting for the upgrade from 19.440-7 to 19.470-4 (task",
    );
    expect(error.message).toContain("because the Pulumi engine stopped the provider (SIGINT)");
  });

  it("leaves a version changed outside Pulumi to the next plan instead of acting unseen", async () => {
    const host = await register("drift");
    const { id, outs } = await adopt({ adopt: { id: host.id }, version: OLD, description: "one" });
    // Someone upgrades it with another tool; no refresh since. The upgrade changed the ETag, so
    // by default the update stops with the conflict message; with onConflict overwrite it goes on.
    await service.api("POST", "/collectors/upgrades", { collectorId: host.id, toVersion: NEW });
    await ctl.advance(21_000);
    const news = { adopt: { id: host.id }, version: OLD, description: "two" };
    await expect(collector.update(id, outs, news)).rejects.toThrow("was changed outside Pulumi");
    await service.configure({ "collectors:onConflict": "overwrite" });
    await service.clearRequests();
    const { outs: after } = await collector.update(id, outs, news);
    expect(await methods()).toEqual([
      `PUT /api/v1/collectors/${id}`,
      `GET /api/v1/collectors/${id}`,
      `PUT /api/v1/collectors/${id}`,
    ]);
    expect(after).toMatchObject({ version: NEW, description: "two" });
    expect(progress.events.at(-1)).toMatchObject({ severity: "warning" });
    expect(progress.lines().at(-1)).toContain("changed outside Pulumi since the last refresh");
    const again = (await collector.check({}, news)).inputs;
    expect((await collector.diff(id, after, again)).changes).toBe(true);
  });

  it("keeps the collector's sources working across its upgrade", async () => {
    const host = await register("with-sources");
    const { id, outs } = await adopt({ adopt: { id: host.id }, version: OLD });
    const files = provider("LocalFileSource");
    const checked = await files.check(
      {},
      {
        collectorId: id,
        name: "app-logs",
        pathExpression: "/var/log/app/*.log",
      },
    );
    const source = await files.create(checked.inputs);

    const updated = collector.update(id, outs, { adopt: { id: host.id }, version: NEW });
    await driveTask();
    await updated;

    // The source is as it was: a refresh changes nothing, an update is one PUT with its ETag.
    const read = await files.read(source.id, source.outs);
    expect(read.props).toEqual(source.outs);
    expect((await files.diff(source.id, source.outs, checked.inputs)).changes).toBe(false);
    await service.clearRequests();
    const changed = await files.check(checked.inputs, { ...checked.inputs, category: "app" });
    const { outs: sourceAfter } = await files.update(source.id, source.outs, changed.inputs);
    expect(await methods()).toEqual([`PUT /api/v1/collectors/${id}/sources/${source.id}`]);
    expect(sourceAfter.category).toBe("app");
    const another = await files.check({}, { collectorId: id, name: "more", pathExpression: "/x" });
    expect((await files.create(another.inputs)).outs).toMatchObject({ collectorId: Number(id) });
  });
});
