// The examples, run the way their READMEs say, with the real engine against the local service:
// the root Pulumi.yaml (which runs examples/basic), both stacks of examples/environments, and
// examples/installed on a registered Installed Collector, examples/opentelemetry on a registered
// OpenTelemetry collector, and examples/python's two stacks (in the
// virtual environment `npm run python-env` makes, shared by the Python tests: test/helpers/python).
import { copyFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../helpers/http";
import { installPlugin } from "../helpers/plugin";
import {
  changes,
  example,
  type PulumiWorkspace,
  previewJson,
  ROOT,
  Service,
  shape,
  workspaceFor,
} from "../helpers/pulumi";
import { sharedPythonEnv, useVirtualenv } from "../helpers/python";
import { userProject } from "../helpers/user-project";

const MINUTE = 60_000;

let service: Service;
const workspaces: PulumiWorkspace[] = [];
const folders: string[] = [];

/** examples/basic as a user's own project: the package installed from its tarball. */
async function basicAsUserProject(): Promise<string> {
  const app = await userProject();
  folders.push(app);
  for (const file of ["index.ts", "tsconfig.json"]) {
    copyFileSync(join(example("basic"), file), join(app, file));
  }
  // A plain project file, as `pulumi new` writes it: no `main`.
  writeFileSync(join(app, "Pulumi.yaml"), "name: collectors-basic\nruntime: nodejs\n");
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "my-collectors", private: true, main: "index.ts" }),
  );
  return app;
}

async function workspace(...args: Parameters<typeof workspaceFor>): Promise<PulumiWorkspace> {
  const ws = await workspaceFor(...args);
  workspaces.push(ws);
  return ws;
}

beforeAll(async () => {
  service = await Service.start();
}, 30 * MINUTE);

afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  await service?.close();
});

