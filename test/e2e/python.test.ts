// Python programs on the collectors provider plugin, with the real engine, our Python language
// host (scripts/toolchain/pulumi-cli/pythonhost, `pulumi-language-python`) and the Python SDK generated from
// the plugin's schema, in the virtual environment `npm run python-env` makes (test/helpers/python:
// one for every Python test file), against the local service: examples/python through its life
// (one POST per resource, a preview without requests, one change = one PUT, a replacement, the
// AWS key encrypted in the state, destroy), a bad argument stopped by preview, `pulumi import`
// writing Python that previews no change, a pulumi.dynamic provider, and an inline program of
// the Automation API run by that environment's python.
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageVersion } from "../../provider/plugin/version";
import { runProcess } from "../../scripts/toolchain/pulumi-workspace";
import type { PythonEnv } from "../../scripts/toolchain/python-env";
import { installPlugin } from "../helpers/plugin";
import {
  changes,
  changesOnly,
  example,
  outputOf,
  type PulumiWorkspace,
  previewJson,
  program,
  ROOT,
  Service,
  shape,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";
import { sharedPythonEnv, useVirtualenv } from "../helpers/python";
import { PULUMI_USER } from "../helpers/users";

const MINUTE = 60_000;
const AWS_KEY = "aws-python-e2e-secret-key-0000000000000000000000000001";
const AWS_ID = "AKIAPYE2E00000000001";
/** The AWS key's id in examples/python/Pulumi.dev.yaml. */
const DEV_AWS_ID = "AKIADEVEXAMPLE000001";
const VERSION = packageVersion(ROOT);

let service: Service;
let python: PythonEnv;
/** Where the programs are copied: removed afterwards. */
let root: string;
const workspaces: PulumiWorkspace[] = [];

/** examples/python copied to root/<name>; __main__.py replaced when given. */
function pythonProgram(name: string, mainPy?: string): string {
  const dir = join(root, name);
  cpSync(example("python"), dir, { recursive: true });
  if (mainPy !== undefined) writeFileSync(join(dir, "__main__.py"), mainPy);
  return dir;
}

/** A stack of the program in `dir`, on the local service, in the shared environment. */
async function pythonWorkspace(
  dir: string,
  config: Record<string, string> = { awsKeyId: AWS_ID },
  stackConfig?: string,
) {
  const ws = await workspaceFor(service, dir, {
    config,
    secrets: { awsSecretKey: AWS_KEY },
    ...(stackConfig ? { stackConfig } : {}),
  });
  workspaces.push(ws);
  useVirtualenv(ws.dir, python);
  await installPlugin(ws);
  return ws;
}

beforeAll(async () => {
  [service, python] = await Promise.all([Service.start(), sharedPythonEnv()]);
  root = mkdtempSync(join(tmpdir(), "collectors-python-e2e-"));
  // The environment holds the SDK at the package's version, which requirements.txt names.
  expect(python.sdkVersion).toBe(VERSION);
  expect(readFileSync(join(example("python"), "requirements.txt"), "utf8")).toContain(
    `pulumi-collectors==${VERSION}\n`,
  );
}, 10 * MINUTE);

afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  await service?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("examples/python on the plugin", () => {
  let dir: string;
  let ws: PulumiWorkspace;

  it(
    "up creates the three resources with one POST each, named as Pulumi names them",
    async () => {
      dir = pythonProgram("example");
      // The dev stack as its stack file has it (the AWS key's id, the bucket); the service's
      // endpoint and credentials set over it.
      ws = await pythonWorkspace(dir, {}, join(dir, "Pulumi.dev.yaml"));
      let up = "";
      const sent = await service.requestsDuring(async () => {
        up = outputOf(await ws.pulumi(["up", "--yes", "--skip-preview"]));
      });
      expect(changesOnly(sent), `${sent.join("\n")}\n${up}`).toEqual([
        "POST /collectors 201",
        "POST /collectors/{id}/sources 201",
        "POST /collectors/{id}/sources 201",
      ]);
      const outputs = await ws.outputs();
      expect(outputs.collectorName).toMatch(/^collector-[0-9a-f]{7}$/);
      expect(outputs.bucketSourceName).toMatch(/^bucket-[0-9a-f]{7}$/);
      expect(outputs.webUrl).toBe("[secret]");
      const inventory = await service.inventory();
      expect(inventory.map((c) => String(c.id))).toEqual([outputs.collectorId]);
      expect(inventory[0]).toMatchObject({ category: "dev/app", timeZone: "UTC" });
      expect(shape(inventory)).toEqual({
        [String(outputs.collectorName)]: [
          `${outputs.bucketSourceName}:Polling`,
          expect.stringMatching(/^web-[0-9a-f]{7}:HTTP$/),
        ],
      });
      const bucket = inventory[0]?.sources.find((s) => s.sourceType === "Polling");
      expect(bucket?.thirdPartyRef).toMatchObject({
        resources: [
          { path: { bucketName: "dev-app-logs" }, authentication: { awsId: DEV_AWS_ID } },
        ],
      });
    },
    10 * MINUTE,
  );

  it(
    "previews no change without a request",
    async () => {
      expect(
        await service.requestsDuring(() => ws.pulumi(["preview", "--expect-no-changes"])),
      ).toEqual([]);
    },
    10 * MINUTE,
  );

  it(
    "keeps the AWS secret key and the service's access key encrypted in the state",
    async () => {
      const exported = (await ws.pulumi(["stack", "export"])).stdout;
      expect(exported).not.toContain(AWS_KEY);
      expect(exported).not.toContain(PULUMI_USER.accessKey);
      const state = JSON.parse(exported) as {
        deployment: { resources: { type: string; inputs?: Record<string, unknown> }[] };
      };
      const bucket = state.deployment.resources.find((r) => r.type === "collectors:index:S3Source");
      expect(bucket?.inputs?.thirdPartyRef).toMatchObject({
        resources: [
          {
            authentication: {
              awsId: DEV_AWS_ID,
              awsKey: { ciphertext: expect.stringMatching(/^v1:/) },
            },
          },
        ],
      });
      // The key was sent and stored: decrypted, the state has it.
      expect((await ws.pulumi(["stack", "export", "--show-secrets"])).stdout).toContain(AWS_KEY);
    },
    10 * MINUTE,
  );

  it(
    "tells pulumi about the plugin the SDK's wheel declares and the environment's Python",
    async () => {
      const about = JSON.parse((await ws.pulumi(["about", "--json"])).stdout) as {
        plugins: { name: string; kind: string; version: string }[];
        runtime: { language: string; executable: string; version: string };
        dependencies: { name: string; version: string }[];
      };
      // From GetRequiredPackages: the pulumi-plugin.json among the wheel's files.
      expect(about.plugins).toContainEqual({
        name: "collectors",
        kind: "resource",
        version: VERSION,
      });
      expect(about.runtime).toMatchObject({
        language: "python",
        executable: python.python,
        version: expect.stringMatching(/^3\.\d+/),
      });
      expect(about.dependencies).toContainEqual({ name: "pulumi-collectors", version: VERSION });
    },
    10 * MINUTE,
  );

  it(
    "one change of config is one PUT",
    async () => {
      await ws.setConfig("timeZone", "Europe/Berlin");
      const sent = await service.requestsDuring(() => ws.pulumi(["up", "--yes", "--skip-preview"]));
      expect(changesOnly(sent)).toEqual(["PUT /collectors/{id} 200"]);
      expect((await service.inventory())[0]).toMatchObject({ timeZone: "Europe/Berlin" });
    },
    10 * MINUTE,
  );

  it(
    "a field that cannot be modified replaces the source: a new one made, the old one deleted",
    async () => {
      const main = join(dir, "__main__.py");
      const source = readFileSync(main, "utf8");
      const changed = source.replace(
        'category=f"{environment}/app/web",',
        'category=f"{environment}/app/web",\n    cutoff_relative_time="-1d",',
      );
      expect(changed).not.toBe(source);
      writeFileSync(main, changed);
      const preview = await previewJson(ws);
      expect(changes(preview)).toContain("replace web");
      expect(preview.steps.find((s) => s.name === "web")?.replaceReasons).toEqual([
        "cutoffRelativeTime",
      ]);
      const sent = await service.requestsDuring(() => ws.pulumi(["up", "--yes", "--skip-preview"]));
      expect(changesOnly(sent)).toEqual([
        "DELETE /collectors/{id}/sources/{id} 200",
        "POST /collectors/{id}/sources 201",
      ]);
      const web = (await service.inventory())[0]?.sources.find((s) => s.sourceType === "HTTP");
      expect(web).toMatchObject({ cutoffRelativeTime: "-1d" });
    },
    10 * MINUTE,
  );

  it(
    "looks a collector made outside Pulumi up by name, and reads it with get by the id found",
    async () => {
      const { collector } = await service.seedS3Collector("py-existing", {
        awsId: "AKIAPYEXISTING000001",
        awsKey: AWS_KEY,
      });
      try {
        await ws.setConfig("existingCollectorName", "py-existing");
        const sent = await service.requestsDuring(() =>
          ws.pulumi(["up", "--yes", "--skip-preview"]),
        );
        expect(changesOnly(sent)).toEqual([]);
        const outputs = await ws.outputs();
        expect(outputs.existingId).toBe(String(collector.id));
        expect(outputs.existingDescription).toBe("Made outside Pulumi.");
        expect(outputs.existingName).toBe("py-existing");
      } finally {
        await ws.pulumi(["config", "rm", "existingCollectorName"]);
        await ws.pulumi(["up", "--yes", "--skip-preview"]);
        await service.apiOk("DELETE", `/collectors/${collector.id}`);
      }
    },
    10 * MINUTE,
  );

  it(
    "destroy deletes what the program made",
    async () => {
      const deleted = await service.requestsDuring(() =>
        ws.pulumi(["destroy", "--yes", "--skip-preview"]),
      );
      expect(changesOnly(deleted)).toEqual([
        "DELETE /collectors/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
      ]);
      expect(await service.inventory()).toEqual([]);
    },
    10 * MINUTE,
  );
});

describe("a bad argument in a Python program", () => {
  let ws: PulumiWorkspace;
  let main: string;

  beforeAll(async () => {
    const dir = pythonProgram("bad-argument", "");
    main = join(dir, "__main__.py");
    ws = await pythonWorkspace(dir);
  }, 10 * MINUTE);

  it.each([
    ["a wrong type", "cutoff_timestamp='yesterday'", "cutoffTimestamp"],
    ["a wrong value", "time_zone='Mars/Olympus_Mons'", "timeZone"],
  ])(
    "%s is stopped by preview with a message naming the field, without a traceback",
    async (_, args, field) => {
      writeFileSync(
        main,
        `import pulumi_collectors as collectors\n\ncollectors.HostedCollector("collector", ${args})\n`,
      );
      const sent = await service.requestsDuring(async () => {
        const preview = await ws.pulumi(["preview"], { check: false });
        const output = outputOf(preview);
        expect(preview.code, output).not.toBe(0);
        expect(output).toMatch(
          new RegExp(`HostedCollector resource 'collector': property ${field}\\b.* has a problem`),
        );
        expect(output).not.toContain("Traceback");
      });
      expect(changesOnly(sent)).toEqual([]);
    },
    10 * MINUTE,
  );
});

describe("pulumi import into a Python project", () => {
  it(
    "writes Python that previews no change, without the AWS key; destroy empties the service",
    async () => {
      const { collector, sourceId } = await service.seedS3Collector("py-imported", {
        awsId: "AKIAPYIMPORT00000001",
        awsKey: AWS_KEY,
      });
      const dir = pythonProgram("import", "");
      // The example's Pulumi.yaml requires the setting, though this program reads nothing.
      const ws = await pythonWorkspace(dir);
      const file = join(ws.root, "import.json");
      writeFileSync(
        file,
        JSON.stringify({
          resources: [
            {
              type: "collectors:index:HostedCollector",
              name: "collector",
              id: String(collector.id),
            },
            { type: "collectors:index:S3Source", name: "bucket", id: sourceId },
          ],
        }),
      );
      const written = join(ws.root, "imported.py");
      const imported = await ws.pulumi(["import", "--file", file, "--yes", "--out", written]);
      expect(outputOf(imported)).toMatch(/2 imported/);
      const code = readFileSync(written, "utf8");
      expect(code).toContain("import pulumi_collectors as collectors");
      expect(code).toContain('collector = collectors.HostedCollector("collector",');
      expect(code).toMatch(/name="py-imported"/);
      expect(code).toContain('bucket = collectors.S3Source("bucket",');
      // The source names the imported collector, not its number.
      expect(code).toMatch(/collector_id=collector\.id/);
      // The key, a secret member of the schema, written as a secret, masked.
      expect(code).toMatch(/"aws_key": pulumi\.Output\.secret\("\*{8}"\)/);
      expect(code).toContain("protect=True");
      expect(`${outputOf(imported)}${code}`).not.toContain(AWS_KEY);

      // The code is the program now: the preview runs it.
      renameSync(written, join(dir, "__main__.py"));
      const mark = await service.mark();
      const preview = await ws.pulumi(["preview", "--expect-no-changes", "--diff"]);
      expect(summarize(await service.since(mark)), outputOf(preview)).toEqual([]);

      await ws.pulumi(["state", "unprotect", "--all", "--yes"]);
      await ws.pulumi(["destroy", "--yes", "--skip-preview"]);
      expect(await service.inventory()).toEqual([]);
    },
    10 * MINUTE,
  );
});

describe("a pulumi.dynamic provider", () => {
  const dynamicProgram = [
    "import pulumi",
    "from pulumi.dynamic import CreateResult, Resource, ResourceProvider",
    "",
    "class Greeter(ResourceProvider):",
    "    def create(self, props):",
    '        return CreateResult("greeting-1", {**props, "greeting": "hello " + props["who"]})',
    "",
    "class Greeting(Resource):",
    "    greeting: pulumi.Output[str]",
    "",
    "    def __init__(self, name, who):",
    '        super().__init__(Greeter(), name, {"who": who, "greeting": None})',
    "",
    'pulumi.export("greeting", Greeting("greeting", "world").greeting)',
    "",
  ].join("\n");

  it(
    "runs in the program's environment, through the SDK's host beside pulumi",
    async () => {
      const ws = await pythonWorkspace(pythonProgram("dynamic", dynamicProgram));
      await ws.pulumi(["up", "--yes", "--skip-preview"]);
      expect(await ws.outputs()).toEqual({ greeting: "hello world" });
      await ws.pulumi(["destroy", "--yes", "--skip-preview"]);
    },
    10 * MINUTE,
  );
});

describe("the Automation API from the same environment", () => {
  it(
    "an inline program goes up and is destroyed, driven by a Python script",
    async () => {
      // The stack's backend, PULUMI_HOME with the plugin, and the passphrase: a workspace's.
      const ws = await pythonWorkspace(pythonProgram("automation-home", ""));
      const result = await runProcess(python.python, [program("python-automation/drive.py")], {
        cwd: ws.root,
        env: {
          ...ws.env,
          COLLECTORS_ENDPOINT: service.url,
          COLLECTORS_ACCESS_ID: PULUMI_USER.accessId,
          COLLECTORS_ACCESS_KEY: PULUMI_USER.accessKey,
          VIRTUALENV: python.dir,
        },
        timeoutMs: 10 * MINUTE,
      });
      expect(result.code, outputOf(result)).toBe(0);
      const report = JSON.parse(result.stdout.trim().split("\n").at(-1) as string) as {
        created: Record<string, number>;
        collectorName: string;
        destroyed: Record<string, number>;
      };
      // The stack and the two resources.
      expect(report.created).toEqual({ create: 3 });
      expect(report.collectorName).toBe("automation-inline");
      expect(report.destroyed).toEqual({ delete: 3 });
      expect(await service.inventory()).toEqual([]);
    },
    10 * MINUTE,
  );
});
