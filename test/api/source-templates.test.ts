// client.sourceTemplates against the local service (emulator/): the whole lifecycle the
// SourceTemplate resource runs (create, read, update, upgrade, disable, delete), the look-ups,
// linking to OT collectors registered through the control API, and the service's refusals.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import {
  CollectorsClient,
  InputError,
  isApiError,
  isGone,
  type SourceTemplateInput,
} from "../../provider/api";
import { control, oneAccount } from "./helpers/control";

const USER = {
  accessId: "intStAccess001",
  accessKey: "intStKey0000000000000000000000000000000001",
};
const accounts = oneAccount("st-account", USER);

const body = (name: string, extra: Partial<SourceTemplateInput> = {}): SourceTemplateInput => ({
  schemaRef: { type: "Apache" },
  inputJson: {
    name,
    description: "apache logs",
    receivers: { "filelog/apache": { include: ["/var/log/apache2/access.log"] } },
  },
  ...extra,
});

describe("client.sourceTemplates against the local service", () => {
  let emulator: RunningEmulator;
  const api = () =>
    new CollectorsClient({
      ...USER,
      endpoint: emulator.url,
      limits: false,
      retry: { timeScale: 0.01 },
      env: {},
    }).sourceTemplates;

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

  it("creates at the type's latest version, reads it back and finds it by name", async () => {
    const created = await api().create(body("apache-prod"));
    expect(created.id).toMatch(/^[0-9A-F]{16}$/);
    expect(created).toMatchObject({
      schemaRef: { type: "Apache", version: "2.0.0", latestVersion: "2.0.0" },
      inputJson: { name: "apache-prod" },
      selector: { tags: [], names: [] },
      isEnabled: true,
      status: "enable",
      totalCollectorLinked: 0,
    });
    expect(created.config).toEqual(expect.any(String));
    expect(await api().get(created.id)).toEqual(created);
    expect((await api().findByName("apache-prod"))?.id).toBe(created.id);
    expect(await api().findByName("nope")).toBeUndefined();
    expect((await api().list({ name: "apache-prod" })).map((t) => t.id)).toEqual([created.id]);
  });

  it("a second template of the same name is the duplicate-name condition, disabled ones included", async () => {
    const first = await api().create(body("dup", { isEnabled: false }));
    expect(first.status).toBe("disable");
    const error = await api()
      .create(body("dup"))
      .catch((e: unknown) => e);
    expect(isApiError(error, "duplicate-name")).toBe(true);
  });

  it("refuses a body without schemaRef.type before sending, and an unknown type on the service naming the field", async () => {
    const local = await api()
      .create({ ...body("x"), schemaRef: {} as never })
      .catch((e: unknown) => e);
    expect(local).toBeInstanceOf(InputError);
    expect((local as InputError).field).toBe("sourceTemplate.schemaRef.type");
    const remote = await api()
      .create({ ...body("x"), schemaRef: { type: "NoSuchType" } })
      .catch((e: unknown) => e);
    expect(isApiError(remote, "invalid-input")).toBe(true);
    expect((remote as Error).message).toContain("schemaRef.type");
  });

  it("updates keeping isEnabled, upgrades to another version, and refuses a version change on update", async () => {
    const created = await api().create(
      body("up", { schemaRef: { type: "Apache", version: "1.0.0" } }),
    );
    const updated = await api().update(created.id, {
      schemaRef: { type: "Apache" },
      selector: { names: ["host-1"] },
      inputJson: { ...body("up").inputJson, description: "changed" },
    });
    expect(updated).toMatchObject({
      isEnabled: true,
      inputJson: { description: "changed" },
      selector: { names: ["host-1"] },
      schemaRef: { version: "1.0.0" },
    });
    const refused = await api()
      .update(created.id, { ...body("up"), schemaRef: { type: "Apache", version: "1.1.0" } })
      .catch((e: unknown) => e);
    expect(isApiError(refused, "invalid-input")).toBe(true);
    expect((refused as Error).message).toMatch(/upgrade/);
    const upgraded = await api().upgrade(created.id, {
      schemaRef: { type: "Apache", version: "1.1.0" },
      inputJson: body("up").inputJson,
    });
    expect(upgraded.schemaRef).toMatchObject({ version: "1.1.0", latestVersion: "2.0.0" });
  });

  it("a disabled template reads as not-found, is listed with showDisabled, and only then can be deleted", async () => {
    const created = await api().create(body("lifecycle"));
    const refused = await api()
      .delete(created.id)
      .catch((e: unknown) => e);
    expect(isApiError(refused, "invalid-input")).toBe(true);
    expect((refused as Error).message).toMatch(/disable/);

    const disabled = await api().setStatus(created.id, "disable");
    expect(disabled).toMatchObject({ isEnabled: false, status: "disable" });
    expect(
      isGone(
        await api()
          .get(created.id)
          .catch((e: unknown) => e),
      ),
    ).toBe(true);
    expect(await api().list()).toEqual([]);
    expect((await api().list({ showDisabled: true })).map((t) => t.id)).toEqual([created.id]);
    expect((await api().findByName("lifecycle"))?.status).toBe("disable");
    expect(await api().findByName("lifecycle", { showDisabled: false })).toBeUndefined();

    await api().delete(created.id);
    expect(await api().list({ showDisabled: true })).toEqual([]);
    expect(
      isApiError(
        await api()
          .setStatus(created.id, "enable")
          .catch((e: unknown) => e),
        "not-found",
      ),
    ).toBe(true);
  });

  it("links remotely managed OT collectors by selector, and previews the impact of new tags", async () => {
    const reg = await control(emulator, "POST", "/ot-collectors", {
      name: "web-1",
      tags: { env: "dev" },
      isRemotelyManaged: true,
    });
    expect(reg.status, JSON.stringify(reg.json)).toBe(201);
    const template = await api().create(
      body("prod-only", { selector: { tags: [[{ key: "env", values: ["prod"] }]] } }),
    );
    expect(template.totalCollectorLinked).toBe(0);
    const impact = await api().linkedImpact({ collectorId: reg.json.id, tags: { env: "prod" } });
    expect(impact.collectorId).toBe(reg.json.id);
    expect(impact.addedSourceTemplates.map((a) => a.sourceTemplateDefinition.id)).toEqual([
      template.id,
    ]);
    expect(impact.addedSourceTemplates[0]?.reasonTags).toEqual([[{ key: "env", value: "prod" }]]);
    expect(impact.removedSourceTemplates).toEqual([]);

    const byName = await api().update(template.id, {
      ...body("prod-only"),
      selector: { names: ["web-1"] },
    });
    expect(byName.totalCollectorLinked).toBe(1);
  });
});
