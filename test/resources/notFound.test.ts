// Which 404 means "gone": only the service's own answer for a missing collector or source drops
// a resource from the state (refresh) or counts as done (delete). A 404 for a path the endpoint
// does not know (a typo in collectors:endpoint, a proxy) fails instead, naming the setting.
import { describe, expect, it } from "vitest";
import { useService } from "./emulator.helpers";
import { type Props, provider } from "./unit.helpers";

const collector = provider("HostedCollector");
const source = provider("HttpSource");
const service = useService();

async function up(p: ReturnType<typeof provider>, news: Props) {
  const { inputs, failures } = await p.check({}, news);
  expect(failures).toEqual([]);
  return p.create(inputs);
}

/** Points the provider at a path of the local service that serves no API. */
const wrongEndpoint = () =>
  service().configure({ "collectors:endpoint": `${service().emulator.origin}/typo` });

const ENDPOINT_MESSAGE = /404 \(code notfound\).*check collectors:endpoint/s;

describe("a 404 from a path the endpoint does not know", () => {
  it("fails refresh and delete of a collector, which stays in the service", async () => {
    const { id, outs } = await up(collector, { name: "kept" });
    await wrongEndpoint();
    await expect(collector.read(id, outs)).rejects.toThrow(ENDPOINT_MESSAGE);
    await expect(collector.read(id, outs)).rejects.toThrow(`HostedCollector "kept" (id ${id})`);
    await expect(collector.delete(id, outs)).rejects.toThrow(ENDPOINT_MESSAGE);
    await service().configure();
    expect((await service().api("GET", `/collectors/${id}`)).status).toBe(200);
    expect((await collector.read(id, outs)).id).toBe(id);
  });

  it("fails refresh and delete of a source, which stays in the service", async () => {
    const { id: collectorId } = await up(collector, { name: "parent" });
    const { id, outs } = await up(source, { collectorId, name: "events" });
    await wrongEndpoint();
    await expect(source.read(id, outs)).rejects.toThrow(ENDPOINT_MESSAGE);
    await expect(source.delete(id, outs)).rejects.toThrow(ENDPOINT_MESSAGE);
    await service().configure();
    expect((await service().api("GET", `/collectors/${collectorId}/sources/${id}`)).status).toBe(
      200,
    );
  });

  it("fails an adoption by id instead of saying there is nothing with that id", async () => {
    const { id } = await up(collector, { name: "existing" });
    await wrongEndpoint();
    await expect(collector.create({ adopt: { id: Number(id) } })).rejects.toThrow(ENDPOINT_MESSAGE);
  });
});

describe("the service's 404 for a missing object", () => {
  it("InvalidCollector: refresh drops the collector, delete counts as done", async () => {
    const { id, outs } = await up(collector, { name: "gone" });
    await service().api("DELETE", `/collectors/${id}`);
    expect(await collector.read(id, outs)).toEqual({ id: "" });
    await expect(collector.delete(id, outs)).resolves.toBeUndefined();
  });

  it("collectors.source.invalid: refresh drops the source, delete counts as done", async () => {
    const { id: collectorId } = await up(collector, { name: "parent" });
    const { id, outs } = await up(source, { collectorId, name: "events" });
    await service().api("DELETE", `/collectors/${collectorId}/sources/${id}`);
    expect(await source.read(id, outs)).toEqual({ id: "" });
    await expect(source.delete(id, outs)).resolves.toBeUndefined();
  });

  it("a source whose collector is gone is gone too", async () => {
    const { id: collectorId } = await up(collector, { name: "parent" });
    const { id, outs } = await up(source, { collectorId, name: "events" });
    await service().api("DELETE", `/collectors/${collectorId}`);
    expect(await source.read(id, outs)).toEqual({ id: "" });
    await expect(source.delete(id, outs)).resolves.toBeUndefined();
  });
});
