// Integration tests with the Automation API: the program runs inline through the real Pulumi
// engine against the local service, started in this process (no account, no network). Needs the
// `pulumi` CLI on PATH, as any Automation API program does.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { type LocalService, startLocalService } from "pulumi-collectors/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webTier } from "./web";

let service: LocalService;
let stack: Stack;
const backend = mkdtempSync(join(tmpdir(), "collectors-testing-state-"));

beforeAll(async () => {
  service = await startLocalService();
  stack = await LocalWorkspace.createOrSelectStack(
    {
      stackName: "integration",
      projectName: "collectors-testing",
      program: async () => {
        const { collector, events } = webTier({ environment: "integration" });
        return { collectorId: collector.id, eventsUrl: events.url };
      },
    },
    {
      // The project's folder: the resources' provider loads pulumi-collectors from its
      // node_modules. State goes to a local folder, with a passphrase for its secrets.
      workDir: __dirname,
      envVars: { PULUMI_BACKEND_URL: `file://${backend}`, PULUMI_CONFIG_PASSPHRASE: "test" },
    },
  );
  await stack.setAllConfig(service.config);
}, 120_000);

afterAll(async () => {
  await stack?.destroy();
  await stack?.workspace.removeStack("integration");
  await service?.stop();
  rmSync(backend, { recursive: true, force: true });
}, 120_000);

describe("the web tier against the local service", () => {
  it("up creates the collector and its source, one POST each", async () => {
    const result = await stack.up();
    expect(result.summary.resourceChanges).toMatchObject({ create: 3 }); // the stack too
    const posts = await service.requests({ method: "POST" });
    const collectorId = result.outputs.collectorId?.value as string;
    expect(posts.map((r) => r.path)).toEqual([
      "/api/v1/collectors",
      `/api/v1/collectors/${collectorId}/sources`,
    ]);
    console.log(
      (await service.requests()).map((r) => `${r.method} ${r.path} ${r.status}`).join("\n"),
    );
  });

  it("leaves the service holding what the program says", async () => {
    const [web] = await service.client.collectors.list();
    expect(web).toMatchObject({ category: "integration/web", timeZone: "UTC" });
    const sources = await service.client.sources.list(web?.id as number);
    expect(sources).toMatchObject([
      {
        sourceType: "HTTP",
        category: "integration/web/events",
        filters: [{ name: "no-health-checks" }],
      },
    ]);
  });

  it("keeps the events URL secret in the stack's outputs", async () => {
    const outputs = await stack.outputs();
    expect(outputs.eventsUrl?.secret).toBe(true);
  });

  it("a second preview plans no change and makes no request", async () => {
    const before = (await service.requests()).length;
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: 3 });
    expect(await service.requests()).toHaveLength(before);
  });
});
