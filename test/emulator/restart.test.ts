// Persistence: with a data folder, everything survives a clean restart — ids, ETags, sources
// (with their server-assigned url / token), Installed Collectors, upgrade tasks, deletions —
// and ids are never handed out twice.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import { ApiClient, type Json } from "../helpers/http";
import {
  Control,
  createHosted,
  createSource,
  hostedBody,
  MANAGER,
  NO_LIMITS,
  tempDir,
} from "./harness";

function stable(c: Json) {
  const { alive, osTime, ...rest } = c;
  return rest;
}

/**
 * An emulator on one data folder that a describe block starts and stops at will; closed and
 * the folder removed after the block.
 */
function onDataFolder(prefix: string) {
  const dataDir = tempDir(prefix);
  let running: RunningEmulator | undefined;
  afterAll(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    async start() {
      running = await startEmulator({ port: 0, logger: false, dataDir, ...NO_LIMITS, ...MANAGER });
      return { api: new ApiClient(running.url, MANAGER), control: new Control(running.origin) };
    },
    async stop() {
      await running?.close();
      running = undefined;
    },
  };
}

describe("restart with a data folder", () => {
  const { start, stop } = onDataFolder("collectors-restart-");

  async function snapshot(api: ApiClient) {
    const list = expectOk(await api.get("/collectors")).collectors;
    const collectors: Record<string, { body: unknown; etag: string }> = {};
    const sources: Record<string, { body: unknown; etag: string }> = {};
    for (const c of list) {
      const res = await api.get(`/collectors/${c.id}`);
      collectors[c.id] = { body: stable(expectOk(res).collector), etag: etagOf(res) };
      for (const s of expectOk(await api.get(`/collectors/${c.id}/sources`)).sources) {
        const sr = await api.get(`/collectors/${c.id}/sources/${s.id}`);
        sources[`${c.id}/${s.id}`] = { body: stable(expectOk(sr).source), etag: etagOf(sr) };
      }
    }
    return { collectors, sources };
  }

  it("keeps everything across restarts", { timeout: 60_000 }, async () => {
    let { api, control } = await start();
    const a = await createHosted(api, "alpha", {
      description: "v1",
      fields: { team: "sre" },
      timeZone: "UTC",
    });
    const ar = await api.get(`/collectors/${a.id}`);
    expectOk(
      await api.put(
        `/collectors/${a.id}`,
        { collector: { ...ar.json.collector, description: "v2" } },
        etagOf(ar),
      ),
    );
    const http = await createSource(api, a.id, { sourceType: "HTTP", name: "http-in" });
    const cloud = await createSource(api, a.id, { sourceType: "Cloudsyslog", name: "cloud-in" });
    const gone = await createHosted(api, "deleted-one");
    expect((await api.delete(`/collectors/${gone.id}`)).status).toBe(200);
    const targets = expectOk(await api.get("/collectors/upgrades/targets")).targets;
    const older = targets.find((t: { latest: boolean }) => !t.latest).version;
    const latest = targets.find((t: { latest: boolean }) => t.latest).version;
    const inst = await control.register({
      name: "box",
      collectorVersion: older,
      hostName: "box.local",
    });
    await createSource(api, inst.id, {
      sourceType: "LocalFile",
      name: "syslog-file",
      pathExpression: "/var/log/syslog",
    });
    const json = await control.register({ name: "json-box", sourceSyncMode: "Json" });
    const task = expectOk(
      await api.post("/collectors/upgrades", { collectorId: inst.id, toVersion: latest }),
      202,
    ).id;
    await control.advance(21_000);
    expect(expectOk(await api.get(`/collectors/upgrades/${task}`)).upgrade.status).toBe(2);
    const before = await snapshot(api);
    expect(Object.keys(before.collectors)).toHaveLength(3);
    expect(Object.keys(before.sources)).toHaveLength(3);
    const issued = [a.id, gone.id, inst.id, json.id, http.id, cloud.id];
    await stop();

    for (let round = 0; round < 2; round++) {
      ({ api, control } = await start());
      const after = await snapshot(api);
      expect(after).toEqual(before);
      expect(expectOk(await api.get(`/collectors/${inst.id}`)).collector.collectorVersion).toBe(
        latest,
      );
      expect(expectOk(await api.get(`/collectors/${json.id}`)).collector.sourceSyncMode).toBe(
        "Json",
      );
      expect(expectOk(await api.get(`/collectors/${a.id}/sources/${http.id}`)).source.url).toBe(
        http.url,
      );
      expect(expectOk(await api.get(`/collectors/${a.id}/sources/${cloud.id}`)).source.token).toBe(
        cloud.token,
      );
      expect(expectOk(await api.get(`/collectors/upgrades/${task}`)).upgrade).toMatchObject({
        collectorId: inst.id,
        toVersion: latest,
        status: 2,
      });
      expectError(await api.get(`/collectors/${gone.id}`), 404, "InvalidCollector");
      expectError(await api.post("/collectors", hostedBody("alpha")), 400, "DuplicateResourceName");
      expectOk(await api.get("/collectors/name/alpha"));
      await stop();
    }

    ({ api, control } = await start());
    const fresh = await createHosted(api, `fresh`);
    const freshSource = await createSource(api, fresh.id, {
      sourceType: "HTTP",
      name: "fresh-http",
    });
    expect(issued).not.toContain(fresh.id);
    expect(issued).not.toContain(freshSource.id);
    const ar2 = await api.get(`/collectors/${a.id}`);
    expect(etagOf(ar2)).toBe(before.collectors[a.id]?.etag);
    // the stored ETag is still the one to use for the next update
    expectOk(
      await api.put(
        `/collectors/${a.id}`,
        { collector: { ...ar2.json.collector, description: "v3" } },
        etagOf(ar2),
      ),
    );
  });
});

