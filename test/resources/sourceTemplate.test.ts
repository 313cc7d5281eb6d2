// SourceTemplate's provider against the local service: the whole lifecycle. The version defaults
// to the type's latest; updates go through the update endpoint and a new version through the
// upgrade endpoint; a change made elsewhere since the last read is a conflict (modifiedAt stands
// for the ETag the API lacks); a disabled template (404 to GET) is still read; delete disables
// first; the selector links the OT collectors it picks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Service, startService } from "./emulator.helpers";
import { type Props, provider } from "./unit.helpers";

const template = provider("SourceTemplate");
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

const apache = (name: string, extra: Props = {}): Props => ({
  schemaRef: { type: "Apache" },
  inputJson: {
    name,
    description: "access logs",
    receivers: { apache: { receiverType: "filelog", include: ["/var/log/apache2/*.log"] } },
    team: "web",
  },
  ...extra,
});

async function created(news: Props) {
  const { inputs, failures } = await template.check({}, news);
  expect(failures).toEqual([]);
  return { inputs, ...(await template.create(inputs)) };
}

const writes = async () =>
  (await service.requests())
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path.replace(/[0-9A-F]{16}/, "ID")}`);

describe("SourceTemplate", () => {
  it("names the field of every refusal", async () => {
    const { failures } = await template.check(
      {},
      {
        schemaRef: { version: "1.0.0" },
        inputJson: { name: "t" },
        selector: { tags: [[{ key: "a" }]] },
      },
    );
    const properties = failures?.map((f) => f.property).sort();
    expect(properties).toEqual([
      "inputJson.receivers",
      "schemaRef.type",
      "selector.tags[0][0].values",
    ]);
    const missing = await template.check({}, {});
    expect(missing.failures?.map((f) => f.property).sort()).toEqual(["inputJson", "schemaRef"]);
  });

  it("creates one in one POST, at the type's latest version, named by inputJson.name", async () => {
    await service.clearRequests();
    const { id, outs } = await created(apache("apache-logs"));
    expect(id).toMatch(/^[0-9A-F]{16}$/);
    expect(outs).toMatchObject({ name: "apache-logs", status: "enable", totalCollectorLinked: 0 });
    expect(outs.inputJson).toMatchObject({ team: "web" });
    expect(await writes()).toEqual(["POST /api/v1/sourceTemplates"]);
    const raw = await service.api("GET", `/sourceTemplates/${id}`);
    expect(raw.body.schemaRef.version).toBe(raw.body.schemaRef.latestVersion);
  });

  it("shows no change for the program it was created from, and one for a selector change", async () => {
    const news = apache("t1", { selector: { names: ["edge-1"] } });
    const { id, inputs, outs } = await created(news);
    const again = await template.check(inputs, news);
    expect((await template.diff(id, outs, again.inputs)).changes).toBe(false);
    const read = await template.read(id, outs);
    expect((await template.diff(id, read.props ?? {}, again.inputs)).changes).toBe(false);
    const moved = { ...again.inputs, selector: { tags: [[{ key: "team", values: ["web"] }]] } };
    expect(await template.diff(id, outs, moved)).toMatchObject({ changes: true, replaces: [] });
  });

  it("links the OT collectors its selector picks: tags ANDed in a list, lists ORed, or names", async () => {
    await service.registerOt({ name: "a", tags: { team: "web", env: "prod" } });
    await service.registerOt({ name: "b", tags: { team: "web", env: "dev" } });
    await service.registerOt({ name: "c", tags: { team: "db" } });
    const { id, inputs, outs } = await created(
      apache("t2", {
        selector: {
          tags: [
            [
              { key: "team", values: ["web"] },
              { key: "env", values: ["prod"] },
            ],
            [{ key: "team", values: ["db"] }],
          ],
        },
      }),
    );
    expect(outs.totalCollectorLinked).toBe(2);
    await service.clearRequests();
    const news = { ...inputs, selector: { names: ["b"] } };
    const updated = await template.update(id, outs, news);
    expect(updated.outs.totalCollectorLinked).toBe(1);
    expect(await writes()).toEqual(["POST /api/v1/sourceTemplates/ID"]);
  });

  it("a new version goes through the upgrade endpoint only", async () => {
    const { id, inputs, outs } = await created(
      apache("t3", { schemaRef: { type: "Apache", version: "1.0.0" } }),
    );
    await service.clearRequests();
    const news = { ...inputs, schemaRef: { type: "Apache", version: "2.0.0" } };
    expect((await template.diff(id, outs, news)).changes).toBe(true);
    const updated = await template.update(id, outs, news);
    expect(updated.outs.schemaRef).toMatchObject({ version: "2.0.0" });
    expect(await writes()).toEqual(["POST /api/v1/sourceTemplates/ID/upgrade"]);
  });

  it("a new type replaces it, deleting it first when the name stays (names are unique)", async () => {
    const { id, inputs, outs } = await created(apache("t4"));
    const news = { ...inputs, schemaRef: { type: "Nginx" } };
    expect(await template.diff(id, outs, news)).toMatchObject({
      replaces: ["schemaRef"],
      deleteBeforeReplace: true,
    });
    // The TypeScript classes pass their autoname and URN: the name is still inputJson.name's.
    const urn = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/collectors:SourceTemplate::tpl";
    const fromClasses = { ...news, __autoname: "tpl-1a2b3c4", __urn: urn };
    expect((await template.diff(id, outs, fromClasses)).deleteBeforeReplace).toBe(true);
    const renamed = {
      ...news,
      inputJson: { ...((inputs as Props).inputJson as Props), name: "t4b" },
    };
    expect((await template.diff(id, outs, renamed)).deleteBeforeReplace).toBe(false);
  });

  it("a refresh gives back the inputs check gave, its name included", async () => {
    const { id, inputs, outs } = await created(apache("t4r"));
    const read = await template.read(id, outs);
    expect(read.inputs).toMatchObject({ name: "t4r", inputJson: inputs.inputJson });
    expect(read.inputs?.name).toBe(inputs.name);
  });

  it("disabled, it still reads (GET says 404), and enabling it again is an update", async () => {
    const { id, inputs, outs } = await created(apache("t5"));
    const disabled = await template.update(id, outs, { ...inputs, isEnabled: false });
    expect(disabled.outs).toMatchObject({ isEnabled: false, status: "disable" });
    expect((await service.api("GET", `/sourceTemplates/${id}`)).status).toBe(404);
    const read = await template.read(id, disabled.outs);
    expect(read.id).toBe(id);
    expect(read.props).toMatchObject({ isEnabled: false });
    const enabled = await template.update(id, disabled.outs, { ...inputs, isEnabled: true });
    expect(enabled.outs).toMatchObject({ isEnabled: true, status: "enable" });
  });

  it("a change made elsewhere since the last read is a conflict", async () => {
    const { id, inputs, outs } = await created(apache("t6"));
    const raw = (await service.api("GET", `/sourceTemplates/${id}`)).body;
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later modifiedAt
    await service.api("POST", `/sourceTemplates/${id}`, {
      schemaRef: { type: "Apache" },
      inputJson: { ...raw.inputJson, description: "changed elsewhere" },
    });
    const news = { ...inputs, selector: { names: ["x"] } };
    await expect(template.update(id, outs, news)).rejects.toThrow(/changed|conflict/i);
  });

  it("a name taken by another template fails the create, saying so", async () => {
    await created(apache("t7"));
    const { inputs } = await template.check({}, apache("t7"));
    const error = await template.create(inputs).catch((e: Error) => e);
    expect(String(error)).toMatch(
      /SourceTemplate "t7": the account already has one with this name/,
    );
    expect(String(error)).toMatch(/adopt: \{ id: "[0-9A-F]{16}" \}/);
  });

  it("adopts an existing one by name, writing what differs in one update", async () => {
    const first = await created(apache("t9"));
    await service.clearRequests();
    const { id, outs } = await created(
      apache("t9", { adopt: { name: "t9" }, selector: { names: ["x"] } }),
    );
    expect(id).toBe(first.id);
    expect(outs).toMatchObject({ adopted: true, selector: { names: ["x"] } });
    expect(await writes()).toEqual(["POST /api/v1/sourceTemplates/ID"]);
  });

  it("delete disables it, then deletes it; refresh then drops it", async () => {
    const { id, outs } = await created(apache("t8"));
    await service.clearRequests();
    await template.delete(id, outs);
    expect(await writes()).toEqual([
      "PUT /api/v1/sourceTemplates/ID/status",
      "DELETE /api/v1/sourceTemplates/ID",
    ]);
    expect((await template.read(id, outs)).id).toBe("");
  });
});