describe("examples", () => {
  it(
    "the root Pulumi.yaml runs examples/basic",
    async () => {
      const ws = await workspace(service, ROOT);
      const preview = await previewJson(ws);
      expect(changes(preview)).toEqual([
        "create collectors-basic-dev",
        "create events",
        "create syslog",
        "create web",
      ]);
    },
    10 * MINUTE,
  );

  it(
    "environments: dev and prod plan different settings from their stack files",
    async () => {
      const dir = example("environments");
      const plans: Record<string, Record<string, Json>> = {};
      for (const stack of ["dev", "prod"]) {
        // The stack files alone: prod's names the EU deployment, and a preview makes no API
        // call, so it needs neither that deployment nor credentials.
        const ws = await workspace(service, dir, {
          stack,
          stackConfig: join(dir, `Pulumi.${stack}.yaml`),
          connect: false,
        });
        const preview = await previewJson(ws);
        plans[stack] = Object.fromEntries(
          preview.steps.filter((s) => s.op === "create").map((s) => [s.name, s.inputs]),
        );
      }
      expect(plans.dev?.apps).toMatchObject({
        name: "dev-apps",
        category: "dev/apps",
        timeZone: "UTC",
        fields: { environment: "dev" },
      });
      expect(plans.prod?.apps).toMatchObject({
        name: "prod-apps",
        category: "prod/apps",
        timeZone: "Europe/Berlin",
        fields: { environment: "prod" },
      });
      expect(Object.keys(plans.dev ?? {}).sort()).toEqual([
        "apps",
        "checkout",
        "collectors-environments-dev",
        "search",
      ]);
      expect(plans.prod?.payments).toMatchObject({
        name: "prod-payments",
        category: "prod/apps/payments",
      });
      expect(plans.dev?.search?.filters).toHaveLength(1);
      expect(plans.prod?.search?.filters).toEqual([
        expect.objectContaining({ name: "mask-card-numbers", filterType: "Mask" }),
        expect.objectContaining({ name: "drop-debug", filterType: "Exclude" }),
      ]);
    },
    10 * MINUTE,
  );

  it(
    "environments: the dev stack applies against the local service and destroys cleanly",
    async () => {
      const dir = example("environments");
      const ws = await workspace(service, dir, {
        stackConfig: join(dir, "Pulumi.dev.yaml"),
      });
      await ws.pulumi(["up", "--yes"]);
      const inventory = await service.inventory();
      expect(shape(inventory)).toEqual({ "dev-apps": ["dev-checkout:HTTP", "dev-search:HTTP"] });
      expect(inventory[0]).toMatchObject({ category: "dev/apps", timeZone: "UTC" });
      await ws.pulumi(["preview", "--expect-no-changes"]);
      await ws.pulumi(["destroy", "--yes"]);
      expect(await service.inventory()).toEqual([]);
    },
    10 * MINUTE,
  );

  it(
    "installed: sources on an Installed Collector found by name",
    async () => {
      const host = await service.registerInstalled({
        name: "web-01.prod",
        hostName: "web-01.prod",
      });
      const ws = await workspace(service, example("installed"));
      await ws.pulumi(["up", "--yes"]);
      expect(shape(await service.inventory())).toEqual({
        "web-01.prod": [
          expect.stringMatching(/^app-logs-[0-9a-f]{7}:LocalFile$/),
          expect.stringMatching(/^host-metrics-[0-9a-f]{7}:SystemStats$/),
          expect.stringMatching(/^syslog-[0-9a-f]{7}:Syslog$/),
        ],
      });
      expect((await ws.outputs()).collectorId).toBe(host.id);
      await ws.pulumi(["preview", "--expect-no-changes"]);
      await ws.pulumi(["destroy", "--yes"]);
      // The collector itself is not the program's: it stays, without the sources.
      expect(shape(await service.inventory())).toEqual({ "web-01.prod": [] });
    },
    10 * MINUTE,
  );

  it(
    "opentelemetry: a registered OT collector tagged and configured by a source template",
    async () => {
      const edge = await service.registerOt({ name: "edge-01.prod" });
      const ws = await workspace(service, example("opentelemetry"));
      await ws.pulumi(["up", "--yes"]);
      const outputs = await ws.outputs();
      expect(outputs).toMatchObject({ collectorId: edge.id, collectorsLinked: 1 });
      const collector = (await service.apiOk("GET", `/otCollectors/${edge.id}`)).json;
      expect(collector.tags).toEqual({ team: "web", env: "dev" });
      await ws.pulumi(["preview", "--expect-no-changes"]);
      await ws.pulumi(["destroy", "--yes"]);
      // The template goes; the collector is not the program's to delete: it stays registered.
      expect((await service.api("GET", `/sourceTemplates/${outputs.templateId}`)).status).toBe(404);
      expect((await service.api("GET", `/otCollectors/${edge.id}`)).status).toBe(200);
    },
    10 * MINUTE,
  );

  it(
    "python: dev and prod plan their own bucket, time zone and categories from their stack files",
    async () => {
      const dir = example("python");
      const python = await sharedPythonEnv();
      // As for environments: a preview makes no API call, so it needs no service or credentials.
      const pythonWorkspace = async (stack: string) => {
        const ws = await workspace(service, dir, {
          stack,
          stackConfig: join(dir, `Pulumi.${stack}.yaml`),
          secrets: { awsSecretKey: `aws-${stack}-secret-key-0000000000000000000000000001` },
          connect: false,
        });
        useVirtualenv(ws.dir, python);
        await installPlugin(ws);
        return ws;
      };
      const plans: Record<string, Record<string, Json>> = {};
      for (const stack of ["dev", "prod"]) {
        const preview = await previewJson(await pythonWorkspace(stack));
        plans[stack] = Object.fromEntries(
          preview.steps.filter((s) => s.op === "create").map((s) => [s.name, s.inputs]),
        );
      }
      expect(plans.dev?.collector).toMatchObject({ category: "dev/app", timeZone: "UTC" });
      expect(plans.prod?.collector).toMatchObject({
        category: "prod/app",
        timeZone: "Europe/Berlin",
      });
      expect(plans.prod?.web).toMatchObject({ category: "prod/app/web" });
      expect(plans.dev?.bucket?.thirdPartyRef?.resources?.[0]?.path).toMatchObject({
        bucketName: "dev-app-logs",
      });
      expect(plans.prod?.bucket?.thirdPartyRef?.resources?.[0]?.authentication).toMatchObject({
        awsId: "AKIAPRODEXAMPLE00001",
      });

      // Its life (up, one PUT, a replacement, destroy) on the service: test/e2e/python.test.ts.
    },
    10 * MINUTE,
  );

  it(
    "basic as a user runs it: the packed package installed in a project outside the repository",
    async () => {
      const app = await basicAsUserProject();
      const ws = await workspace(service, app);
      await ws.pulumi(["up", "--yes"]);
      const { collectorName } = (await ws.outputs()) as Record<string, string>;
      // Hosted only: the Installed Collector of the test above stays in the service.
      const hosted = async () =>
        (await service.inventory()).filter((c) => c.collectorType === "Hosted");
      expect(shape(await hosted())).toEqual({
        [collectorName as string]: [
          expect.stringMatching(/^events-[0-9a-f]{7}:HTTP$/),
          expect.stringMatching(/^syslog-[0-9a-f]{7}:Cloudsyslog$/),
        ],
      });
      // The state's provider is the shim, loading the runtime from the project's node_modules.
      const state = (await ws.pulumi(["stack", "export"])).stdout;
      expect(state).toContain("pulumi-collectors/resources/runtime");
      await ws.pulumi(["destroy", "--yes"]);
      expect(await hosted()).toEqual([]);
    },
    10 * MINUTE,
  );
});
