// One source of every typed source class with the real engine against the local service (default
// limits): up, preview --expect-no-changes, refresh, preview --expect-no-changes, stack export
// without any of the secrets given, destroy leaving none of the program's objects. The bodies are
// the resource tests' (test/e2e/programs/sources/bodies.json).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../helpers/http";
import {
  changes,
  type PulumiWorkspace,
  previewJson,
  program,
  Service,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";
import { markedCredentialsIn } from "../resources/sourceBodies.helpers";

const MINUTE = 60_000;
const DIR = program("sources");
const BODIES = JSON.parse(readFileSync(join(DIR, "bodies.json"), "utf8")) as Record<
  string,
  { collector: "Hosted" | "Installed"; args: Record<string, Json> }
>;
const KINDS = Object.keys(BODIES);

const SECRETS = KINDS.flatMap((kind) => markedCredentialsIn(BODIES[kind]?.args));

let service: Service;
let ws: PulumiWorkspace;
let installedId: number;

/** Runs a preview that must plan nothing and make no API call. */
async function expectNoChanges() {
  const mark = await service.mark();
  const preview = await previewJson(ws, ["--expect-no-changes"]);
  expect(changes(preview)).toEqual([]);
  expect(summarize(await service.since(mark)), "preview must not call the API").toEqual([]);
}

/** Every source of the service, by collector name. */
async function sourcesByCollector(): Promise<Record<string, Json[]>> {
  return Object.fromEntries((await service.inventory()).map((c) => [c.name, c.sources]));
}

beforeAll(async () => {
  service = await Service.start(); // default limits: 4 requests/s, 10 in flight
  installedId = (await service.registerInstalled({ name: "win-01.corp" })).id as number;
  ws = await workspaceFor(service, DIR, { config: { installedId: String(installedId) } });
}, 30 * MINUTE);

afterAll(async () => {
  ws?.dispose();
  await service?.close();
});

describe("one source of every typed class", () => {
  it(
    "up creates each with one POST, on its collector kind",
    async () => {
      expect(SECRETS.length).toBeGreaterThan(10);
      const mark = await service.mark();
      await ws.pulumi(["up", "--yes"]);
      const requests = summarize(await service.since(mark));
      console.log(`up: ${KINDS.length} sources, ${requests.length} requests`);
      expect(requests.filter((r) => r.startsWith("POST /collectors/{id}/sources "))).toHaveLength(
        KINDS.length,
      );
      expect(requests.filter((r) => !r.startsWith("POST"))).toEqual([]);
      const all = await sourcesByCollector();
      const hosted = Object.entries(all).find(([name]) => name.startsWith("cloud-"))?.[1] ?? [];
      const installed = all["win-01.corp"] ?? [];
      const count = (where: string) => KINDS.filter((k) => BODIES[k]?.collector === where).length;
      expect(hosted).toHaveLength(count("Hosted"));
      expect(installed).toHaveLength(count("Installed"));
      // The types the classes send, Polling and HTTP variants by their contentType.
      const types = [...hosted, ...installed].map((s) =>
        ["Polling", "HTTP"].includes(s.sourceType) && s.contentType
          ? `${s.sourceType}/${s.contentType}`
          : s.sourceType,
      );
      expect(new Set(types).size).toBe(KINDS.length);
    },
    10 * MINUTE,
  );

  it("a second preview plans nothing and makes no API call", expectNoChanges, 5 * MINUTE);

  it(
    "refresh reads all in batched lists and changes nothing; the next preview plans nothing",
    async () => {
      const mark = await service.mark();
      await ws.pulumi(["refresh", "--yes", "--skip-preview", "--expect-no-changes"]);
      const requests = summarize(await service.since(mark));
      expect(requests.every((r) => r.startsWith("GET ") && r.endsWith(" 200"))).toBe(true);
      // Batched: one source list per collector (2), the collectors in one list or a GET each.
      expect(requests.filter((r) => r.includes("/sources "))).toHaveLength(2);
      expect(requests.length).toBeLessThanOrEqual(4);
      await expectNoChanges();
    },
    10 * MINUTE,
  );

  it(
    "stack export holds none of the secrets given, nor an HTTP or Polling url, nor a token",
    async () => {
      const sources = Object.values(await sourcesByCollector()).flat();
      const urls = sources.flatMap((s) =>
        typeof s.url === "string" ? [s.url.split("/").at(-1) as string] : [],
      );
      expect(urls.length).toBeGreaterThan(10);
      // Cloud Syslog's, and the HTTP ones' (HttpSource, KinesisLogSource).
      const tokens = sources.flatMap((s) => (typeof s.token === "string" ? [s.token] : []));
      expect(tokens.length).toBeGreaterThanOrEqual(3);
      const state = (await ws.pulumi(["stack", "export"])).stdout;
      expect(state).toContain("urn:pulumi:dev::e2e-sources::"); // it is the real state
      for (const secret of [...SECRETS, ...urls, ...tokens]) {
        expect(state.includes(secret), `${secret.slice(0, 14)}… in stack export`).toBe(false);
      }
    },
    5 * MINUTE,
  );

  it(
    "destroy leaves the service without any of the program's objects",
    async () => {
      const mark = await service.mark();
      await ws.pulumi(["destroy", "--yes"]);
      const requests = summarize(await service.since(mark));
      console.log(`destroy: ${requests.length} requests`);
      expect(requests.filter((r) => r.startsWith("DELETE"))).toHaveLength(KINDS.length + 1);
      // The Installed Collector is not the program's: it stays, without the sources.
      expect(await sourcesByCollector()).toEqual({ "win-01.corp": [] });
    },
    10 * MINUTE,
  );
});
