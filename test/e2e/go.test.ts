// Go programs on the collectors provider plugin, with the real engine, our Go language host
// (scripts/toolchain/pulumi-cli/golanghost, `pulumi-language-go`) and the Go SDK generated from the
// plugin's schema, against the local service: examples/go through its life (one POST per
// resource, a preview without requests, the AWS key encrypted in the state, an existing
// collector read by id with GetHostedCollector, destroy), and `pulumi import` into a Go project
// writing Go code that builds and previews no change. The plugin is installed from the tarball
// `npm run build` makes; the example's go.mod is pointed at the generated SDK with
// `go mod edit -replace`, as docs/reference/plugin.md tells users to.
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageVersion } from "../../provider/plugin/version";
import { goCommand } from "../../scripts/build/sdks";
import { runProcess } from "../../scripts/toolchain/pulumi-workspace";
import { GO_ENV, generateGoSdk, SDK_MODULE, useGeneratedSdk } from "../helpers/go";
import { installPlugin } from "../helpers/plugin";
import {
  changes,
  changesOnly,
  example,
  outputOf,
  type PulumiWorkspace,
  previewJson,
  ROOT,
  Service,
  shape,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";

const MINUTE = 60_000;
const AWS_KEY = "aws-go-e2e-secret-key-000000000000000000000000000001";
const SDK_PACKAGE = `${SDK_MODULE}/collectors`;
/** The package's version: the plugin's, the SDK's, and the one examples/go requires. */
const VERSION = packageVersion(ROOT);

let service: Service;
/** Where the SDK is generated and the programs are copied: removed afterwards. */
let root: string;
/** The generated Go SDK module. */
let sdk: string;
const workspaces: PulumiWorkspace[] = [];

/** examples/go copied to root/<name>, its go.mod pointed at the generated SDK; main.go replaced. */
async function goProgram(name: string, mainGo?: string): Promise<string> {
  const dir = join(root, name);
  cpSync(example("go"), dir, { recursive: true });
  if (mainGo !== undefined) writeFileSync(join(dir, "main.go"), mainGo);
  await useGeneratedSdk(dir, sdk);
  return dir;
}

async function goWorkspace(dir: string, config: Record<string, string> = {}) {
  const ws = await workspaceFor(service, dir, {
    config,
    secrets: { awsSecretKey: AWS_KEY },
    env: GO_ENV,
  });
  workspaces.push(ws);
  await installPlugin(ws);
  return ws;
}

/** A Hosted Collector with an S3 source holding an AWS key, made by another user. */
async function seedCollector(name: string) {
  const { collector, sourceId } = await service.seedS3Collector(name, {
    awsId: "AKIAGOIMPORT00000001",
    awsKey: AWS_KEY,
  });
  return { collectorId: String(collector.id), sourceId };
}

beforeAll(async () => {
  service = await Service.start();
  root = mkdtempSync(join(tmpdir(), "collectors-go-e2e-"));
  sdk = await generateGoSdk(root);
  // The module the example requires is the one generated, at the package's version.
  expect(readFileSync(join(sdk, "go.mod"), "utf8")).toMatch(new RegExp(`^module ${SDK_MODULE}\n`));
  expect(readFileSync(join(example("go"), "go.mod"), "utf8")).toContain(
    `${SDK_MODULE} v${VERSION}\n`,
  );
}, 10 * MINUTE);

afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  await service?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("examples/go on the plugin", () => {
  let ws: PulumiWorkspace;

  it(
    "up creates the three resources with one POST each, named as Pulumi names them",
    async () => {
      ws = await goWorkspace(await goProgram("example"), { awsKeyId: "AKIAGOE2E00000000001" });
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
      expect(shape(inventory)).toEqual({
        [String(outputs.collectorName)]: [
          `${outputs.bucketSourceName}:Polling`,
          expect.stringMatching(/^web-[0-9a-f]{7}:HTTP$/),
        ],
      });
      const bucket = inventory[0]?.sources.find((s) => s.sourceType === "Polling");
      expect(bucket?.thirdPartyRef).toMatchObject({
        resources: [
          { path: { bucketName: "app-logs" }, authentication: { awsId: "AKIAGOE2E00000000001" } },
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
    "keeps the AWS secret key encrypted in the state",
    async () => {
      const exported = (await ws.pulumi(["stack", "export"])).stdout;
      expect(exported).not.toContain(AWS_KEY);
      const state = JSON.parse(exported) as {
        deployment: { resources: { type: string; inputs?: Record<string, unknown> }[] };
      };
      const bucket = state.deployment.resources.find((r) => r.type === "collectors:index:S3Source");
      // The key alone in the secret's envelope, the signature and the ciphertext; the bucket
      // and the key's id in clear.
      expect(bucket?.inputs?.thirdPartyRef).toMatchObject({
        resources: [
          {
            path: { bucketName: "app-logs" },
            authentication: {
              awsId: "AKIAGOE2E00000000001",
              awsKey: {
                "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
                ciphertext: expect.stringMatching(/^v1:/),
              },
            },
          },
        ],
      });
      // The key was sent and stored: decrypted, the state has it.
      const decrypted = (await ws.pulumi(["stack", "export", "--show-secrets"])).stdout;
      expect(decrypted).toContain(AWS_KEY);
    },
    10 * MINUTE,
  );

  it(
    "GetHostedCollector reads a collector made outside Pulumi by its id, without changing it",
    async () => {
      const { collectorId } = await seedCollector("go-existing");
      await ws.setConfig("existingCollectorId", collectorId);
      const sent = await service.requestsDuring(() => ws.pulumi(["up", "--yes", "--skip-preview"]));
      expect(changesOnly(sent)).toEqual([]);
      expect(sent).toContain("GET /collectors/{id} 200");
      const outputs = await ws.outputs();
      expect(outputs.existingName).toBe("go-existing");
      expect(outputs.existingDescription).toBe("Made outside Pulumi.");
    },
    10 * MINUTE,
  );

  it(
    "destroy deletes what the program made, and leaves the collector it only read",
    async () => {
      const before = await service.inventory();
      const deleted = await service.requestsDuring(() =>
        ws.pulumi(["destroy", "--yes", "--skip-preview"]),
      );
      expect(changesOnly(deleted)).toEqual([
        "DELETE /collectors/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
        "DELETE /collectors/{id}/sources/{id} 200",
      ]);
      const after = await service.inventory();
      expect(shape(after)).toEqual({ "go-existing": ["bucket:Polling"] });
      expect(before).toHaveLength(2);
      // The service empty again for the next test: the operator removes what it made.
      await service.apiOk("DELETE", `/collectors/${after[0]?.id}`);
      expect(await service.inventory()).toEqual([]);
    },
    10 * MINUTE,
  );
});

describe("pulumi import into a Go project", () => {
  /** A Go program that declares nothing yet, on the same go.mod as the example. */
  const emptyProgram = [
    "package main",
    "",
    'import "github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error { return nil })",
    "}",
    "",
  ].join("\n");

  it(
    "writes Go that builds and previews no change, without the AWS key; destroy empties the service",
    async () => {
      const { collectorId, sourceId } = await seedCollector("go-imported");
      const dir = await goProgram("import", emptyProgram);
      // The example's Pulumi.yaml requires the setting, though this program reads nothing.
      const ws = await goWorkspace(dir, { awsKeyId: "AKIAGOE2E00000000001" });
      const file = join(ws.root, "import.json");
      writeFileSync(
        file,
        JSON.stringify({
          resources: [
            { type: "collectors:index:HostedCollector", name: "collector", id: collectorId },
            { type: "collectors:index:S3Source", name: "bucket", id: sourceId },
          ],
        }),
      );
      // Written outside the program's folder first: the import runs the program, whose package
      // must not hold a half-written file.
      const written = join(ws.root, "imported.go");
      const imported = await ws.pulumi(["import", "--file", file, "--yes", "--out", written]);
      expect(outputOf(imported)).toMatch(/2 imported/);
      const code = readFileSync(written, "utf8");
      expect(code).toContain(`"${SDK_PACKAGE}"`);
      expect(code).toContain(
        'collectors.NewHostedCollector(ctx, "collector", &collectors.HostedCollectorArgs{',
      );
      expect(code).toMatch(/\bName: +pulumi\.String\("go-imported"\),/);
      expect(code).toContain('collectors.NewS3Source(ctx, "bucket", &collectors.S3SourceArgs{');
      // The source names the imported collector, not its number.
      expect(code).toMatch(/CollectorId: +collector\.ID\(\)/);
      // The key, a secret member of the schema, written as a secret, masked.
      expect(code).toMatch(/AwsKey: +pulumi\.ToSecret\("\*{8}"\)\.\(pulumi\.StringOutput\),/);
      expect(code).toContain("pulumi.Protect(true)");
      expect(`${outputOf(imported)}${code}`).not.toContain(AWS_KEY);

      // The code is the program now: the preview builds it (a compile error fails it) and runs it.
      renameSync(written, join(dir, "main.go"));
      const mark = await service.mark();
      const preview = await ws.pulumi(["preview", "--expect-no-changes", "--diff"]);
      expect(summarize(await service.since(mark)), outputOf(preview)).toEqual([]);

      await ws.pulumi(["state", "unprotect", "--all", "--yes"]);
      const deleted = await service.requestsDuring(() =>
        ws.pulumi(["destroy", "--yes", "--skip-preview"]),
      );
      // An import records no dependency between the two, so the engine may delete them at once:
      // the collector's delete takes its sources with it, and the source's may find it gone.
      expect(changesOnly(deleted)).toEqual([
        "DELETE /collectors/{id} 200",
        expect.stringMatching(/^DELETE \/collectors\/\{id\}\/sources\/\{id\} (200|404)$/),
      ]);
      expect(await service.inventory()).toEqual([]);
    },
    10 * MINUTE,
  );
});

describe("the Go language host", () => {
  let dir: string;
  let ws: PulumiWorkspace;

  it(
    "tells pulumi about the plugin the SDK declares, the program's modules and the Go toolchain",
    async () => {
      dir = await goProgram("host");
      ws = await goWorkspace(dir, { awsKeyId: "AKIAGOE2E00000000001" });
      const about = JSON.parse((await ws.pulumi(["about", "--json"])).stdout) as {
        plugins: { name: string; kind: string; version: string }[];
        runtime: { language: string; executable: string; version: string };
        dependencies: { name: string; version: string }[];
      };
      // From GetRequiredPlugins: the pulumi-plugin.json beside the SDK's package.
      expect(about.plugins).toContainEqual({
        name: "collectors",
        kind: "resource",
        version: VERSION,
      });
      expect(about.runtime).toMatchObject({
        language: "go",
        version: expect.stringMatching(/^1\.\d+/),
      });
      expect(about.dependencies).toEqual([
        { name: SDK_MODULE, version: `v${VERSION} => ${sdk}` },
        { name: "github.com/pulumi/pulumi/sdk/v3", version: "v3.259.0" },
      ]);
    },
    10 * MINUTE,
  );

  it(
    "says what the compiler says when the program does not build, and runs the prebuilt binary the runtime option names",
    async () => {
      // Built before the source is broken, into the program's folder (the option is relative to it).
      const built = await runProcess(goCommand(), ["build", "-o", "prebuilt", "."], {
        cwd: dir,
        env: { ...process.env, ...GO_ENV },
      });
      expect(built.code, outputOf(built)).toBe(0);
      const main = join(dir, "main.go");
      const source = readFileSync(main, "utf8");
      const broken = source.replace('Category:    pulumi.String("app"),', "Category:    42,");
      expect(broken).not.toBe(source);
      writeFileSync(main, broken);
      const failed = await ws.pulumi(["preview"], { check: false });
      expect(failed.code).not.toBe(0);
      expect(outputOf(failed)).toContain(`the Go program in ${dir} does not build`);
      expect(outputOf(failed)).toMatch(/main\.go:\d+:\d+: cannot use 42/);

      const project = join(ws.dir, "Pulumi.yaml");
      writeFileSync(
        project,
        readFileSync(project, "utf8").replace(
          /^runtime: go$/m,
          "runtime:\n  name: go\n  options:\n    binary: prebuilt",
        ),
      );
      const preview = await previewJson(ws);
      expect(changes(preview)).toEqual([
        "create bucket",
        "create collector",
        "create collectors-go-dev",
        "create web",
      ]);
    },
    10 * MINUTE,
  );
});
