// pulumi-collectors/testing's LocalService under vitest: a real service on loopback, reached
// with the credentials and config it hands out; its request log, seeding, faults, reset and stop.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CollectorsClient, resetSharedState } from "../../provider/api";
import { type LocalService, startLocalService } from "../../testing";

const started: LocalService[] = [];
async function start(options: Parameters<typeof startLocalService>[0] = {}) {
  const service = await startLocalService(options);
  started.push(service);
  return service;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
  resetSharedState();
});

/** A client signed in as the program would be, from the config the fixture hands out. */
function programClient(service: LocalService) {
  const config = service.config;
  return new CollectorsClient({
    endpoint: config["collectors:endpoint"]?.value,
    accessId: config["collectors:accessId"]?.value,
    accessKey: config["collectors:accessKey"]?.value,
  });
}

/** Whether something listens on the port (a stopped service must not). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(true));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(false)));
  });
}

describe("LocalService", () => {
  it("listens on a free loopback port and hands out config whose access key is secret", async () => {
    const service = await start();
    expect(service.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(service.config["collectors:accessKey"]).toEqual({
      value: service.accessKey,
      secret: true,
    });
    expect(service.env.COLLECTORS_ENDPOINT).toBe(service.endpoint);
    const made = await programClient(service).collectors.create({
      collectorType: "Hosted",
      name: "from-the-program",
    });
    expect(made.collector.id).toBeGreaterThan(0);
  });

  it("gives each service its own credentials, which another service refuses", async () => {
    const [a, b] = [await start(), await start()];
    expect(a.accessId).not.toBe(b.accessId);
    const client = new CollectorsClient({
      endpoint: b.endpoint,
      accessId: a.accessId,
      accessKey: a.accessKey,
      retry: { retries: 0 },
    });
    await expect(client.collectors.list()).rejects.toThrow(/401|credentials|authenticat/i);
  });

  it("logs the program's requests only, filtered by method and path", async () => {
    const service = await start();
    const seeded = await service.client.collectors.create({
      collectorType: "Hosted",
      name: "seed",
    });
    const program = programClient(service);
    await program.collectors.get(seeded.collector.id);
    await program.sources.create(seeded.collector.id, {
      sourceType: "HTTP",
      name: "events",
    } as never);

    const all = await service.requests();
    expect(all.map((r) => r.method)).toEqual(["GET", "POST"]);
    const posts = await service.requests({ method: "post" });
    expect(posts.map((r) => r.path)).toEqual([`/api/v1/collectors/${seeded.collector.id}/sources`]);
    expect(await service.requests({ path: `/collectors/${seeded.collector.id}` })).toHaveLength(1);
    expect(await service.requests({ path: /\/sources$/ })).toHaveLength(1);
    expect(await service.requests({ method: "DELETE" })).toEqual([]);
  });

  it("registers Installed Collectors the program can then manage", async () => {
    const service = await start();
    const collector = await service.registerInstalledCollector({ name: "web-01" });
    expect(collector).toMatchObject({ name: "web-01", collectorType: "Installable", alive: true });
    const read = await programClient(service).collectors.get(collector.id);
    expect(read.collector.name).toBe("web-01");
  });

  it("registers OpenTelemetry collectors the program can then manage and template, without logging the kit's requests", async () => {
    const service = await start();
    const collector = await service.registerOtCollector({
      name: "web-1",
      tags: { team: "web", "sumo.disco.os": "linux" },
      systemInfo: { hostName: "web-1.prod" },
    });
    expect(collector).toMatchObject({
      name: "web-1",
      alive: true,
      isRemotelyManaged: true,
      ephemeral: false,
      tags: { team: "web", "sumo.disco.os": "linux" },
    });
    expect(collector.id).toMatch(/^[0-9A-F]{16}$/);
    const program = programClient(service);
    const read = await program.otCollectors.get(collector.id);
    expect(read.collector.systemInfo?.hostName).toBe("web-1.prod");
    expect((await program.otCollectors.findByName("web-1"))?.collector.id).toBe(collector.id);
    // A template the program makes links the registered collector by its tags.
    const template = await program.sourceTemplates.create({
      schemaRef: { type: "Linux" },
      selector: { tags: [[{ key: "team", values: ["web"] }]] },
      inputJson: { name: "web logs", receivers: {} },
    });
    expect(template.totalCollectorLinked).toBe(1);
    expect((await service.requests()).map((r) => r.method)).toEqual(["GET", "GET", "GET", "POST"]);
    // Names are unique among the account's OT collectors: the control API says so.
    await expect(service.registerOtCollector({ name: "web-1" })).rejects.toThrow(
      /^local service: POST \/ot-collectors failed \(\d{3}\): /,
    );
  });

  it("injects faults into the program's requests until they are cleared", async () => {
    const service = await start();
    await service.addFault({ kind: "500", method: "GET", path: "^/collectors$" });
    const client = new CollectorsClient({
      endpoint: service.endpoint,
      accessId: service.accessId,
      accessKey: service.accessKey,
      retry: { retries: 0 },
    });
    await expect(client.collectors.list()).rejects.toThrow(/500/);
    await service.clearFaults();
    await expect(client.collectors.list()).resolves.toEqual([]);
  });

  it("stalls an answer for the fault's own stallMs, and refuses a stall without it", async () => {
    const service = await start();
    await service.addFault({ kind: "stall", stallMs: 400, method: "GET", count: 1 });
    const client = programClient(service);
    const begun = Date.now();
    await expect(client.collectors.list()).resolves.toEqual([]);
    expect(Date.now() - begun).toBeGreaterThanOrEqual(380);
    // latencyMs is the latency fault's: a stall given only that would hold nothing back.
    const latencyOnly = { kind: "stall", latencyMs: 400 } as const;
    // @ts-expect-error a stall's type needs stallMs
    await expect(service.addFault(latencyOnly)).rejects.toThrow(
      "failed (400): Field 'stallMs' is required.",
    );
  });

  it("reset forgets every object and request, and seeding works after it", async () => {
    const service = await start();
    await service.client.collectors.create({ collectorType: "Hosted", name: "before" });
    await programClient(service).collectors.list();
    await service.reset();
    expect(await service.requests()).toEqual([]);
    expect(await service.client.collectors.list()).toEqual([]);
    await service.client.collectors.create({ collectorType: "Hosted", name: "after" });
    expect((await programClient(service).collectors.list()).map((c) => c.name)).toEqual(["after"]);
  });

  it("stop frees the port, removes a temporary store, and may be called twice", async () => {
    const service = await start({ persist: true });
    await service.client.collectors.create({ collectorType: "Hosted", name: "kept-on-disk" });
    const port = Number(new URL(service.endpoint).port);
    const store = service.storeDir;
    expect(store && existsSync(store)).toBe(true);
    expect(await listening(port)).toBe(true);
    await Promise.all([service.stop(), service.stop()]);
    expect(await listening(port)).toBe(false);
    expect(existsSync(store as string)).toBe(false);
  });

  it("keeps a persistent store in the folder given, across a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "collectors-kept-"));
    try {
      const first = await start({ persist: dir });
      await first.client.collectors.create({ collectorType: "Hosted", name: "survives" });
      await first.stop();
      resetSharedState();
      const second = await start({ persist: dir });
      // The second service made up its own users; the data is the account's, kept on disk.
      const names = (await second.client.collectors.list()).map((c) => c.name);
      expect(names).toEqual(["survives"]);
      expect(existsSync(dir)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
