// The OT collector and source template schemas: answers read leniently, bodies checked before
// they are sent, each refusal naming the field and the fix.
import { describe, expect, it } from "vitest";
import {
  InputError,
  linkedImpactSchema,
  otCollectorSchema,
  otCollectorSearchSchema,
  otCollectorUpdateSchema,
  sourceTemplateInputSchema,
  sourceTemplateSchema,
  sourceTemplateUpgradeSchema,
} from "../../provider/api";
import { checkFields } from "../../provider/api/validate";

const messages = (
  schema: { safeParse(v: unknown): { error?: { issues: unknown[] } } },
  v: unknown,
) => JSON.stringify(schema.safeParse(v).error?.issues ?? []);

describe("OT collector schema (answers)", () => {
  it("needs only id and name, keeps unknown fields and reads absent tags as none", () => {
    const parsed = otCollectorSchema.parse({ id: "0000000005F5E105", name: "a", newThing: 1 });
    expect(parsed.newThing).toBe(1);
    expect(parsed.tags).toEqual({});
  });

  it("reads a tag value that is not a string as its JSON text (the spec's own example has one)", () => {
    const parsed = otCollectorSchema.parse({
      id: "0000000005F5E105",
      name: "a",
      tags: { team: "app-dev", showIcon: true },
      version: { currentVersion: "v0.108.0-sumo-0", latestAvailableVersion: null },
      systemInfo: { hostName: null },
    });
    expect(parsed.tags).toEqual({ team: "app-dev", showIcon: "true" });
  });

  it("refuses an answer without an id or a name", () => {
    expect(otCollectorSchema.safeParse({ name: "a" }).success).toBe(false);
    expect(otCollectorSchema.safeParse({ id: "0000000005F5E105" }).success).toBe(false);
  });
});

describe("OT collector update and search (what is sent)", () => {
  it("takes only the fields the service lets change", () => {
    const ok = (v: unknown) => otCollectorUpdateSchema.safeParse(v).success;
    expect(
      ok({ name: "n", timeZone: "UTC", tags: { a: "b" }, description: "d", category: "c" }),
    ).toBe(true);
    expect(ok({})).toBe(true);
    expect(ok({ name: "" })).toBe(false);
    expect(ok({ name: "x".repeat(129) })).toBe(false);
    expect(ok({ tags: { a: 1 } })).toBe(false);
    expect(ok({ name: null, timeZone: null })).toBe(true); // null: left as it is
    // What the service ignores is left out, so a read collector can be passed back changed.
    expect(otCollectorUpdateSchema.parse({ alive: true, name: "n" })).toEqual({ name: "n" });
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, "v"]));
    expect(ok({ tags: many })).toBe(false);
  });

  it("checks limit 1–1000 and names the field", () => {
    for (const limit of [0, 1001, 1.5]) {
      const error = (() => {
        try {
          checkFields(otCollectorSearchSchema, { limit }, "");
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).field).toBe("limit");
      expect((error as InputError).message).toMatch(
        /limit: must be (from 1 to 1000|a whole number)/,
      );
    }
    expect(otCollectorSearchSchema.safeParse({ limit: 1 }).success).toBe(true);
    expect(otCollectorSearchSchema.safeParse({ limit: 1000 }).success).toBe(true);
  });

  it("checks the filters: tag conditions, version range, unknown keys", () => {
    const ok = (filters: unknown) => otCollectorSearchSchema.safeParse({ filters }).success;
    expect(
      ok({ tags: [[{ key: "env", values: ["prod"] }], [{ key: "team", values: ["a"] }]] }),
    ).toBe(true);
    expect(ok({ tags: [{ key: "env", values: ["prod"] }] })).toBe(false); // not a list of lists
    expect(ok({ collectorVersionRange: { minVersion: "v0.1.0", rangeType: "Within" } })).toBe(true);
    expect(ok({ collectorVersionRange: { minVersion: "0.1" } })).toBe(false);
    expect(ok({ collectorVersionRange: { rangeType: "Between" } })).toBe(false);
    expect(ok({ alive: true, isRemotelyManaged: null, hasNoSourceTemplateLinked: false })).toBe(
      true,
    );
    expect(ok({ aliev: true })).toBe(false);
  });
});

const template = {
  schemaRef: { type: "Apache" },
  inputJson: { name: "apache", receivers: { r: { receiverType: "filelog" } } },
};

