// Every typed source class against the local service, one table entry per class (the bodies of
// the end-to-end program, test/e2e/programs/sources/bodies.json): a check failure naming the
// field and the fix; unknown preview values pass; create, read back equal, update one field,
// read back equal, delete.
import { beforeEach, describe, expect, it } from "vitest";
import { TYPED_SOURCES } from "../../provider/resources/kinds/source-kinds";
import { useService } from "./emulator.helpers";
import { SOURCE_BODIES as BODIES, withValue } from "./sourceBodies.helpers";
import { type Props, provider, UNKNOWN } from "./unit.helpers";

const service = useService();
let hostedId: number;
let installedId: number;

beforeEach(async () => {
  hostedId = (
    await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "hosted" },
    })
  ).body.collector.id;
  installedId = (await service().registerInstalled({ name: "host-1" })).id;
});

describe("the table of bodies", () => {
  it("has one entry for every typed source class, on its collector kind", () => {
    expect(Object.keys(BODIES).sort()).toEqual(Object.keys(TYPED_SOURCES).sort());
    for (const [kind, entry] of Object.entries(BODIES)) {
      expect(entry.collector, kind).toBe(TYPED_SOURCES[kind]?.collector);
    }
  });
});

describe.each(Object.entries(BODIES))("%s", (kind, entry) => {
  const p = provider(kind);
  const news = () => ({
    collectorId: entry.collector === "Hosted" ? hostedId : installedId,
    name: `${kind}-1`,
    ...entry.args,
  });

  it("check names the field and the fix; unknown preview values pass", async () => {
    const bad = await p.check({}, withValue(news(), entry.bad));
    const failure = bad.failures?.find((f) => f.property === entry.bad.property);
    expect(failure, JSON.stringify(bad.failures)).toBeDefined();
    const field = entry.bad.property
      .replace(/\[\d+\]$/, "")
      .split(".")
      .at(-1) as string;
    expect(failure?.reason).toContain(field);

    // The value the bad one replaced, and each top-level arg in turn, unknown at preview.
    const unknownAt = await p.check({}, withValue(news(), { at: entry.bad.at, value: UNKNOWN }));
    expect(unknownAt.failures).toEqual([]);
    for (const key of Object.keys(entry.args)) {
      const unknown = await p.check({}, { ...news(), [key]: UNKNOWN });
      expect(unknown.failures, key).toEqual([]);
    }
  });

  it("creates, reads back equal, updates one field, deletes", async () => {
    const { inputs, failures } = await p.check({}, news());
    expect(failures).toEqual([]);
    await service().clearRequests();
    const { id, outs } = await p.create(inputs);
    expect((await service().requests()).map((r) => r.method)).toEqual(["POST"]);
    expect(outs).toMatchObject({ ...entry.args, sourceType: TYPED_SOURCES[kind]?.sourceType });
    const collectorId = outs.collectorId as number;
    const stored = (await service().api("GET", `/collectors/${collectorId}/sources/${id}`)).body;
    expect(stored.source).toMatchObject(TYPED_SOURCES[kind]?.fixed ?? {});
    expect((await p.diff(id, outs, inputs)).changes).toBe(false);

    // A refresh reads it back equal: masked secrets and server-set members make no diff.
    const read = await p.read(id, outs);
    expect(read.props).toEqual(outs);
    const again = await p.check(read.inputs as Props, news());
    expect((await p.diff(id, read.props as Props, again.inputs)).changes).toBe(false);

    // One field changes: an update in place, one PUT.
    const changed = await p.check(inputs, withValue(news(), entry.update));
    expect(changed.failures).toEqual([]);
    expect(await p.diff(id, outs, changed.inputs)).toMatchObject({ changes: true, replaces: [] });
    await service().clearRequests();
    const { outs: after } = await p.update(id, outs, changed.inputs);
    expect((await service().requests()).map((r) => r.method)).toEqual(["PUT"]);
    expect(after).toMatchObject(withValue(entry.args, entry.update));
    const reread = await p.read(id, after);
    expect(reread.props).toEqual(after);
    expect((await p.diff(id, after, changed.inputs)).changes).toBe(false);

    await p.delete(id, after);
    expect((await service().api("GET", `/collectors/${collectorId}/sources/${id}`)).status).toBe(
      404,
    );
  });
});
