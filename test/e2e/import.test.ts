// `pulumi import` and `Resource.get()` on the collectors provider plugin, with the real engine
// against the local service: objects made outside Pulumi are imported into a YAML project and
// into a TypeScript project (the generated TypeScript SDK, installed from its packed tarball);
// the code each import writes is the program, and the next preview has no change; no
// credential reaches what an import writes; 20 objects import in one `pulumi import --file`;
// `HostedCollector.get()` reads an existing collector. The import commands and their output
// are in docs/reference/plugin.md.
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSdkgen, generateSdks, packTypeScriptSdk } from "../../scripts/build/sdks";
import { runProcess } from "../../scripts/toolchain/pulumi-workspace";
import { installPlugin } from "../helpers/plugin";
import {
  outputOf,
  type PulumiWorkspace,
  ROOT,
  Service,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";

const MINUTE = 60_000;
const AWS_KEY = "aws-import-secret-key-000000000000000000000000000001";

let service: Service;
/** Where the programs live, with a node_modules of their own (outside the repository). */
let root: string;
/** Where the SDK is generated and compiled: inside the repository, as packTypeScriptSdk needs. */
let build: string;
const workspaces: PulumiWorkspace[] = [];

/** A Hosted Collector with an S3 source holding an AWS key, made by another user. */
const seedCollector = (name: string) =>
  service.seedS3Collector(name, { awsId: "AKIAIMPORT0000000001", awsKey: AWS_KEY });

/** A program folder under `root` holding its Pulumi.yaml and files. */
function programDir(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

async function pluginWorkspace(program: string): Promise<PulumiWorkspace> {
  const ws = await workspaceFor(service, program);
  workspaces.push(ws);
  await installPlugin(ws);
  return ws;
}

/**
 * `pulumi import <args> --yes --out <file>`: the command's output and the code it wrote. The
 * code goes to a file of its own first: the command makes the file before it runs the program,
 * which must not read it half made (the YAML host reads Main.yaml, the Node.js host index.ts).
 */
async function importInto(ws: PulumiWorkspace, file: string, args: string[]) {
  const written = join(ws.root, "imported.out");
  const result = await ws.pulumi(["import", ...args, "--yes", "--out", written]);
  renameSync(written, file);
  return { output: outputOf(result), code: readFileSync(file, "utf8") };
}

async function expectNoChanges(ws: PulumiWorkspace): Promise<void> {
  const mark = await service.mark();
  await ws.pulumi(["preview", "--expect-no-changes", "--diff"]);
  expect(summarize(await service.since(mark))).toEqual([]);
}

beforeAll(async () => {
  service = await Service.start();
  root = mkdtempSync(join(tmpdir(), "collectors-import-e2e-"));
  // The TypeScript SDK, generated from the plugin's schema and installed from its tarball the
  // way a user installs it (its one dependency, @pulumi/pulumi, is a peer: the program's).
  mkdirSync(join(ROOT, "node_modules", ".cache"), { recursive: true });
  build = mkdtempSync(join(ROOT, "node_modules", ".cache", "import-e2e-sdk-"));
  const sdkgen = await buildSdkgen(join(build, "sdkgen"));
  await generateSdks(sdkgen, join(ROOT, "dist", "plugin", "schema.json"), join(build, "sdk"));
  const tarball = await packTypeScriptSdk(join(build, "sdk", "nodejs"), build);
  writeFileSync(join(root, "package.json"), '{ "name": "import-e2e", "private": true }\n');
  execFileSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--legacy-peer-deps", "--offline", tarball],
    { cwd: root, stdio: "pipe" },
  );
  // The program's own @pulumi/pulumi and @types/node: the repository's, linked (one copy).
  for (const name of ["@pulumi/pulumi", "@types/node"]) {
    mkdirSync(join(root, "node_modules", dirname(name)), { recursive: true });
    symlinkSync(join(ROOT, "node_modules", name), join(root, "node_modules", name));
  }
}, 10 * MINUTE);

afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  await service?.close();
  for (const dir of [root, build]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("pulumi import into a YAML project", () => {
  it(
    "imports a collector, then a source by <collectorId>/<sourceId>, without its key, and previews no change",
    async () => {
      const { collector, sourceId } = await seedCollector("yaml-imported");
      const ws = await pluginWorkspace(
        programDir("yaml", { "Pulumi.yaml": "name: imported-yaml\nruntime: yaml\n" }),
      );
      const main = join(ws.dir, "Main.yaml");
      const first = await importInto(ws, main, [
        "collectors:index:HostedCollector",
        "collector",
        String(collector.id),
      ]);
      expect(first.output).toMatch(/= .*collectors:index:HostedCollector\s+collector\s+imported/);
      expect(first.code).toMatch(/type: collectors:(index:)?HostedCollector\n/);
      expect(first.code).toContain("name: yaml-imported");
      expect(first.code).toContain("description: Made outside Pulumi.");
      await expectNoChanges(ws);

      const second = await importInto(ws, join(ws.dir, "source.yaml"), [
        "collectors:index:S3Source",
        "bucket",
        sourceId,
      ]);
      expect(second.code).toMatch(/type: collectors:(index:)?S3Source\n/);
      expect(second.code).toMatch(new RegExp(`collectorId: ["']${collector.id}["']\n`));
      // The key, a secret member of the schema, written as a secret, masked.
      expect(second.code).toMatch(/awsKey:\n\s+fn::secret: '\*{8}'\n/);
      expect(`${second.output}${second.code}`).not.toContain(AWS_KEY);
      // The source's resources after the collector's, in one program.
      writeFileSync(
        main,
        `${first.code.trimEnd()}\n${second.code.replace(/^resources:\n/, "").trimEnd()}\n`,
      );
      await expectNoChanges(ws);
      expect((await ws.pulumi(["stack", "export"])).stdout).not.toContain(AWS_KEY);
    },
    10 * MINUTE,
  );

  it(
    "imports 20 objects in one pulumi import --file, and previews no change",
    async () => {
      const resources: { type: string; name: string; id: string }[] = [];
      for (let c = 1; c <= 4; c++) {
        const collector = (
          await service.apiOk("POST", "/collectors", {
            collector: { collectorType: "Hosted", name: `fleet-${c}` },
          })
        ).json.collector as { id: number };
        resources.push({
          type: "collectors:index:HostedCollector",
          name: `fleet${c}`,
          id: String(collector.id),
        });
        for (let s = 1; s <= 4; s++) {
          const source = (
            await service.apiOk("POST", `/collectors/${collector.id}/sources`, {
              source: { sourceType: "HTTP", name: `web-${s}`, category: `fleet/${c}/${s}` },
            })
          ).json.source as { id: number };
          resources.push({
            type: "collectors:index:HttpSource",
            name: `fleet${c}Web${s}`,
            id: `${collector.id}/${source.id}`,
          });
        }
      }
      expect(resources).toHaveLength(20);
      const ws = await pluginWorkspace(
        programDir("yaml-fleet", { "Pulumi.yaml": "name: imported-fleet\nruntime: yaml\n" }),
      );
      const file = join(ws.dir, "import.json");
      writeFileSync(file, JSON.stringify({ resources }, null, 2));
      const imported = await importInto(ws, join(ws.dir, "Main.yaml"), ["--file", file]);
      expect(imported.output).toMatch(/20 imported/);
      expect(imported.code.match(/type: collectors:/g)).toHaveLength(20);
      // A source's collectorId names the imported collector, not a number.
      expect(imported.code.match(/collectorId: \$\{fleet\d\.id\}/g)).toHaveLength(16);
      await expectNoChanges(ws);
    },
    10 * MINUTE,
  );
});

describe("the generated TypeScript SDK", () => {
  const tsconfig = `${JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        target: "es2022",
        module: "commonjs",
        moduleResolution: "node",
        skipLibCheck: true,
      },
    },
    null,
    2,
  )}\n`;
  const typescriptProgram = (name: string, index: string) =>
    programDir(name, {
      "Pulumi.yaml": `name: ${name}\nruntime: nodejs\nmain: index.ts\n`,
      "tsconfig.json": tsconfig,
      "index.ts": index,
    });

  it(
    "pulumi import writes TypeScript that compiles and previews no change",
    async () => {
      const { collector, sourceId } = await seedCollector("ts-imported");
      const dir = typescriptProgram("ts-import", "export {};\n");
      const ws = await pluginWorkspace(dir);
      const first = await importInto(ws, join(dir, "index.ts"), [
        "collectors:index:HostedCollector",
        "collector",
        String(collector.id),
      ]);
      expect(first.code).toContain('import * as collectors from "@pulumi-collectors/collectors";');
      expect(first.code).toContain('new collectors.HostedCollector("collector", {');
      expect(first.code).toContain('name: "ts-imported"');
      await expectNoChanges(ws);

      const second = await importInto(ws, join(root, "source.ts"), [
        "collectors:index:S3Source",
        "bucket",
        sourceId,
      ]);
      expect(second.code).toContain('awsKey: pulumi.secret("********")');
      expect(`${second.output}${second.code}`).not.toContain(AWS_KEY);
      const body = second.code
        .split("\n")
        .filter((line) => !line.startsWith("import "))
        .join("\n");
      writeFileSync(join(dir, "index.ts"), `${first.code.trimEnd()}\n${body}`);
      // Type-checked as written (strict), as well as run by the preview.
      const tsc = await runProcess(
        process.execPath,
        [require.resolve("typescript/bin/tsc"), "--noEmit", "-p", dir],
        { cwd: dir, env: process.env, timeoutMs: 5 * MINUTE },
      );
      expect(tsc.code, `${tsc.stdout}${tsc.stderr}`).toBe(0);
      await expectNoChanges(ws);
    },
    10 * MINUTE,
  );

  it(
    "HostedCollector.get() reads an existing collector by its id",
    async () => {
      const { collector } = await seedCollector("ts-got");
      const ws = await pluginWorkspace(
        typescriptProgram(
          "ts-get",
          [
            'import * as pulumi from "@pulumi/pulumi";',
            'import * as collectors from "@pulumi-collectors/collectors";',
            "",
            'const id = new pulumi.Config().require("collectorId");',
            'const existing = collectors.HostedCollector.get("existing", id);',
            "export const name = existing.name;",
            "export const description = existing.description;",
            "export const collectorType = existing.collectorType;",
            "",
          ].join("\n"),
        ),
      );
      await ws.setConfig("collectorId", String(collector.id));
      const mark = await service.mark();
      await ws.pulumi(["up", "--yes", "--skip-preview"]);
      expect(summarize(await service.since(mark)).filter((r) => !r.startsWith("GET"))).toEqual([]);
      expect(await ws.outputs()).toEqual({
        name: "ts-got",
        description: "Made outside Pulumi.",
        collectorType: "Hosted",
      });
    },
    10 * MINUTE,
  );
});
