// An integration test under node's own test runner (`node --test`), no test framework installed:
// an inline Pulumi program through the Automation API against the local service, started in
// this process. Needs the `pulumi` CLI on PATH, as any Automation API program does.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { LocalWorkspace } from "@pulumi/pulumi/automation/index.js";
import { HostedCollector, HttpSource } from "pulumi-collectors";
import { startLocalService } from "pulumi-collectors/testing";

const backend = mkdtempSync(join(tmpdir(), "collectors-node-test-state-"));
let service;
let stack;

before(async () => {
  service = await startLocalService();
  stack = await LocalWorkspace.createOrSelectStack(
    {
      stackName: "node-test",
      projectName: "collectors-node-test",
      program: async () => {
        const collector = new HostedCollector("edge", { category: "test/edge" });
        new HttpSource("edge-events", { collectorId: collector.id });
        return { collectorId: collector.id };
      },
    },
    {
      // This folder: the resources' provider loads pulumi-collectors from its node_modules.
      workDir: import.meta.dirname,
      envVars: { PULUMI_BACKEND_URL: `file://${backend}`, PULUMI_CONFIG_PASSPHRASE: "test" },
    },
  );
  await stack.setAllConfig(service.config);
});

after(async () => {
  await stack?.workspace.removeStack("node-test", { force: true });
  await service?.stop();
  rmSync(backend, { recursive: true, force: true });
});

test("up makes the collector and its source; destroy removes both", async () => {
  const { outputs } = await stack.up();
  const [edge] = await service.client.collectors.list();
  assert.equal(String(edge.id), outputs.collectorId.value);
  assert.equal(edge.category, "test/edge");
  const sources = await service.client.sources.list(edge.id);
  assert.deepEqual(
    sources.map((s) => s.sourceType),
    ["HTTP"],
  );

  await stack.destroy();
  assert.deepEqual(await service.client.collectors.list(), []);
  const deletes = await service.requests({ method: "DELETE" });
  assert.equal(deletes.length, 2);
  console.log(
    (await service.requests()).map((r) => `${r.method} ${r.path} ${r.status}`).join("\n"),
  );
});
