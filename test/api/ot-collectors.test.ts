// client.otCollectors against the local service (emulator/): OT collectors registered through the
// control API, then read, found by name, searched, paged, edited with the ETag and deleted, as
// the OtCollector resource and `collectors ot` do.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import {
  type ClientOptions,
  CollectorsClient,
  collect,
  InputError,
  isApiError,
  isGone,
  type OtCollector,
} from "../../provider/api";
import { control, oneAccount } from "./helpers/control";

const USER = {
  accessId: "intOtAccess001",
  accessKey: "intOtKey0000000000000000000000000000000001",
};
const accounts = oneAccount("ot-account", USER);

describe("client.otCollectors against the local service", () => {
  let emulator: RunningEmulator;
  const client = (options: ClientOptions = {}) =>
    new CollectorsClient({
      ...USER,
      endpoint: emulator.url,
      limits: false,
      retry: { timeScale: 0.01 },
      env: {},
      ...options,
    });
  const register = async (body: Record<string, unknown>): Promise<OtCollector> => {
    const res = await control(emulator, "POST", "/ot-collectors", body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json;
  };

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
  beforeEach(async () => {
    expect((await control(emulator, "POST", "/reset")).status).toBe(200);
  });

  it("reads one by id with its ETag, finds it by name, counts them", async () => {
    const registered = await register({
      name: "web-1",
      tags: { env: "prod" },
      systemInfo: { hostName: "web-1.example" },
    });
    const api = client().otCollectors;
    const { collector, etag } = await api.get(registered.id);
    expect(collector).toMatchObject({
      id: registered.id,
      name: "web-1",
      tags: { env: "prod" },
      alive: true,
      systemInfo: { hostName: "web-1.example" },
    });
    expect(collector.id).toMatch(/^[0-9A-F]{16}$/);
    expect(etag).toMatch(/^".+"$/);
    expect(await api.findByName("web-1")).toEqual({ collector, etag });
    expect(await api.findByName("web-2")).toBeUndefined();
    await register({ name: "web 2.example" });
    expect(
      (await api.byNames(["web 2.example", "web-1", "nope"])).map((c) => c.name).sort(),
    ).toEqual(["web 2.example", "web-1"]);
    expect(await api.totalCount()).toBe(2);
  });

  it("answers not-found (gone) for an unknown id", async () => {
    const error = await client()
      .otCollectors.get("00000000075BCD15")
      .catch((e: unknown) => e);
    expect(isApiError(error, "not-found")).toBe(true);
    expect(isGone(error)).toBe(true);
  });

  it("updates name, time zone, tags, description and category with the ETag; the service's tags stay", async () => {
    const registered = await register({
      name: "edit-me",
      tags: { env: "dev", "sumo.disco.os": "linux" },
    });
    const api = client().otCollectors;
    const { etag } = await api.get(registered.id);
    const updated = await api.update(
      registered.id,
      {
        name: "edited",
        timeZone: "Europe/Berlin",
        tags: { team: "a", "sumo.disco.os": "ignored" },
        description: "d",
        category: "c",
      },
      etag as string,
    );
    expect(updated.collector).toMatchObject({
      name: "edited",
      timeZone: "Europe/Berlin",
      tags: { team: "a", "sumo.disco.os": "linux" },
      description: "d",
      category: "c",
    });
    expect(updated.etag).not.toBe(etag);
    expect(await api.get(registered.id)).toEqual(updated);

    // The ETag read before the change is stale now.
    const stale = await api
      .update(registered.id, { name: "again" }, etag as string)
      .catch((e) => e);
    expect(isApiError(stale, "precondition-failed")).toBe(true);
  });

  it("a name taken by another OT collector is the duplicate-name condition", async () => {
    await register({ name: "taken" });
    const other = await register({ name: "other" });
    const api = client().otCollectors;
    const { etag } = await api.get(other.id);
    const error = await api.update(other.id, { name: "taken" }, etag as string).catch((e) => e);
    expect(isApiError(error, "duplicate-name")).toBe(true);
  });

  it("refuses a bad change before sending, and the service refuses an unknown time zone naming it", async () => {
    const registered = await register({ name: "tz" });
    const api = client().otCollectors;
    const { etag } = await api.get(registered.id);
    await expect(api.update(registered.id, { name: "" }, etag as string)).rejects.toThrow(
      InputError,
    );
    const error = await api
      .update(registered.id, { timeZone: "Mars/Olympus" }, etag as string)
      .catch((e) => e);
    expect(isApiError(error, "invalid-input")).toBe(true);
    expect(error.message).toMatch(/time ?zone/i);
  });

  it("searches with text and tag filters, and pages through every match with iterate()", async () => {
    await register({ name: "alpha", tags: { env: "prod", team: "a" } });
    await register({ name: "beta", tags: { env: "prod", team: "b" } });
    await register({ name: "gamma", tags: { env: "dev", team: "a" } });
    const api = client().otCollectors;
    const byText = await api.search({ search: "ALP" });
    expect(byText.data.map((c) => c.name)).toEqual(["alpha"]);
    const tagged = await api.search({
      filters: {
        tags: [
          [
            { key: "env", values: ["prod"] },
            { key: "team", values: ["a"] },
          ],
          [{ key: "env", values: ["dev"] }],
        ],
      },
      includeCount: true,
    });
    expect(tagged.data.map((c) => c.name).sort()).toEqual(["alpha", "gamma"]);
    expect(tagged.count).toBe(2);
    const first = await api.search({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.next).toEqual(expect.any(String));
    const all = await collect(api.iterate({ pageSize: 1 }));
    expect(all.map((c) => c.name).sort()).toEqual(["alpha", "beta", "gamma"]);
  });

  it("deletes one, and deleteOffline removes those not alive", async () => {
    const gone = await register({ name: "gone" });
    await register({ name: "stale" });
    const api = client().otCollectors;
    await api.delete(gone.id);
    expect(isGone(await api.get(gone.id).catch((e) => e))).toBe(true);
    // Offline after 30 minutes without a heartbeat, as Installed Collectors are.
    expect((await control(emulator, "POST", "/clock", { advanceMs: 31 * 60_000 })).status).toBe(
      200,
    );
    const fresh = await register({ name: "fresh" });
    await api.deleteOffline();
    expect((await collect(api.iterate())).map((c) => c.id)).toEqual([fresh.id]);
  });
});
