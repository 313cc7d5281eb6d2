// The client against the local service (emulator/): the same operations a Pulumi program or the
// fleet commands perform, checked end to end over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import {
  ApiError,
  type ClientOptions,
  CollectorsClient,
  collect,
  isNotFound,
} from "../../provider/api";
import { control } from "./helpers/control";

const US = {
  accessId: "intUsAccess0001",
  accessKey: "intUsKey000000000000000000000000000000000001",
};
const EU = {
  accessId: "intEuAccess0001",
  accessKey: "intEuKey000000000000000000000000000000000001",
};
const accounts = {
  accounts: [
    {
      name: "us-account",
      deployment: "us1",
      type: "Enterprise",
      users: [{ ...US, role: "manage" }],
    },
    {
      name: "eu-account",
      deployment: "eu",
      type: "Enterprise",
      users: [{ ...EU, role: "manage" }],
    },
  ],
};

describe("client against the local service", () => {
  // Limits off on both sides: these tests are about behaviour, the last block about pacing.
  let emulator: RunningEmulator;
  const logs: string[] = [];
  const client = (options: ClientOptions = {}) =>
    new CollectorsClient({
      ...US,
      endpoint: emulator.url,
      limits: false,
      retry: { timeScale: 0.01 },
      logger: (line) => logs.push(line),
      env: {},
      ...options,
    });

  beforeAll(async () => {
    emulator = await startEmulator({
      port: 0,
      accounts,
      rateLimit: 0,
      maxConcurrent: 0,
      authPerMinute: 0,
    });
  });
  afterAll(() => emulator?.close());

  it("creates, reads, updates with the ETag and deletes a Hosted Collector", async () => {
    const api = client().collectors;
    const created = await api.create({
      name: "int web.example",
      description: "first",
      fields: { team: "a" },
    });
    expect(created.collector).toMatchObject({ name: "int web.example", collectorType: "Hosted" });
    expect(created.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const id = created.collector.id;

    const read = await api.get(id);
    expect(read.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const updated = await api.update(
      id,
      { ...read.collector, description: "second" },
      read.etag ?? "",
    );
    expect(updated.collector.description).toBe("second");
    expect(updated.etag).not.toBe(read.etag);

    // The ETag from before the update is stale now.
    const stale = await api
      .update(id, { ...read.collector, description: "third" }, read.etag ?? "")
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ApiError);
    expect(stale).toMatchObject({ status: 412, condition: "precondition-failed" });

    // Get by name: a space and a period.
    const byName = await api.getByName("int web.example");
    expect(byName.collector.id).toBe(id);
    expect(byName.collector.description).toBe("second");

    await expect(api.create({ name: "int web.example" })).rejects.toMatchObject({
      condition: "duplicate-name",
    });

    await api.delete(id);
    const gone = await api.get(id).catch((e: unknown) => e);
    expect(isNotFound(gone)).toBe(true);
    expect(await api.findByName("int web.example")).toBeUndefined();
  });

  it("creates, reads, updates with the ETag and deletes a Source", async () => {
    const c = client();
    const { collector } = await c.collectors.create({ name: "int sources" });
    const created = await c.sources.create(collector.id, {
      sourceType: "HTTP",
      name: "http in",
      multilineProcessingEnabled: false,
      messagePerRequest: true,
    });
    expect(created.source).toMatchObject({ name: "http in", sourceType: "HTTP" });
    const sourceId = created.source.id ?? -1;
    const read = await c.sources.get(collector.id, sourceId);
    expect(read.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const updated = await c.sources.update(
      collector.id,
      sourceId,
      { ...read.source, category: "prod/http" },
      read.etag ?? "",
    );
    expect(updated.source.category).toBe("prod/http");

    expect((await c.sources.list(collector.id)).map((s) => s.id)).toEqual([sourceId]);
    const doc = await c.sources.exportConfig(collector.id);
    expect(doc["api.version"]).toBe("v1");
    expect(doc.sources[0]).not.toHaveProperty("id");

    await c.sources.delete(collector.id, sourceId);
    expect(isNotFound(await c.sources.get(collector.id, sourceId).catch((e: unknown) => e))).toBe(
      true,
    );
    await c.collectors.delete(collector.id);
  });

  it("pages through the list", async () => {
    const c = client();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await c.collectors.create({ name: `int page ${i}` })).collector.id);
    logs.length = 0;
    const seen = await collect(c.collectors.iterate({ filter: "hosted", pageSize: 2 }));
    expect(seen.map((x) => x.id)).toEqual(expect.arrayContaining(ids));
    expect(logs.filter((l) => l.startsWith("GET /collectors?filter=hosted&limit=2"))).toHaveLength(
      Math.floor(seen.length / 2) + 1,
    );
    for (const id of ids) await c.collectors.delete(id);
  });

  it("follows a 301 to the account's deployment and warns once", async () => {
    const lines: string[] = [];
    const eu = client({ ...EU, logger: (l) => lines.push(l) });
    const { collector } = await eu.collectors.create({ name: "int eu" });
    expect(eu.baseUrl).toBe(`${emulator.origin}/eu/api/v1`);
    await eu.collectors.get(collector.id);
    expect(lines.filter((l) => l.includes('lives in deployment "eu"'))).toHaveLength(1);
    expect(lines.filter((l) => / 301 /.test(l))).toHaveLength(1);
    await eu.collectors.delete(collector.id);
  });

  it("upgrades an Installed Collector", async () => {
    const c = client();
    const installed = await control(emulator, "POST", "/installed-collectors", {
      name: "int host.example",
      collectorVersion: "19.403-1",
      osName: "Linux",
      osVersion: "6.1",
      osArch: "amd64",
      ephemeral: false,
      account: "us-account",
    });
    expect(installed.status).toBe(201);
    const collectorId: number = installed.json.collector.id;

    const targets = await c.upgrades.targets();
    const latest = targets.find((t) => t.latest)?.version;
    expect(latest).toBeDefined();
    const upgradable = await collect(c.upgrades.iterateUpgradable({ toVersion: latest }));
    expect(upgradable.map((x) => x.id)).toContain(collectorId);

    const task = await c.upgrades.create({ collectorId, toVersion: latest });
    expect(task.id).toMatch(/^\d+$/);
    await expect(c.upgrades.create({ collectorId, toVersion: latest })).rejects.toMatchObject({
      condition: "collector-upgrading",
    });
    await control(emulator, "POST", "/clock", { advanceMs: 20_000 });
    const done = await c.upgrades.waitFor(task.id, { pollIntervalMs: 10 });
    expect(done).toMatchObject({ collectorId, status: 2 });

    const hosted = await c.collectors.create({ name: "int not installable" });
    await expect(c.upgrades.create({ collectorId: hosted.collector.id })).rejects.toMatchObject({
      condition: "invalid-collector-type",
    });
  });

  it("keeps the search job's session cookie for its follow-up", async () => {
    const c = client();
    const job = await c.searchJobs.create({
      query: "error",
      from: "2024-01-01T00:00:00",
      to: "2024-01-01T01:00:00",
      timeZone: "UTC",
    });
    await expect(c.searchJobs.status(job.id)).resolves.toHaveProperty("state");
  });
});

describe("client pacing against the local service's limits", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    // The service's own rate limits (4/s per user, 10 in flight), and a throttle that counts
    // successful authentications without a session cookie too (off by default; the live
    // service's figure is not documented, 15 a minute is an old vendor figure).
    emulator = await startEmulator({ port: 0, accounts, authPerMinute: 15 });
  });
  afterAll(() => emulator?.close());

  it("20 clients at once stay under the rate limit and the authentication throttle", {
    timeout: 20_000,
  }, async () => {
    // A Pulumi deployment creates a client per operation: they share pacing and the session
    // cookie. Without the shared cookie the 16th authentication in a minute would get a 401.
    const clients = Array.from(
      { length: 20 },
      () => new CollectorsClient({ ...US, endpoint: emulator.url, retry: false, env: {} }),
    );
    await Promise.all(clients.map((c) => c.collectors.list()));
    const { json } = await control(emulator, "GET", "/requests");
    const statuses = (json.requests as { status: number }[]).map((r) => r.status);
    expect(statuses).toHaveLength(20);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
