// Conformance of the source template API (issue 43, docs/reference/local-service.md "Source
// templates"): create, read, update, status, upgrade, list, delete, linking to OT collectors by
// selector (tags ANDed inside a list, lists ORed; names) and the linked-impact endpoint, on both
// store backends; and persistence of both OpenTelemetry kinds across a restart on SQLite.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import { ApiClient, type Json } from "../helpers/http";
import { BACKENDS, Control, NO_LIMITS, tempDir, useEmulator } from "./harness";
import {
  expectMessageNames,
  HEX_ID,
  MANAGE,
  OT_ACCOUNTS,
  OTHER,
  RFC3339,
  registerOt,
  tagLists,
  templateBody,
  VIEW,
} from "./ot-harness";

describe.each(BACKENDS)("source templates ($name store)", (backend) => {
  const ctx = useEmulator(backend, { accounts: OT_ACCOUNTS });
  const api = () => new ApiClient(ctx.baseFor("us1"), MANAGE);
  const register = (body: Record<string, unknown>) => registerOt(ctx.control, body);
  const create = async (name: string, extra: Record<string, unknown> = {}) =>
    expectOk(await api().post("/sourceTemplates", templateBody(name, extra)));
  const disable = async (id: string) =>
    expectOk(await api().put(`/sourceTemplates/${id}/status`, { status: "disable" }));

  describe("create and read", () => {
    it("answers 200 with the definition; version defaults to the type's latest", async () => {
      const t = await create("apache-logs");
      expect(t.id).toMatch(HEX_ID);
      expect(t).toMatchObject({
        schemaRef: { type: "Apache", version: "2.0.0", latestVersion: "2.0.0" },
        inputJson: {
          name: "apache-logs",
          receivers: { "filelog/apache": { include: ["/var/log/apache2/access.log"] } },
        },
        selector: { tags: [], names: [] },
        totalCollectorLinked: 0,
        isEnabled: true,
        status: "enable",
      });
      expect(t.createdAt).toMatch(RFC3339);
      expect(t.createdBy).toMatch(HEX_ID);
      expect(t.modifiedBy).toBe(t.createdBy);
      expect(t.config).toContain("filelog/apache");
      expect(t.config).toContain("/var/log/apache2/access.log");
      const got = await api().get(`/sourceTemplates/${t.id}`);
      expect(expectOk(got)).toEqual(t);
      expect(got.headers.etag).toBeUndefined();
    });

    it('takes an explicit version, and "" (what Terraform sends) as the latest', async () => {
      const old = expectOk(
        await api().post("/sourceTemplates", {
          ...templateBody("v1"),
          schemaRef: { type: "Nginx", version: "1.1.0" },
        }),
      );
      expect(old.schemaRef).toEqual({ type: "Nginx", version: "1.1.0", latestVersion: "2.0.0" });
      const tf = expectOk(
        await api().post("/sourceTemplates", {
          ...templateBody("tf"),
          schemaRef: { type: "Local File", version: "", latestVersion: "" },
          selector: {},
        }),
      );
      expect(tf.schemaRef.version).toBe("2.0.0");
      expect(tf.selector).toEqual({ tags: [], names: [] });
    });

    it("keeps the rest of inputJson, and renders the same config whatever the key order", async () => {
      const a = expectOk(
        await api().post("/sourceTemplates", {
          schemaRef: { type: "Redis" },
          inputJson: {
            name: "redis-a",
            description: "cache",
            receivers: { redis: { endpoint: "localhost:6379", collection_interval: "1m" } },
            processors: { batch: {}, "resource/x": { attributes: [{ key: "a", value: "b" }] } },
            sumoExtra: { keep: true },
          },
        }),
      );
      expect(a.inputJson.sumoExtra).toEqual({ keep: true });
      expect(a.inputJson.description).toBe("cache");
      const b = expectOk(
        await api().post(`/sourceTemplates/${a.id}`, {
          schemaRef: { type: "Redis" },
          inputJson: {
            sumoExtra: { keep: true },
            processors: { "resource/x": { attributes: [{ value: "b", key: "a" }] }, batch: {} },
            receivers: { redis: { collection_interval: "1m", endpoint: "localhost:6379" } },
            description: "cache",
            name: "redis-a",
          },
        }),
      );
      expect(b.config).toBe(a.config);
      expect(a.config).toMatch(/^# Redis source template "redis-a", schema version 1\.1\.0\n/);
      expect(a.config).toContain("exporters:");
    });

    it("refuses bad bodies with a 400 naming the field", async () => {
      const base = templateBody("bad");
      const cases: [unknown, string][] = [
        [{ inputJson: base.inputJson }, "schemaRef"],
        [{ ...base, schemaRef: {} }, "schemaRef.type"],
        [{ ...base, schemaRef: { type: "" } }, "schemaRef.type"],
        [{ ...base, schemaRef: { type: "Gopher" } }, "schemaRef.type"],
        [{ ...base, schemaRef: { type: "Apache", version: "9.9.9" } }, "schemaRef.version"],
        [{ ...base, schemaRef: "Apache" }, "schemaRef"],
        [{ schemaRef: base.schemaRef }, "inputJson"],
        [{ ...base, inputJson: "x" }, "inputJson"],
        [{ ...base, inputJson: { receivers: {} } }, "inputJson.name"],
        [{ ...base, inputJson: { name: "", receivers: {} } }, "inputJson.name"],
        [{ ...base, inputJson: { name: "n".repeat(129), receivers: {} } }, "inputJson.name"],
        [{ ...base, inputJson: { name: "x" } }, "inputJson.receivers"],
        [{ ...base, inputJson: { name: "x", receivers: [] } }, "inputJson.receivers"],
        [
          { ...base, inputJson: { name: "x", receivers: {}, processors: 3 } },
          "inputJson.processors",
        ],
        [{ ...base, selector: [] }, "selector"],
        [{ ...base, selector: { names: "a" } }, "selector.names"],
        [{ ...base, selector: { tags: [{ key: "a" }] } }, "selector.tags[0]"],
        [
          { ...base, selector: { tags: [[{ key: "a", values: "b" }]] } },
          "selector.tags[0][0].values",
        ],
        [{ ...base, isEnabled: "true" }, "isEnabled"],
        [[base], "body"],
      ];
      for (const [body, field] of cases) {
        const res = await api().post("/sourceTemplates", body);
        expectError(res, 400);
        expectMessageNames(res, field);
      }
      const types = await api().post("/sourceTemplates", {
        ...base,
        schemaRef: { type: "Gopher" },
      });
      expect(types.json.message).toContain('"Windows Event Log"');
      const versions = await api().post("/sourceTemplates", {
        ...base,
        schemaRef: { type: "Kafka", version: "1.1.0" },
      });
      expect(versions.json.message).toContain('"1.0.0", "2.0.0"');
    });

    it("keeps names unique per account, disabled templates included", async () => {
      const t = await create("unique");
      expectError(
        await api().post("/sourceTemplates", templateBody("unique")),
        400,
        "DuplicateResourceName",
      );
      await disable(t.id);
      const again = await api().post("/sourceTemplates", templateBody("unique"));
      expectError(again, 400, "DuplicateResourceName");
      expectMessageNames(again, "inputJson.name");
      const beta = new ApiClient(ctx.baseFor("us1"), OTHER);
      expectOk(await beta.post("/sourceTemplates", templateBody("unique")));
    });

    it("404 for unknown, other accounts', disabled; 400 for a malformed id", async () => {
      const t = await create("hidden");
      expectError(
        await api().get("/sourceTemplates/00000000FFFFFFFF"),
        404,
        "sourcetemplate.invalid",
      );
      const beta = new ApiClient(ctx.baseFor("us1"), OTHER);
      expectError(await beta.get(`/sourceTemplates/${t.id}`), 404, "sourcetemplate.invalid");
      await disable(t.id);
      expectError(await api().get(`/sourceTemplates/${t.id}`), 404, "sourcetemplate.invalid");
      expectError(await api().get("/sourceTemplates/zz"), 400);
    });

    it("lists enabled ones unless showDisabled=true; name is exact", async () => {
      const a = await create("list-a");
      await create("list-b");
      await disable(a.id);
      const names = (body: Json) => body.data.map((t: Json) => t.inputJson.name).sort();
      expect(names(expectOk(await api().get("/sourceTemplates")))).toEqual(["list-b"]);
      expect(names(expectOk(await api().get("/sourceTemplates?showDisabled=true")))).toEqual([
        "list-a",
        "list-b",
      ]);
      expect(names(expectOk(await api().get("/sourceTemplates?name=list-a")))).toEqual([]);
      expect(
        names(expectOk(await api().get("/sourceTemplates?name=list-a&showDisabled=true"))),
      ).toEqual(["list-a"]);
      expect(names(expectOk(await api().get("/sourceTemplates?name=list")))).toEqual([]);
      const disabled = expectOk(await api().get("/sourceTemplates?showDisabled=true&name=list-a"))
        .data[0];
      expect(disabled).toMatchObject({
        isEnabled: false,
        status: "disable",
        totalCollectorLinked: 0,
      });
      expectError(await api().get("/sourceTemplates?showDisabled=maybe"), 400);
    });

    it("a View user reads but cannot write (403); no credentials is 401", async () => {
      const t = await create("guarded");
      const view = new ApiClient(ctx.baseFor("us1"), VIEW);
      expectOk(await view.get(`/sourceTemplates/${t.id}`));
      expectError(await view.post("/sourceTemplates", templateBody("v")), 403);
      expectError(await view.post(`/sourceTemplates/${t.id}`, templateBody("guarded")), 403);
      expectError(await view.put(`/sourceTemplates/${t.id}/status`, { status: "disable" }), 403);
      expectError(await view.delete(`/sourceTemplates/${t.id}`), 403);
      expectError(await api().get(`/sourceTemplates/${t.id}`, { auth: null }), 401, "unauthorized");
    });
  });

  describe("update, status, upgrade, delete", () => {
    it("update replaces inputJson and selector; isEnabled left out keeps it", async () => {
      const t = await create("upd", { selector: { names: ["x"] } });
      const res = expectOk(
        await api().post(`/sourceTemplates/${t.id}`, {
          schemaRef: { type: "Apache", version: "" },
          inputJson: { name: "upd-renamed", receivers: { "filelog/b": {} } },
        }),
      );
      expect(res.inputJson).toEqual({ name: "upd-renamed", receivers: { "filelog/b": {} } });
      expect(res.selector).toEqual({ tags: [], names: [] });
      expect(res.isEnabled).toBe(true);
      expect(res.schemaRef.version).toBe(t.schemaRef.version);
      expect(res.createdAt).toBe(t.createdAt);
      const off = expectOk(
        await api().post(`/sourceTemplates/${t.id}`, {
          ...templateBody("upd-renamed"),
          isEnabled: false,
        }),
      );
      expect(off.status).toBe("disable");
      // Only reads hide a disabled template: an update reaches it, and can enable it again.
      expectError(await api().get(`/sourceTemplates/${t.id}`), 404);
      const kept = expectOk(
        await api().post(`/sourceTemplates/${t.id}`, templateBody("upd-renamed")),
      );
      expect(kept.status).toBe("disable");
      const on = expectOk(
        await api().post(`/sourceTemplates/${t.id}`, {
          ...templateBody("upd-renamed"),
          isEnabled: true,
        }),
      );
      expect(on.status).toBe("enable");
    });

    it("update refuses another type or version, and a taken name", async () => {
      const t = await create("fixed");
      await create("other");
      const type = await api().post(`/sourceTemplates/${t.id}`, {
        ...templateBody("fixed"),
        schemaRef: { type: "Nginx" },
      });
      expectError(type, 400);
      expectMessageNames(type, "schemaRef.type");
      const version = await api().post(`/sourceTemplates/${t.id}`, {
        ...templateBody("fixed"),
        schemaRef: { type: "Apache", version: "1.0.0" },
      });
      expectError(version, 400);
      expectMessageNames(version, "schemaRef.version");
      expect(version.json.message).toContain(`/v1/sourceTemplates/${t.id}/upgrade`);
      expectOk(
        await api().post(`/sourceTemplates/${t.id}`, {
          ...templateBody("fixed"),
          schemaRef: { type: "Apache", version: "2.0.0" },
        }),
      );
      expectError(
        await api().post(`/sourceTemplates/${t.id}`, templateBody("other")),
        400,
        "DuplicateResourceName",
      );
      expectError(await api().post("/sourceTemplates/00000000FFFFFFFF", templateBody("z")), 404);
    });

    it("status disables and enables (reaching disabled templates)", async () => {
      const t = await create("toggle");
      expect(await disable(t.id)).toMatchObject({ isEnabled: false, status: "disable" });
      expect(
        expectOk(await api().put(`/sourceTemplates/${t.id}/status`, { status: "enable" })),
      ).toMatchObject({ isEnabled: true, status: "enable" });
      expectOk(await api().get(`/sourceTemplates/${t.id}`));
      for (const body of [{}, { status: "on" }]) {
        const res = await api().put(`/sourceTemplates/${t.id}/status`, body);
        expectError(res, 400);
        expectMessageNames(res, "status");
      }
    });

    it("upgrade moves the version and replaces inputJson, keeping the selector", async () => {
      const t = expectOk(
        await api().post("/sourceTemplates", {
          ...templateBody("up", { selector: { names: ["n1"] } }),
          schemaRef: { type: "Apache", version: "1.0.0" },
        }),
      );
      const res = expectOk(
        await api().post(`/sourceTemplates/${t.id}/upgrade`, {
          schemaRef: { type: "Apache", version: "2.0.0" },
          inputJson: { name: "up", receivers: { "filelog/v2": {} } },
        }),
      );
      expect(res.schemaRef).toEqual({ type: "Apache", version: "2.0.0", latestVersion: "2.0.0" });
      expect(res.inputJson.receivers).toEqual({ "filelog/v2": {} });
      expect(res.selector.names).toEqual(["n1"]);
      expect(res.config).toContain("schema version 2.0.0");
      const cases: [unknown, string][] = [
        [{ schemaRef: { type: "Apache" }, inputJson: res.inputJson }, "schemaRef.version"],
        [
          { schemaRef: { type: "Apache", version: "3.0.0" }, inputJson: res.inputJson },
          "schemaRef.version",
        ],
        [
          { schemaRef: { type: "Nginx", version: "1.0.0" }, inputJson: res.inputJson },
          "schemaRef.type",
        ],
        [{ schemaRef: { type: "Apache", version: "1.0.0" } }, "inputJson"],
      ];
      for (const [body, field] of cases) {
        const bad = await api().post(`/sourceTemplates/${t.id}/upgrade`, body);
        expectError(bad, 400);
        expectMessageNames(bad, field);
      }
    });

    it("an enabled template cannot be deleted; a disabled one answers 204", async () => {
      const t = await create("del");
      const refused = await api().delete(`/sourceTemplates/${t.id}`);
      expectError(refused, 400, "sourcetemplate.enabled");
      expect(refused.json.message).toContain("disable it first");
      await disable(t.id);
      const res = await api().delete(`/sourceTemplates/${t.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      expectError(await api().delete(`/sourceTemplates/${t.id}`), 404);
      expectOk(await api().post("/sourceTemplates", templateBody("del"))); // the name is free again
    });
  });

  describe("linking to OT collectors", () => {
    async function fleet() {
      const web = await register({ name: "web", tags: { env: "prod", tier: "web" } });
      const dev = await register({ name: "dev", tags: { env: "dev", tier: "web" } });
      const db = await register({ name: "db", tags: { env: "prod", tier: "db" } });
      const local = await register({
        name: "local",
        tags: { env: "prod", tier: "web" },
        isRemotelyManaged: false,
      });
      return { web, dev, db, local };
    }
    const linked = async (id: string) =>
      expectOk(await api().get(`/otCollectors/${id}`)).sourceTemplateLinkedCount;

    it("tags inside one list are ANDed, the lists ORed, names added; only remote ones link", async () => {
      const { web, dev, db, local } = await fleet();
      const and = await create("and", {
        selector: { tags: tagLists({ env: ["prod"], tier: ["web"] }) },
      });
      expect(and.totalCollectorLinked).toBe(1); // web (local is not remotely managed)
      const or = await create("or", {
        selector: { tags: tagLists({ env: ["dev"] }, { tier: ["db"] }) },
      });
      expect(or.totalCollectorLinked).toBe(2); // dev, db
      const byName = await create("by-name", { selector: { names: ["db", "local", "nobody"] } });
      expect(byName.totalCollectorLinked).toBe(1); // db
      const empty = await create("empty", { selector: { tags: [[]] } });
      expect(empty.totalCollectorLinked).toBe(0);
      expect(await linked(web.id)).toBe(1);
      expect(await linked(dev.id)).toBe(1);
      expect(await linked(db.id)).toBe(2);
      expect(await linked(local.id)).toBe(0);
      // computed on every read: a tag change moves the links at once
      expectOk(await api().put(`/otCollectors?id=${web.id}`, { tags: { env: "dev" } }));
      expect(expectOk(await api().get(`/sourceTemplates/${and.id}`)).totalCollectorLinked).toBe(0);
      expect(expectOk(await api().get(`/sourceTemplates/${or.id}`)).totalCollectorLinked).toBe(3);
      // a disabled template links nothing
      await disable(or.id);
      expect(await linked(db.id)).toBe(1);
      // deleting a collector unlinks it
      expectOk(await api().delete(`/otCollectors/${db.id}`), 204);
      expect(expectOk(await api().get(`/sourceTemplates/${byName.id}`)).totalCollectorLinked).toBe(
        0,
      );
    });

    it("the impact endpoint says which templates would start and stop linking, with the reasons", async () => {
      const { web, local } = await fleet();
      const prodWeb = await create("prod-web", {
        selector: { tags: tagLists({ env: ["prod"], tier: ["web"] }) },
      });
      const devAny = await create("dev-any", {
        selector: { tags: tagLists({ env: ["dev"] }, { team: ["x"] }) },
      });
      const named = await create("named", { selector: { names: ["web-renamed"] } });
      const off = await create("off", { selector: { tags: tagLists({ env: ["dev"] }) } });
      await disable(off.id);
      const res = expectOk(
        await api().post("/sourceTemplates/getLinkedSourceTemplatesImpact", {
          collectorId: web.id,
          tags: { env: "dev", team: "x" },
          updatedName: "web-renamed",
        }),
      );
      expect(res.collectorId).toBe(web.id);
      const added = res.addedSourceTemplates.map((e: Json) => e.sourceTemplateDefinition.id).sort();
      expect(added).toEqual([devAny.id, named.id].sort());
      const dev = res.addedSourceTemplates.find(
        (e: Json) => e.sourceTemplateDefinition.id === devAny.id,
      );
      expect(dev.reasonTags).toEqual([
        [{ key: "env", value: "dev" }],
        [{ key: "team", value: "x" }],
      ]);
      const byName = res.addedSourceTemplates.find(
        (e: Json) => e.sourceTemplateDefinition.id === named.id,
      );
      expect(byName.reasonTags).toEqual([]);
      expect(res.removedSourceTemplates).toHaveLength(1);
      expect(res.removedSourceTemplates[0].sourceTemplateDefinition.id).toBe(prodWeb.id);
      expect(res.removedSourceTemplates[0].reasonTags).toEqual([
        [
          { key: "env", value: "prod" },
          { key: "tier", value: "web" },
        ],
      ]);
      // nothing changed: nothing added or removed; the collector itself is untouched
      const same = expectOk(
        await api().post("/sourceTemplates/getLinkedSourceTemplatesImpact", {
          collectorId: web.id,
        }),
      );
      expect(same).toEqual({
        collectorId: web.id,
        addedSourceTemplates: [],
        removedSourceTemplates: [],
      });
      expect(expectOk(await api().get(`/otCollectors/${web.id}`)).name).toBe("web");
      // a locally managed collector links nothing either way
      const lone = expectOk(
        await api().post("/sourceTemplates/getLinkedSourceTemplatesImpact", {
          collectorId: local.id,
          tags: { env: "dev" },
        }),
      );
      expect(lone.addedSourceTemplates).toEqual([]);
    });

    it("impact: sent sumo.disco* tags are ignored and the service's stay", async () => {
      const c = await register({ name: "disco", tags: { "sumo.disco.os": "linux" } });
      const t = await create("disco-t", {
        selector: { tags: tagLists({ "sumo.disco.os": ["linux"] }) },
      });
      expect(t.totalCollectorLinked).toBe(1);
      const res = expectOk(
        await api().post("/sourceTemplates/getLinkedSourceTemplatesImpact", {
          collectorId: c.id,
          tags: { "sumo.disco.os": "windows" },
        }),
      );
      expect(res.removedSourceTemplates).toEqual([]);
    });

    it("impact refuses a bad body (400 naming the field) and an unknown collector (404)", async () => {
      const cases: [unknown, string][] = [
        [{}, "collectorId"],
        [{ collectorId: 5 }, "collectorId"],
        [{ collectorId: "00000000075BCD15", tags: { a: 1 } }, "tags.a"],
        [{ collectorId: "00000000075BCD15", updatedName: "" }, "updatedName"],
        [{ collectorId: "nope" }, "collectorId"],
      ];
      for (const [body, field] of cases) {
        const res = await api().post("/sourceTemplates/getLinkedSourceTemplatesImpact", body);
        expectError(res, 400);
        expectMessageNames(res, field);
      }
      const unknown = await api().post("/sourceTemplates/getLinkedSourceTemplatesImpact", {
        collectorId: "00000000FFFFFFFF",
      });
      expectError(unknown, 404, "otcollector.invalid");
    });
  });
});

describe("OT collectors and source templates across a restart (SQLite)", () => {
  const dataDir = tempDir("collectors-ot-restart-");
  let running: Awaited<ReturnType<typeof startEmulator>> | undefined;
  afterAll(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  async function start() {
    running = await startEmulator({
      port: 0,
      logger: false,
      dataDir,
      ...NO_LIMITS,
      accounts: OT_ACCOUNTS,
    });
    return { api: new ApiClient(running.url, MANAGE), control: new Control(running.origin) };
  }

  it("keeps both, their ETags, links and ids; the ephemeral timer survives", async () => {
    const first = await start();
    const c = await registerOt(first.control, {
      name: "persisted",
      tags: { env: "prod", "sumo.disco.a": "1" },
    });
    const eph = await registerOt(first.control, { name: "eph", ephemeral: true });
    expectOk(await first.api.put(`/otCollectors?id=${c.id}`, { timezone: "UTC" }));
    const t = expectOk(
      await first.api.post(
        "/sourceTemplates",
        templateBody("kept", { selector: { tags: tagLists({ env: ["prod"] }) } }),
      ),
    );
    const off = expectOk(
      await first.api.post("/sourceTemplates", templateBody("off", { isEnabled: false })),
    );
    const before = await first.api.get(`/otCollectors/${c.id}`);
    const templateBefore = expectOk(await first.api.get(`/sourceTemplates/${t.id}`));
    await running?.close();

    const second = await start();
    const after = await second.api.get(`/otCollectors/${c.id}`);
    expect(expectOk(after)).toEqual({ ...expectOk(before), alive: expectOk(after).alive });
    expect(expectOk(after).sourceTemplateLinkedCount).toBe(1);
    expect(etagOf(after)).toBe(etagOf(before));
    expect(expectOk(await second.api.get(`/sourceTemplates/${t.id}`))).toEqual(templateBefore);
    const all = expectOk(await second.api.get("/sourceTemplates?showDisabled=true")).data;
    expect(all.map((x: Json) => x.id).sort()).toEqual([t.id, off.id].sort());
    // ids are never handed out twice
    const next = await registerOt(second.control, { name: "after-restart" });
    expect(Number.parseInt(next.id, 16)).toBeGreaterThan(Number.parseInt(eph.id, 16));
    // the ephemeral collector's 12-hour timer was rebuilt from the store
    await second.control.advance(13 * 60 * 60_000);
    expectError(await second.api.get(`/otCollectors/${eph.id}`), 404);
    expectOk(await second.api.get(`/otCollectors/${c.id}`));
  });
});
