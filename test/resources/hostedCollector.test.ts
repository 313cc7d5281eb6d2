// HostedCollector's provider against the local service: every lifecycle rule, with the number
// of API requests each step makes (from the service's request log).
import { describe, expect, it } from "vitest";
import { useService } from "./emulator.helpers";
import { type Props, provider, unnamed } from "./unit.helpers";

const collector = provider("HostedCollector");
const service = useService();

/** check + create, as the engine runs them for a new resource. */
async function up(news: Props) {
  const { inputs, failures } = await collector.check({}, news);
  expect(failures).toEqual([]);
  const created = await collector.create(inputs);
  return { inputs, ...created };
}

const methods = async () => (await service().requests()).map((r) => `${r.method} ${r.path}`);

/** Outputs must be plain JSON: nothing JSON cannot carry, no undefined anywhere. */
function expectPlainJson(value: unknown) {
  expect(JSON.parse(JSON.stringify(value))).toEqual(value);
  const walk = (v: unknown): void => {
    expect(v).not.toBeUndefined();
    if (v && typeof v === "object") for (const member of Object.values(v)) walk(member);
  };
  walk(value);
}

describe("HostedCollector lifecycle", () => {
  it("creates with one POST and keeps the ETag the answer carried", async () => {
    await service().clearRequests();
    const { id, outs, inputs } = await up({
      ...unnamed("HostedCollector", "web"),
      description: "front door",
      fields: { team: "a" },
    });
    expect(await methods()).toEqual(["POST /api/v1/collectors"]);
    expect(inputs.name).toMatch(/^web-[0-9a-f]{7}$/);
    expect(outs).toMatchObject({
      name: inputs.name,
      description: "front door",
      fields: { team: "a" },
      collectorType: "Hosted",
      alive: true,
    });
    expect(outs.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Number(id)).toBeGreaterThan(0);
    // The rest of the service's view rides along, minus what changes on its own.
    expect(outs.unmanaged).toMatchObject({ collectorType: "Hosted", ephemeral: false });
    expect(outs.unmanaged).not.toHaveProperty("id");
    expect(outs.unmanaged).not.toHaveProperty("links");
    expect(outs.unmanaged).not.toHaveProperty("alive");
    expect(outs.unmanaged).not.toHaveProperty("targetCpu"); // -1 is the service's "unset"
    expectPlainJson(outs);
  });

  it("has no diff right after create, nor after a refresh (one GET) that returns the inputs too", async () => {
    const news = { name: "steady", description: "d", timeZone: "UTC" };
    const { id, outs, inputs } = await up(news);
    expect((await collector.diff(id, outs, inputs)).changes).toBe(false);
    await service().clearRequests();
    const read = await collector.read(id, outs);
    expect(await methods()).toEqual([`GET /api/v1/collectors/${id}`]);
    expect(read.id).toBe(id);
    expect(read.props).toEqual(outs);
    expect(read.inputs).toEqual({ name: "steady", description: "d", timeZone: "UTC" });
    const rechecked = await collector.check(read.inputs as Props, news);
    expect((await collector.diff(id, read.props as Props, rechecked.inputs)).changes).toBe(false);
  });

  it("updates with one PUT carrying If-Match, and resets a field the program stopped setting", async () => {
    const { id, outs } = await up({ name: "upd", description: "one", category: "c1" });
    await service().clearRequests();
    const news = (await collector.check({ name: "upd" }, { name: "upd", description: "two" }))
      .inputs;
    expect(await collector.diff(id, outs, news)).toMatchObject({ changes: true, replaces: [] });
    const { outs: after } = await collector.update(id, outs, news);
    expect(await methods()).toEqual([`PUT /api/v1/collectors/${id}`]);
    expect(after.description).toBe("two");
    expect(after).not.toHaveProperty("category");
    expect(after.etag).not.toBe(outs.etag);
    const live = await service().api("GET", `/collectors/${id}`);
    expect(live.body.collector.description).toBe("two");
    expect(live.body.collector.category).toBeUndefined();
  });

  it("keeps fields set outside the program when it updates", async () => {
    const { id, outs } = await up({ name: "keep", description: "one" });
    // Someone sets a field this program does not manage; a refresh reads it.
    const before = await service().api("GET", `/collectors/${id}`);
    await service().api(
      "PUT",
      `/collectors/${id}`,
      { collector: { ...before.body.collector, hostName: "set-elsewhere" } },
      { "if-match": before.etag as string },
    );
    const refreshed = (await collector.read(id, outs)).props as Props;
    expect(refreshed.unmanaged).toMatchObject({ hostName: "set-elsewhere" });
    const { outs: after } = await collector.update(id, refreshed, {
      name: "keep",
      description: "two",
    });
    expect((after.unmanaged as Props).hostName).toBe("set-elsewhere");
    const live = await service().api("GET", `/collectors/${id}`);
    expect(live.body.collector).toMatchObject({ hostName: "set-elsewhere", description: "two" });
  });

  it("fails an update on 412 with the refresh message, and changes nothing", async () => {
    const { id, outs } = await up({ name: "race", description: "one" });
    const current = await service().api("GET", `/collectors/${id}`);
    await service().api(
      "PUT",
      `/collectors/${id}`,
      { collector: { ...current.body.collector, description: "changed elsewhere" } },
      { "if-match": current.etag as string },
    );
    await service().clearRequests();
    await expect(collector.update(id, outs, { name: "race", description: "mine" })).rejects.toThrow(
      new Error(
        `HostedCollector "race" (id ${id}) was changed outside Pulumi since it was last read; ` +
          "run `pulumi refresh` (or `pulumi up --refresh`)",
      ),
    );
    expect((await service().api("GET", `/collectors/${id}`)).body.collector.description).toBe(
      "changed elsewhere",
    );
    expect((await service().requests()).map((r) => r.status)).toEqual([412, 200, 200]);
  });

  it("an update whose answer was lost is not mistaken for someone else's change", async () => {
    const { id, outs } = await up({ name: "lost put", description: "one" });
    await service().fault({ kind: "lost-response", method: "PUT", count: 1 });
    await service().clearRequests();
    const { outs: after } = await collector.update(id, outs, {
      name: "lost put",
      description: "two",
    });
    expect(after.description).toBe("two");
    // The client resends the PUT (idempotent), which meets the new ETag; a GET shows it is ours.
    expect((await service().requests()).map((r) => `${r.method} ${r.status}`)).toEqual([
      "PUT 0", // committed, then the connection was dropped unanswered
      "PUT 412",
      "GET 200",
    ]);
  });

  it("with collectors:onConflict overwrite, gets a fresh ETag and writes anyway", async () => {
    const { id, outs } = await up({ name: "lww", description: "one" });
    const current = await service().api("GET", `/collectors/${id}`);
    await service().api(
      "PUT",
      `/collectors/${id}`,
      { collector: { ...current.body.collector, description: "theirs", category: "theirs" } },
      { "if-match": current.etag as string },
    );
    await service().configure({ "collectors:onConflict": "overwrite" });
    await service().clearRequests();
    const { outs: after } = await collector.update(id, outs, { name: "lww", description: "mine" });
    expect(await methods()).toEqual([
      `PUT /api/v1/collectors/${id}`,
      `GET /api/v1/collectors/${id}`,
      `PUT /api/v1/collectors/${id}`,
    ]);
    expect(after.description).toBe("mine");
    const live = (await service().api("GET", `/collectors/${id}`)).body.collector;
    // Last writer wins for what the program sets; the other change to `category` is kept.
    expect(live).toMatchObject({ description: "mine", category: "theirs" });
  });

  it("reclaims its own collector when the create's answer was lost", async () => {
    await service().fault({
      kind: "lost-response",
      method: "POST",
      path: "^/collectors$",
      count: 1,
    });
    await service().clearRequests();
    const { id, outs } = await up({ name: "lost answer", description: "x" });
    expect((await service().requests()).map((r) => `${r.method} ${r.status}`)).toEqual([
      "POST 0", // committed, then the connection was dropped unanswered
      "POST 400", // DuplicateResourceName
      "GET 200", // by name: it is the one this create made
    ]);
    const all = (await service().api("GET", "/collectors")).body.collectors;
    expect(all.filter((c: Props) => c.name === "lost answer")).toHaveLength(1);
    expect(outs).toMatchObject({ name: "lost answer", description: "x" });
    expect(String(all[0].id)).toBe(id);
  });

  it("retries a create after a 503 and ends with exactly one collector", async () => {
    await service().fault({ kind: "503", method: "POST", path: "^/collectors$", count: 2 });
    const { outs } = await up({ name: "flaky" });
    expect(outs.name).toBe("flaky");
    const all = (await service().api("GET", "/collectors")).body.collectors;
    expect(all).toHaveLength(1);
  });

  it("refuses a name someone else already uses, saying what exists and how to adopt it", async () => {
    const other = await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "taken", description: "not ours" },
    });
    await expect(up({ name: "taken", description: "ours" })).rejects.toThrow(
      `Cannot create HostedCollector "taken": the account already has one with this name (id ${other.body.collector.id}). ` +
        "If a run stopped midway created it for this resource, `collectors recover` hands it to " +
        `the engine; otherwise take it over with \`adopt: { id: ${other.body.collector.id} }\`, ` +
        "or give this resource another name.",
    );
  });

  it("refresh drops it on 404 only; a 503 fails the refresh and keeps the state", async () => {
    const { id, outs } = await up({ name: "gone" });
    await service().fault({ kind: "503", method: "GET", count: 20 });
    await expect(collector.read(id, outs)).rejects.toThrow(/503/);
    await service().clearFaults();
    await service().fault({ kind: "429", method: "GET", count: 20 });
    await expect(collector.read(id, outs)).rejects.toThrow(/429/);
    await service().clearFaults();
    await service().api("DELETE", `/collectors/${id}`);
    await service().clearRequests();
    expect(await collector.read(id, outs)).toEqual({ id: "" });
    expect(await methods()).toEqual([`GET /api/v1/collectors/${id}`]);
  });

  it("refuses to refresh with a wrong key: 401 never drops state", async () => {
    const { id, outs } = await up({ name: "auth" });
    await service().configure({ "collectors:accessKey": "wrong" });
    await expect(collector.read(id, outs)).rejects.toThrow(/401/);
  });

  it("deletes with one DELETE; already gone counts as done", async () => {
    const { id, outs } = await up({ name: "bye" });
    await service().clearRequests();
    await collector.delete(id, outs);
    expect(await methods()).toEqual([`DELETE /api/v1/collectors/${id}`]);
    await collector.delete(id, outs);
    expect((await service().requests()).map((r) => r.status)).toEqual([200, 404]);
  });

  it("creates with cutoffRelativeTime and updates later without touching it", async () => {
    const { id, outs, inputs } = await up({ name: "cutoff", cutoffRelativeTime: "-1d" });
    expect(outs.cutoffRelativeTime).toBe("-1d");
    expect((await collector.diff(id, outs, inputs)).changes).toBe(false);
    const { outs: after } = await collector.update(id, outs, { ...inputs, description: "later" });
    expect(after).toMatchObject({ cutoffRelativeTime: "-1d", description: "later" });
  });
});

