// One stack through its whole life with the real Pulumi engine against the local service (default
// limits): scenarios 1–8 and 11 of the end-to-end list, in order, each step building on the last.
// Assertions look at the service (an operator's reads, another user than Pulumi's) and at its
// request log, filtered to Pulumi's user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../helpers/http";
import {
  changes,
  type InventoryCollector,
  lastUpdate,
  outputOf,
  PULUMI_USER,
  type PulumiWorkspace,
  previewJson,
  program,
  Service,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";

const MINUTE = 60_000;
/** Generated names are the logical name plus 7 hex characters. */
const generated = (logical: string) => new RegExp(`^${logical}-[0-9a-f]{7}$`);

let service: Service;
let ws: PulumiWorkspace;

/** The one collector named by a stack output, as the service holds it now. */
async function collector(name: string): Promise<InventoryCollector> {
  const found = (await service.inventory()).find((c) => c.name === name);
  if (!found) throw new Error(`collector ${name} is not in the service`);
  return found;
}

function source(c: InventoryCollector, pattern: RegExp | string): Json {
  const found = c.sources.filter((s: Json) =>
    typeof pattern === "string" ? s.name === pattern : pattern.test(s.name),
  );
  expect(found, `${pattern} on ${c.name}: ${JSON.stringify(c.sources)}`).toHaveLength(1);
  return found[0];
}

async function outputs(): Promise<Record<string, string>> {
  return (await ws.outputs()) as Record<string, string>;
}

/** Runs a preview and checks it made no API call. */
async function previewWithoutCalls(args: string[] = []) {
  const mark = await service.mark();
  const preview = await previewJson(ws, args);
  expect(summarize(await service.since(mark)), "preview must not call the API").toEqual([]);
  return preview;
}

async function expectNoChanges() {
  const preview = await previewWithoutCalls(["--expect-no-changes"]);
  expect(changes(preview)).toEqual([]);
}

/**
 * `pulumi up --yes` and the requests it made; without its own preview unless `withPreview`: each
 * change is previewed just before, by previewWithoutCalls, and a second preview would only run
 * the program again. The first up keeps it, as a user's does.
 */
async function up(args: string[] = [], { withPreview = false } = {}) {
  const mark = await service.mark();
  await ws.pulumi(["up", "--yes", ...(withPreview ? [] : ["--skip-preview"]), ...args]);
  return service.since(mark);
}

beforeAll(async () => {
  service = await Service.start(); // default limits: 4 requests/s, 10 in flight
  ws = await workspaceFor(service, program("lifecycle"));
}, 30 * MINUTE); // a first run may build the Pulumi CLI

afterAll(async () => {
  ws?.dispose();
  await service?.close();
});

describe("a stack's life with the real engine", () => {
  it(
    "1. preview plans the creates and makes no API call",
    async () => {
      const preview = await previewWithoutCalls();
      expect(changes(preview)).toEqual([
        "create a",
        "create b",
        "create e2e-lifecycle-dev",
        "create events",
        "create flex",
        "create mover",
        "create syslog",
      ]);
      expect(await service.requests(), "nobody called the API yet").toEqual([]);
    },
    5 * MINUTE,
  );

  it(
    "2. up creates exactly the declared collectors and sources",
    async () => {
      const requests = await up([], { withPreview: true });
      expect(summarize(requests).sort()).toEqual([
        "POST /collectors 201",
        "POST /collectors 201",
        "POST /collectors/{id}/sources 201",
        "POST /collectors/{id}/sources 201",
        "POST /collectors/{id}/sources 201",
        "POST /collectors/{id}/sources 201",
      ]);
      const out = await outputs();
      expect(out.aName).toMatch(generated("a"));
      expect(out.bName).toMatch(generated("b"));
      const inventory = await service.inventory();
      expect(inventory.map((c) => [c.name, c.collectorType])).toEqual([
        [out.aName, "Hosted"],
        [out.bName, "Hosted"],
      ]);
      const [a, b] = inventory as [InventoryCollector, InventoryCollector];
      expect(a).toMatchObject({ description: "first", category: "e2e/a", timeZone: "UTC" });
      expect(a.sources).toHaveLength(4);
      expect(source(a, generated("events"))).toMatchObject({
        sourceType: "HTTP",
        category: "e2e/a/events",
        filters: [{ name: "no-health", filterType: "Exclude", regexp: ".*GET /health.*" }],
      });
      expect(source(a, generated("flex")).sourceType).toBe("HTTP");
      expect(source(a, "syslog").sourceType).toBe("Cloudsyslog");
      expect(source(a, "mover").sourceType).toBe("HTTP");
      expect(b.sources).toEqual([]);
      expect(await lastUpdate(ws)).toMatchObject({
        result: "succeeded",
        resourceChanges: { create: 7 },
      });
    },
    5 * MINUTE,
  );

  it(
    "3. a second preview shows no changes, also after refresh",
    async () => {
      await expectNoChanges();
      const mark = await service.mark();
      // Without --skip-preview, refresh reads everything twice (its preview, then the refresh).
      await ws.pulumi(["refresh", "--yes", "--skip-preview"]);
      // Batched: the four sources of collector a in one list of its sources; the two collectors
      // in one collector list, or one GET each when the engine's reads of them come further
      // apart than the batching window (5 ms).
      const reads = summarize(await service.since(mark)).sort();
      expect(reads.filter((r) => r.includes("/sources"))).toEqual([
        "GET /collectors/{id}/sources 200",
      ]);
      expect([
        ["GET /collectors 200"],
        ["GET /collectors/{id} 200", "GET /collectors/{id} 200"],
      ]).toContainEqual(reads.filter((r) => !r.includes("/sources")));
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "8. stack export holds neither the access key nor an HTTP source's URL or token, nor the syslog token",
    async () => {
      const a = await collector((await outputs()).aName as string);
      const url = source(a, generated("events")).url as string;
      const token = source(a, "syslog").token as string;
      // HTTP sources' own tokens, of a typed class and of Source.
      const httpTokens = [generated("events"), generated("flex")].map(
        (name) => source(a, name).token as string,
      );
      for (const t of httpTokens) expect(t.length).toBeGreaterThan(10);
      expect(url).toMatch(/^https:\/\//);
      expect(token.length).toBeGreaterThan(10);
      // The values are there, for whoever holds the passphrase.
      const plain = await ws.outputs({ showSecrets: true });
      expect(plain).toMatchObject({ eventsUrl: url, syslogToken: token });
      const masked = await ws.outputs();
      expect(masked).toMatchObject({ eventsUrl: "[secret]", syslogToken: "[secret]" });
      const token64 = token.split("@")[0] as string;
      for (const args of [[], ["--show-secrets=false"]]) {
        const state = (await ws.pulumi(["stack", "export", ...args])).stdout;
        expect(state).toContain('"urn:pulumi:dev::e2e-lifecycle::'); // it is the real state
        expect(state.includes(PULUMI_USER.accessKey), `access key in export ${args}`).toBe(false);
        expect(state.includes(url), `HTTP source URL in export ${args}`).toBe(false);
        expect(state.includes(url.split("/").at(-1) as string), "URL's token part").toBe(false);
        expect(state.includes(token64), `Cloud Syslog token in export ${args}`).toBe(false);
        for (const t of httpTokens)
          expect(state.includes(t), `HTTP source token in export ${args}`).toBe(false);
      }
    },
    5 * MINUTE,
  );

  it(
    "4. changing a modifiable field updates in place with one PUT carrying If-Match",
    async () => {
      const { aId, aName } = await outputs();
      await ws.setConfig("description", "first, revised");
      const preview = await previewWithoutCalls();
      expect(changes(preview)).toEqual(["update a"]);
      const requests = await up();
      // The service answers a PUT without If-Match 403 and a stale one 412: 200 means it carried
      // the current ETag.
      expect(summarize(requests)).toEqual(["PUT /collectors/{id} 200"]);
      expect(requests[0]?.path).toBe(`/api/v1/collectors/${aId}`);
      const a = await collector(aName as string);
      expect(a).toMatchObject({
        id: Number(aId),
        description: "first, revised",
        category: "e2e/a",
      });
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "5a. changing sourceType replaces the source (deleted first: the replacement asks for the name its URN makes, the old one's)",
    async () => {
      const { aId, aName, flexId } = await outputs();
      const before = source(await collector(aName as string), generated("flex"));
      await ws.setConfig("flexType", "Cloudsyslog");
      expect(changes(await previewWithoutCalls())).toContain("replace flex");
      const requests = await up();
      expect(summarize(requests)).toEqual([
        `DELETE /collectors/{id}/sources/{id} 200`,
        "POST /collectors/{id}/sources 201",
      ]);
      expect(requests[0]?.path).toBe(`/api/v1/collectors/${aId}/sources/${flexId}`);
      const a = await collector(aName as string);
      const flex = source(a, generated("flex"));
      expect(flex.name).toBe(before.name);
      expect(flex.sourceType).toBe("Cloudsyslog");
      expect(String(flex.id)).not.toBe(flexId);
      expect(String(flex.id)).toBe((await outputs()).flexId);
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "5b. changing cutoffRelativeTime with an explicit name deletes first and succeeds",
    async () => {
      const { aId, aName } = await outputs();
      const before = source(await collector(aName as string), "syslog");
      await ws.setConfig("syslogCutoff", "-1d");
      expect(changes(await previewWithoutCalls())).toContain("replace syslog");
      const requests = await up();
      expect(summarize(requests)).toEqual([
        "DELETE /collectors/{id}/sources/{id} 200",
        "POST /collectors/{id}/sources 201",
      ]);
      expect(requests[0]?.path).toBe(`/api/v1/collectors/${aId}/sources/${before.id}`);
      const after = source(await collector(aName as string), "syslog");
      expect(after.id).not.toBe(before.id);
      expect(after.sourceType).toBe("Cloudsyslog");
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  // Names are unique per collector: moving to another collector cannot clash, so the explicit
  // name does not force delete-first here.
  it(
    "5c. changing a source's collectorId replaces it on the other collector",
    async () => {
      const { aId, bId, aName, bName, moverId } = await outputs();
      await ws.setConfig("moverOn", "b");
      expect(changes(await previewWithoutCalls())).toContain("replace mover");
      const requests = await up();
      expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        `POST /api/v1/collectors/${bId}/sources 201`,
        `DELETE /api/v1/collectors/${aId}/sources/${moverId} 200`,
      ]);
      expect((await collector(aName as string)).sources.map((s: Json) => s.name)).not.toContain(
        "mover",
      );
      expect(source(await collector(bName as string), "mover").sourceType).toBe("HTTP");
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "6. a change behind Pulumi's back makes up fail with the conflict message; up --refresh succeeds",
    async () => {
      const { aId, aName } = await outputs();
      // Someone sets the collector's host name (a field the program leaves alone) in the UI.
      const read = await service.apiOk("GET", `/collectors/${aId}`);
      const etag = read.headers.etag as string;
      await service.apiOk(
        "PUT",
        `/collectors/${aId}`,
        { collector: { ...read.json.collector, hostName: "set-by-operator" } },
        etag,
      );
      // Meanwhile the program changes the category.
      await ws.setConfig("category", "e2e/a2");
      const mark = await service.mark();
      const failed = await ws.pulumi(["up", "--yes", "--skip-preview"], { check: false });
      expect(failed.code, outputOf(failed)).not.toBe(0);
      expect(outputOf(failed)).toContain(
        `HostedCollector "${aName}" (id ${aId}) was changed outside Pulumi since it was last read; ` +
          "run `pulumi refresh` (or `pulumi up --refresh`)",
      );
      // The one write is refused; a read after it (to tell a conflict from its own lost write) is
      // all else it may do.
      const attempted = summarize(await service.since(mark));
      expect(attempted[0]).toBe("PUT /collectors/{id} 412");
      expect(
        attempted.slice(1).filter((r) => !r.startsWith("GET ")),
        attempted.join("\n"),
      ).toEqual([]);
      let a = await collector(aName as string);
      expect(a).toMatchObject({ category: "e2e/a", hostName: "set-by-operator" });

      const requests = await up(["--refresh"]);
      expect(summarize(requests).filter((r) => !r.startsWith("GET "))).toEqual([
        "PUT /collectors/{id} 200",
      ]);
      a = await collector(aName as string);
      // The program's field is set; the operator's change to a field it leaves alone is kept.
      expect(a).toMatchObject({ category: "e2e/a2", hostName: "set-by-operator" });
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "7. a deletion behind Pulumi's back: refresh drops it and up creates it again",
    async () => {
      const { aId, aName } = await outputs();
      const gone = source(await collector(aName as string), generated("events"));
      await service.apiOk("DELETE", `/collectors/${aId}/sources/${gone.id}`);

      await ws.pulumi(["refresh", "--yes"]);
      expect(await lastUpdate(ws)).toMatchObject({
        kind: "refresh",
        resourceChanges: { delete: 1 },
      });
      const state = (await ws.pulumi(["stack", "export"])).stdout;
      expect(state).not.toContain("HttpSource::events");
      expect(changes(await previewWithoutCalls())).toEqual(["create events"]);

      const requests = await up();
      expect(summarize(requests)).toEqual(["POST /collectors/{id}/sources 201"]);
      const again = source(await collector(aName as string), generated("events"));
      expect(again.id).not.toBe(gone.id);
      expect(again).toMatchObject({ sourceType: "HTTP", category: "e2e/a/events" });
      await expectNoChanges();
    },
    5 * MINUTE,
  );

  it(
    "11. destroy leaves the service empty",
    async () => {
      const mark = await service.mark();
      await ws.pulumi(["destroy", "--yes"]);
      const requests = await service.since(mark);
      expect(summarize(requests).sort()).toEqual([
        "DELETE /collectors/{id} 200",
        "DELETE /collectors/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
      ]);
      expect(await service.inventory()).toEqual([]);
      expect(await lastUpdate(ws)).toMatchObject({
        kind: "destroy",
        resourceChanges: { delete: 7 },
      });
    },
    5 * MINUTE,
  );
});
