// OtCollector's provider against the local service: adoption by name or id (never a create),
// updates by PUT with If-Match sending only what the service takes, the service's own
// `sumo.disco*` tags neither shown nor diffed, refresh and delete.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Service, startService } from "./emulator.helpers";
import { type Props, provider } from "./unit.helpers";

const ot = provider("OtCollector");
let service: Service;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.close();
});
beforeEach(async () => {
  await service.reset();
  await service.configure();
});

const register = (name: string, body: Record<string, unknown> = {}) =>
  service.registerOt({ name, tags: { team: "web", "sumo.disco.host": "h1" }, ...body });

async function adopt(news: Props) {
  const { inputs, failures } = await ot.check({}, news);
  expect(failures).toEqual([]);
  return { inputs, ...(await ot.create(inputs)) };
}

const methods = async () => (await service.requests()).map((r) => `${r.method} ${r.path}`);

describe("OtCollector", () => {
  it("must adopt: without adopt, check says the API cannot create one and how to take one over", async () => {
    const { failures } = await ot.check({}, { name: "x" });
    expect(failures).toEqual([
      expect.objectContaining({ property: "adopt", reason: expect.stringMatching(/register/) }),
    ]);
  });

  it("refuses a malformed id and the service's own tag keys, naming the field", async () => {
    const reasons = async (news: Props) =>
      Object.fromEntries(
        (await ot.check({}, news)).failures?.map((f) => [f.property, f.reason]) ?? [],
      );
    const first = await reasons({ adopt: { id: "42" }, tags: { team: 7 } });
    expect(first["adopt.id"]).toMatch(/16 hexadecimal characters/);
    expect(first["tags.team"]).toMatch(/strings/);
    const second = await reasons({ adopt: { name: "a" }, tags: { "sumo.disco.os": "linux" } });
    expect(second["tags.sumo.disco.os"]).toMatch(/service's own/);
  });

  it("adopts by name with no write when the settings match; the service's tags stay out of view", async () => {
    const registered = await register("edge-1", { description: "edge" });
    await service.clearRequests();
    const { id, outs } = await adopt({ adopt: { name: "edge-1" }, tags: { team: "web" } });
    expect(id).toBe(registered.id);
    expect(outs).toMatchObject({
      name: "edge-1",
      tags: { team: "web" },
      alive: true,
      isRemotelyManaged: true,
      adopted: true,
    });
    expect((outs.version as { currentVersion: string }).currentVersion).toMatch(/^\d+\.\d+/);
    expect(JSON.stringify(outs)).not.toContain("sumo.disco");
    expect(await methods()).not.toContainEqual(expect.stringMatching(/^PUT/));
  });

  it("adopts by id (either case) and writes what differs in one PUT; the service keeps its own tags", async () => {
    const registered = await register("edge-2");
    await service.clearRequests();
    const { outs } = await adopt({
      adopt: { id: registered.id.toLowerCase() },
      name: "edge-2b",
      timeZone: "Europe/Paris",
      tags: { team: "db" },
    });
    expect(outs).toMatchObject({ name: "edge-2b", timeZone: "Europe/Paris", tags: { team: "db" } });
    expect((await methods()).filter((m) => m.startsWith("PUT"))).toEqual([
      "PUT /api/v1/otCollectors",
    ]);
    const raw = await service.api("GET", `/otCollectors/${registered.id}`);
    expect(raw.body.tags).toEqual({ team: "db", "sumo.disco.host": "h1" });
  });

  it("an adoption of what is not there says so and how to register one", async () => {
    await expect(adopt({ adopt: { name: "nowhere" } })).rejects.toThrow(
      /nothing named "nowhere".*register/s,
    );
  });

  it("updates with If-Match; a change made elsewhere since is a conflict", async () => {
    await register("edge-3");
    const { id, inputs, outs } = await adopt({ adopt: { name: "edge-3" }, description: "a" });
    const news = { ...inputs, description: "b" };
    expect((await ot.diff(id, outs, news)).changes).toBe(true);
    const updated = await ot.update(id, outs, news);
    expect(updated.outs.description).toBe("b");
    expect(updated.outs.etag).not.toBe(outs.etag);

    // Someone renames it behind the stack's back: the next update meets 412 and stops.
    const raw = await service.api("GET", `/otCollectors/${id}`);
    await service.api(
      "PUT",
      `/otCollectors?id=${id}`,
      { name: "renamed" },
      { "if-match": raw.etag ?? "" },
    );
    await expect(ot.update(id, updated.outs, { ...news, description: "c" })).rejects.toThrow(
      /changed|conflict/i,
    );
  });

  it("refuses pointing adopt at another collector", async () => {
    const a = await register("edge-4");
    const b = await register("edge-5");
    const { inputs, outs } = await adopt({ adopt: { id: a.id } });
    await expect(ot.diff(a.id, outs, { ...inputs, adopt: { id: b.id } })).rejects.toThrow(
      /OtCollector manages OpenTelemetry collector .* another OpenTelemetry collector/,
    );
  });

  it("refresh reads it as it is and drops it once the service has deleted it", async () => {
    const { id, outs } = await (async () => {
      await register("edge-6");
      return adopt({ adopt: { name: "edge-6" }, tags: { team: "web" } });
    })();
    const read = await ot.read(id, outs);
    expect(read.props).toMatchObject({ name: "edge-6", tags: { team: "web" } });
    await service.api("DELETE", `/otCollectors/${id}`);
    expect((await ot.read(id, outs)).id).toBe("");
  });

  it("delete removes it from the service (the class retains it unless told otherwise)", async () => {
    await register("edge-7");
    const { id, outs } = await adopt({ adopt: { name: "edge-7" } });
    await ot.delete(id, outs);
    expect((await service.api("GET", `/otCollectors/${id}`)).status).toBe(404);
  });
});