describe("restart with a data folder: the virtual clock and its timers", () => {
  const { start, stop } = onDataFolder("collectors-restart-clock-");

  it("keeps virtual time and resumes upgrade tasks, liveness, ephemeral deletion, Stopping", {
    timeout: 60_000,
  }, async () => {
    let { api, control } = await start();
    const dead = await control.register({ name: "dead-box" });
    const eph = await control.register({ name: "eph-box", ephemeral: true });
    await control.advance(31 * 60_000);
    const upgrading = await control.register({ name: "upgrading-box", collectorVersion: "19.0-1" });
    const task = expectOk(
      await api.post("/collectors/upgrades", { collectorId: upgrading.id }),
      202,
    ).id;
    const h = await createHosted(api, "c2c-host");
    const u = await createSource(api, h.id, {
      sourceType: "Universal",
      name: "c2c",
      schemaRef: { type: "Okta" },
      config: { name: "c2c", domain: "example.okta.com" },
    });
    expect((await api.delete(`/collectors/${h.id}/sources/${u.id}`)).status).toBe(200);
    const before = await control.now();
    await stop();

    ({ api, control } = await start());
    expect(
      await control.now(),
      "the virtual clock does not go back across a restart",
    ).toBeGreaterThanOrEqual(before);
    expect(expectOk(await api.get(`/collectors/${dead.id}`)).collector.alive).toBe(false);
    expect(expectOk(await api.get(`/collectors/${upgrading.id}`)).collector.alive).toBe(true);
    expect([0, 1, 6]).toContain(
      expectOk(await api.get(`/collectors/upgrades/${task}`)).upgrade.status,
    );
    await control.advance(21_000);
    expect(expectOk(await api.get(`/collectors/upgrades/${task}`)).upgrade.status).toBe(2);
    const latest = expectOk(await api.get("/collectors/upgrades/targets")).targets.find(
      (t: { latest: boolean }) => t.latest,
    ).version;
    expect(expectOk(await api.get(`/collectors/${upgrading.id}`)).collector.collectorVersion).toBe(
      latest,
    );
    let gone = false;
    for (let i = 0; i < 40 && !gone; i++) {
      await control.advance(60_000);
      gone = (await api.get(`/collectors/${h.id}/sources/${u.id}`)).status === 404;
    }
    expect(gone, "the Stopping source finishes after a restart").toBe(true);
    await control.advance(12 * 3600_000);
    expectError(await api.get(`/collectors/${eph.id}`), 404, "InvalidCollector");
    expectOk(await api.get(`/collectors/${dead.id}`));
  });
});
