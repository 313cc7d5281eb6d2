// The rule for a collector's server-set fields a client sends (docs/reference/local-service.md,
// "Server-set fields"), field by field, against both store backends: a create ignores them; on
// update the value the service shows, an empty placeholder and null keep it, and a different
// value is refused where the spec calls the field not modifiable (collectorType, os*) and
// ignored where it calls it transient (alive, lastSeenAlive, collectorVersion, links, osTime).
// An upgrade task's create reads only collectorId and toVersion.
import { describe, expect, it } from "vitest";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import type { Json } from "../helpers/http";
import { BACKENDS, hostedBody, useEmulator } from "./harness";
import { unchangedShapes } from "./server-set.helpers";

const INVALID = "collectors.validation.fields.invalid";

type Kind = "hosted" | "installed";
interface Row {
  field: string;
  kind: Kind;
  /** The empty values other clients send for it. */
  placeholders: unknown[];
  /** A real, different value. */
  wrong: unknown;
  /** What an update does with `wrong` (docs/reference/local-service.md's table). */
  onUpdate: "refused" | "ignored";
}

const EVERY_KIND: Omit<Row, "kind">[] = [
  { field: "collectorType", placeholders: [""], wrong: "Bogus", onUpdate: "refused" },
  { field: "alive", placeholders: [false], wrong: "dead", onUpdate: "ignored" },
  { field: "collectorVersion", placeholders: [""], wrong: "19.999-1", onUpdate: "ignored" },
  {
    field: "links",
    placeholders: [[]],
    wrong: [{ rel: "sources", href: "/v1/collectors/1/sources" }],
    onUpdate: "ignored",
  },
];
const INSTALLED_ONLY: Omit<Row, "kind">[] = [
  { field: "osName", placeholders: [""], wrong: "Windows", onUpdate: "refused" },
  { field: "osVersion", placeholders: [""], wrong: "11", onUpdate: "refused" },
  { field: "osArch", placeholders: [""], wrong: "arm64", onUpdate: "refused" },
  // Not modifiable in the spec, but it moves with every heartbeat (the table says why).
  { field: "osTime", placeholders: [0], wrong: 123_456_789, onUpdate: "ignored" },
  { field: "lastSeenAlive", placeholders: [0], wrong: 1, onUpdate: "ignored" },
];

const ROWS: Row[] = [
  ...EVERY_KIND.flatMap((row) => [
    { ...row, kind: "hosted" as const },
    { ...row, kind: "installed" as const },
  ]),
  ...INSTALLED_ONLY.map((row) => ({ ...row, kind: "installed" as const })),
  // A Hosted collector has no OS fields: what a client sends for them is ignored.
  ...INSTALLED_ONLY.map((row) => ({
    ...row,
    kind: "hosted" as const,
    onUpdate: "ignored" as const,
  })),
];

/** Everything a read shows that no request changes (not the ETag's version, not time). */
function stable(collector: Json): Json {
  const { id, name, ...rest } = collector;
  return { ...rest, links: collector.links.length };
}

describe.each(BACKENDS)("server-set collector fields ($name store)", (backend) => {
  const ctx = useEmulator(backend);
  let n = 0;

  it.each(ROWS.filter((row) => row.kind === "hosted" && row.field !== "collectorType"))(
    "create: $field is ignored, whatever is sent",
    async (row) => {
      const reference = expectOk(await ctx.api.post("/collectors", hostedBody(`ref-${++n}`)), 201);
      const own = reference.collector[row.field];
      const shapes = [
        ...unchangedShapes(own, row.placeholders),
        { label: "a different value", value: row.wrong },
      ];
      for (const { label, value } of shapes) {
        const body = hostedBody(`c-${++n}`, { [row.field]: value });
        const created = expectOk(await ctx.api.post("/collectors", body), 201).collector;
        expect(stable(created), label).toEqual(stable(reference.collector));
      }
    },
  );

  it.each(ROWS)(
    "update ($kind): $field keeps the service's value; a different one is $onUpdate",
    async (row) => {
      const c =
        row.kind === "hosted"
          ? expectOk(await ctx.api.post("/collectors", hostedBody(`u-${++n}`)), 201).collector
          : await ctx.control.register({ name: `u-${++n}` });
      const path = `/collectors/${c.id}`;
      const before = expectOk(await ctx.api.get(path)).collector;
      const put = async (value: unknown) => {
        const read = await ctx.api.get(path);
        const body = { ...read.json.collector, [row.field]: value };
        return ctx.api.put(path, { collector: body }, etagOf(read));
      };
      for (const { label, value } of unchangedShapes(before[row.field], row.placeholders)) {
        const updated = expectOk(await put(value), 200).collector;
        expect(updated[row.field], label).toEqual(before[row.field]);
      }
      const res = await put(row.wrong);
      if (row.onUpdate === "refused") {
        expectError(res, 400, INVALID);
        expect(res.json.message).toContain(`'collector.${row.field}'`);
      } else {
        expect(expectOk(res).collector[row.field]).toEqual(before[row.field]);
      }
      expect(expectOk(await ctx.api.get(path)).collector[row.field]).toEqual(before[row.field]);
    },
  );

  it("an upgrade task's create ignores the fields the service sets on it", async () => {
    const c = await ctx.control.register({ name: `up-${++n}` });
    const before = await ctx.control.now();
    const res = await ctx.api.post("/collectors/upgrades", {
      collectorId: c.id,
      id: 987654321,
      requestTime: 1,
      status: 2,
      message: "done already",
    });
    const created = expectOk(res, 202);
    expect(created.id).not.toBe("987654321");
    const task = expectOk(await ctx.api.get(`/collectors/upgrades/${created.id}`)).upgrade;
    expect(task).toMatchObject({ collectorId: c.id, status: 0, message: "" });
    expect(task.requestTime).toBeGreaterThanOrEqual(before);
  });

  it("id stays as the spec has it: refused on create, equal to the path's on update", async () => {
    const c = expectOk(await ctx.api.post("/collectors", hostedBody("ids")), 201).collector;
    for (const id of [c.id, 0, ""]) {
      const res = await ctx.api.post("/collectors", hostedBody(`id-${++n}`, { id }));
      expectError(res, 400, "createValidationError");
    }
    expectOk(await ctx.api.post("/collectors", hostedBody("id-null", { id: null })), 201);
    for (const id of [0, "", null, c.id + 1000]) {
      const read = await ctx.api.get(`/collectors/${c.id}`);
      const body = { ...read.json.collector, id };
      const res = await ctx.api.put(`/collectors/${c.id}`, { collector: body }, etagOf(read));
      expectError(res, 400, "BadRequestCollectorId");
    }
  });
});