describe("source template bodies (what is sent)", () => {
  it("accepts the minimum and passes unknown inputJson keys through", () => {
    const parsed = sourceTemplateInputSchema.parse({
      ...template,
      inputJson: { ...template.inputJson, logsToCollect: ["x"] },
    });
    expect(parsed.inputJson.logsToCollect).toEqual(["x"]);
  });

  it("leaves out what the service shows but does not take, so a read template can be sent back", () => {
    const parsed = sourceTemplateInputSchema.parse({
      ...template,
      id: "0000000003343FDD",
      config: "receivers: {}",
      schemaRef: { type: "Apache", version: "1.0.0", latestVersion: "1.1.0" },
    });
    expect(parsed).not.toHaveProperty("id");
    expect(parsed).not.toHaveProperty("config");
    expect(parsed.schemaRef).toEqual({ type: "Apache", version: "1.0.0" });
  });

  it("names schemaRef.type, inputJson.name and inputJson.receivers when they are missing", () => {
    const field = (body: unknown) => {
      try {
        checkFields(sourceTemplateInputSchema, body, "sourceTemplate");
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return [(error as InputError).field, (error as InputError).message];
      }
      return undefined;
    };
    const [typeField, typeMessage] = field({ ...template, schemaRef: {} }) ?? [];
    expect(typeField).toBe("sourceTemplate.schemaRef.type");
    expect(typeMessage).toContain('required: the template type, e.g. "Apache"');
    expect(field({ ...template, schemaRef: { type: "" } })?.[0]).toBe(
      "sourceTemplate.schemaRef.type",
    );
    expect(field({ inputJson: template.inputJson })?.[0]).toBe("sourceTemplate.schemaRef");
    expect(field({ ...template, inputJson: { receivers: {} } })?.[0]).toBe(
      "sourceTemplate.inputJson.name",
    );
    const [receiversField, receiversMessage] =
      field({ ...template, inputJson: { name: "n" } }) ?? [];
    expect(receiversField).toBe("sourceTemplate.inputJson.receivers");
    expect(receiversMessage).toContain("required: an object of receivers");
    expect(field({ ...template, inputJson: { name: "n", receivers: [] } })?.[1]).toContain(
      "inputJson.receivers: must be an object",
    );
    expect(field({ ...template, inputJson: "x" })?.[0]).toBe("sourceTemplate.inputJson");
    expect(
      field({ ...template, inputJson: { name: "x".repeat(129), receivers: {} } })?.[1],
    ).toContain("at most 128 characters");
    expect(field(template)).toBeUndefined();
  });

  it("checks the selector and isEnabled", () => {
    const ok = (extra: unknown) =>
      sourceTemplateInputSchema.safeParse({ ...template, ...(extra as object) }).success;
    expect(
      ok({ selector: { tags: [[{ key: "env", values: ["prod"] }]], names: ["host-1"] } }),
    ).toBe(true);
    expect(ok({ selector: {} })).toBe(true);
    expect(ok({ selector: { tags: [{ key: "env" }] } })).toBe(false);
    expect(ok({ selector: { names: [""] } })).toBe(false);
    expect(ok({ isEnabled: "yes" })).toBe(false);
    expect(messages(sourceTemplateInputSchema, { ...template, isEnabled: 1 })).toContain(
      "must be true or false",
    );
  });

  it("needs a version to upgrade to", () => {
    expect(
      sourceTemplateUpgradeSchema.safeParse({ ...template, schemaRef: { type: "Apache" } }).success,
    ).toBe(false);
    expect(
      sourceTemplateUpgradeSchema.safeParse({
        ...template,
        schemaRef: { type: "Apache", version: "1.1.0" },
      }).success,
    ).toBe(true);
  });
});

describe("source template answers", () => {
  it("needs only the id and keeps what it does not model", () => {
    const parsed = sourceTemplateSchema.parse({ id: "0000000003343FDD", future: [1] });
    expect(parsed.future).toEqual([1]);
    expect(sourceTemplateSchema.safeParse({ config: "x" }).success).toBe(false);
  });

  it("reads the linked impact with its lists defaulting to empty", () => {
    const parsed = linkedImpactSchema.parse({
      collectorId: "00005AF3107BF0D6",
      addedSourceTemplates: [
        {
          sourceTemplateDefinition: { id: "0000000003343FDD" },
          reasonTags: [[{ key: "env", value: "prod" }]],
        },
      ],
    });
    expect(parsed.removedSourceTemplates).toEqual([]);
    expect(parsed.addedSourceTemplates[0]?.reasonTags).toEqual([[{ key: "env", value: "prod" }]]);
  });
});