describe("HostedCollector adoption", () => {
  it("adopts by a name with a space and a period in one GET when nothing differs", async () => {
    const made = await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "Prod logs v1.2", description: "d" },
    });
    await service().clearRequests();
    const { id, outs, inputs } = await up({
      __autoname: "prod",
      adopt: { name: "Prod logs v1.2" },
      description: "d",
    });
    expect(id).toBe(String(made.body.collector.id));
    expect(inputs.name).toBe("Prod logs v1.2");
    expect(outs).toMatchObject({
      name: "Prod logs v1.2",
      description: "d",
      adopt: { name: "Prod logs v1.2" },
    });
    expect(await methods()).toEqual(["GET /api/v1/collectors/name/Prod%20logs%20v1.2/"]);
    expect((await collector.diff(id, outs, inputs)).changes).toBe(false);
  });

  it("adopts by id and applies the program's settings with one PUT", async () => {
    const made = await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "existing", description: "old" },
    });
    const madeId = made.body.collector.id;
    await service().clearRequests();
    const { id, outs, inputs } = await up({
      __autoname: "x",
      adopt: { id: madeId },
      description: "new",
    });
    expect(id).toBe(String(madeId));
    expect(inputs.name).toBeUndefined();
    expect(outs).toMatchObject({ name: "existing", description: "new" });
    expect(await methods()).toEqual([
      `GET /api/v1/collectors/${madeId}`,
      `PUT /api/v1/collectors/${madeId}`,
    ]);
    // Later runs keep the adopted name without setting one.
    const again = await collector.check(inputs, {
      __autoname: "x",
      adopt: { id: madeId },
      description: "new",
    });
    expect((await collector.diff(id, outs, again.inputs)).changes).toBe(false);
  });

  it("refuses to adopt what is not there, or not a Hosted Collector", async () => {
    await expect(up({ adopt: { name: "nobody" } })).rejects.toThrow(
      'Cannot adopt into HostedCollector: the account has nothing named "nobody"',
    );
    await expect(up({ adopt: { id: 999999 } })).rejects.toThrow(/has nothing with id 999999/);
    const installed = await service().registerInstalled({ name: "host-1" });
    await expect(up({ adopt: { id: installed.id } })).rejects.toThrow(
      `Cannot adopt HostedCollector "host-1" (id ${installed.id}) into HostedCollector: it is an Installed Collector, not a Hosted Collector`,
    );
  });
});
