// A create that finds its own object reclaims it: a run stopped after its create reached the
// service, before the answer reached the state, leaves an object that the next run's create of
// the same resource asks for again by name (the name its URN makes). It is reclaimed when it is
// what the program wants, and said so under the resource; never an object of a name the
// program gives, nor one whose settings differ.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nameFromUrn } from "../../provider/resources/steps/naming";
import { useService } from "./emulator.helpers";
import { captureProgress } from "./installed.helpers";
import { SOURCE_BODIES } from "./sourceBodies.helpers";
import { checkAndCreate, classUrn, type Props, unnamed } from "./unit.helpers";

const service = useService();
let progress: ReturnType<typeof captureProgress>;
beforeEach(() => {
  progress = captureProgress();
});
afterEach(() => progress.stop());

const up = checkAndCreate;

const requests = async () =>
  (await service().requests()).map(
    (r) => `${r.method} ${r.path.replace("/api/v1", "")} ${r.status}`,
  );

/** What the stopped run's POST made: the collector its create would have made. */
async function earlierRunsCollector(logical: string, description: string): Promise<number> {
  const name = nameFromUrn(classUrn("HostedCollector", logical));
  const made = await service().api("POST", "/collectors", {
    collector: { collectorType: "Hosted", name, description },
  });
  return made.body.collector.id;
}

describe("a create after a run stopped midway", () => {
  it("reclaims the collector of the name its URN makes, with no write, and says why", async () => {
    const madeId = await earlierRunsCollector("web", "front");
    await service().clearRequests();
    const { id, outs, inputs } = await up("HostedCollector", {
      ...unnamed("HostedCollector", "web"),
      description: "front",
    });
    expect(id).toBe(String(madeId));
    expect(await requests()).toEqual([
      "POST /collectors 400", // the name is taken…
      `GET /collectors/name/${inputs.name} 200`, // …by the object this create would have made
    ]);
    expect(outs).toMatchObject({ name: inputs.name, description: "front", adopted: false });
    expect(progress.events).toEqual([
      {
        urn: classUrn("HostedCollector", "web"),
        message:
          `HostedCollector "${inputs.name}" (id ${madeId}): reclaimed, not created: an earlier ` +
          "run created it, then stopped before its answer reached the state (its name is the one " +
          "this resource's URN makes, and its settings are the program's); nothing was written.",
      },
    ]);
    const all = (await service().api("GET", "/collectors")).body.collectors as Props[];
    expect(all.map((c) => c.id)).toEqual([madeId]);
  });

  it("refuses one whose settings differ, naming its id, what differs and the ways on", async () => {
    const madeId = await earlierRunsCollector("web", "an older program's");
    await expect(
      up("HostedCollector", { ...unnamed("HostedCollector", "web"), description: "front" }),
    ).rejects.toThrow(
      new RegExp(
        `already has one with this name \\(id ${madeId}\\); it differs in description\\. .*` +
          "`collectors recover` hands it to the engine; otherwise take it over with " +
          `\`adopt: \\{ id: ${madeId} \\}\``,
      ),
    );
    expect(progress.events).toEqual([]);
  });

  it("never reclaims an object of a name the program gives, however alike", async () => {
    const made = await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "given", description: "front" },
    });
    await service().clearRequests();
    await expect(up("HostedCollector", { name: "given", description: "front" })).rejects.toThrow(
      `the account already has one with this name (id ${made.body.collector.id}). If a run ` +
        "stopped midway created it for this resource, `collectors recover` hands it to the engine",
    );
    expect((await requests()).filter((r) => !r.startsWith("GET"))).toEqual([
      "POST /collectors 400",
    ]);
  });

  it("never reclaims the name another stack's resource of the same logical name made", async () => {
    await service().api("POST", "/collectors", {
      collector: {
        collectorType: "Hosted",
        name: nameFromUrn(classUrn("HostedCollector", "web", "prod")),
        description: "front",
      },
    });
    // Another stack's name is another name: nothing is taken, a collector is created.
    const { outs } = await up("HostedCollector", {
      ...unnamed("HostedCollector", "web"),
      description: "front",
    });
    const all = (await service().api("GET", "/collectors")).body.collectors as Props[];
    expect(all).toHaveLength(2);
    expect(outs.name).toBe(nameFromUrn(classUrn("HostedCollector", "web")));
  });

  it("a source holding a credential the service masks: reclaimed with one PUT writing it, never its value", async () => {
    const { id: collectorId } = await up("HostedCollector", { name: "hosted" });
    const body = SOURCE_BODIES.S3Source?.args as Props;
    const name = nameFromUrn(classUrn("S3Source", "bucket"));
    const earlier = await up("S3Source", { collectorId, name, ...body });
    progress.clear();
    await service().clearRequests();
    const { id, outs } = await up("S3Source", {
      collectorId,
      ...unnamed("S3Source", "bucket"),
      ...body,
    });
    expect(id).toBe(earlier.id);
    expect(outs.adopted).toBe(false);
    const writes = (await requests()).filter((r) => !r.startsWith("GET"));
    expect(writes).toEqual([
      `POST /collectors/${collectorId}/sources 400`,
      `PUT /collectors/${collectorId}/sources/${id} 200`,
    ]);
    const [line] = progress.lines();
    expect(line).toContain("reclaimed, not created");
    expect(line).toContain("one PUT wrote the credentials the program gives in thirdPartyRef");
    expect(JSON.stringify(progress.events)).not.toContain(JSON.stringify(body.thirdPartyRef));
    const sources = (await service().api("GET", `/collectors/${collectorId}/sources`)).body
      .sources as Props[];
    expect(sources.filter((s) => s.name === name)).toHaveLength(1);
  });
});
