// Adoption reads as adoption, for every kind through the shared lifecycle: a line under the
// resource in the engine's display saying nothing was created and what the one PUT (if any)
// wrote and why, and an `adopted` output that stays true through updates and refreshes (false
// for what the resource created).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useService } from "./emulator.helpers";
import { captureProgress } from "./installed.helpers";
import { SOURCE_BODIES } from "./sourceBodies.helpers";
import { checkAndCreate, type Props, provider } from "./unit.helpers";

const service = useService();
let progress: ReturnType<typeof captureProgress>;
beforeEach(() => {
  progress = captureProgress();
});
afterEach(() => progress.stop());

const up = checkAndCreate;

const URN = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/collectors:HostedCollector::web";

describe("adoption", () => {
  it("says what it did under the resource, and records adopted: true through update and refresh", async () => {
    const made = await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "web", description: "old" },
    });
    const id = made.body.collector.id;
    const { outs } = await up("HostedCollector", { adopt: { id }, __urn: URN });
    expect(outs.adopted).toBe(true);
    expect(progress.events).toEqual([
      {
        urn: URN,
        message: `HostedCollector "web" (id ${id}): adopted, not created (it already existed); its settings match the program, nothing was written.`,
      },
    ]);

    // Later updates and refreshes keep it.
    const collector = provider("HostedCollector");
    const news = (await collector.check(outs, { adopt: { id }, description: "new" })).inputs;
    const { outs: updated } = await collector.update(String(id), outs, news);
    expect(updated.adopted).toBe(true);
    const read = await collector.read(String(id), updated);
    expect(read.props?.adopted).toBe(true);
    expect(read.inputs).not.toHaveProperty("adopted");
    expect(progress.events).toHaveLength(1); // only the adoption says so
  });

  it("names the fields its PUT set", async () => {
    const made = await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "web", description: "old" },
    });
    const id = made.body.collector.id;
    await up("HostedCollector", { adopt: { name: "web" }, description: "new", timeZone: "UTC" });
    expect(progress.lines()).toEqual([
      `HostedCollector "web" (id ${id}): adopted, not created (it already existed); one PUT set description, timeZone to the program's values.`,
    ]);
  });

  it("a source says it wrote a credential the service masks, naming the field, never its value", async () => {
    const { id: collectorId } = await up("HostedCollector", { name: "hosted" });
    const body = SOURCE_BODIES.S3Source?.args as Props;
    const made = await up("S3Source", { collectorId, name: "s3", ...body });
    progress.clear();
    await service().clearRequests();
    const { outs } = await up("S3Source", {
      collectorId,
      adopt: { name: "s3" },
      ...body,
      __urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/collectors:S3Source::s3",
    });
    expect(outs.adopted).toBe(true);
    expect((await service().requests()).filter((r) => r.method === "PUT")).toHaveLength(1);
    const [line] = progress.events;
    expect(line?.urn).toBe("urn:pulumi:dev::p::pulumi-nodejs:dynamic/collectors:S3Source::s3");
    expect(line?.message).toBe(
      `S3Source "s3" (id ${made.id}): adopted, not created (it already existed); one PUT wrote the credentials the program gives in thirdPartyRef, which the service never shows in clear, so no read can confirm them.`,
    );
    expect(JSON.stringify(progress.events)).not.toContain("s3cr3t");
  });

  it("a created resource says nothing and has adopted: false; a state from before reads its adopt", async () => {
    const { id, outs } = await up("HostedCollector", { name: "fresh" });
    expect(outs.adopted).toBe(false);
    expect(progress.events).toEqual([]);
    const collector = provider("HostedCollector");
    expect((await collector.read(id, outs)).props?.adopted).toBe(false);
    // A state written before `adopted` existed: adopted when it had `adopt`.
    const { adopted: _, ...old } = outs;
    expect((await collector.read(id, { ...old, adopt: { id: Number(id) } })).props?.adopted).toBe(
      true,
    );
    expect((await collector.read(id, old)).props?.adopted).toBe(false);
  });
});
