// Every reference page's example runs: the examples (provider/plugin/examples.json, rendered from
// docs/reference/programs/ by `npm run docs:reference`) joined into one program per language that
// runs here (test/helpers/reference-programs.ts) and previewed once with the real engine against
// the local service: Pulumi YAML and TypeScript on the plugin, TypeScript on this package's
// classes (the resources' TypeScript rendering with its import pointed at pulumi-collectors), and
// Go on the plugin. Each preview must plan a create for every resource the programs declare, and
// fail on any error: a function example's invoke runs in the preview when its arguments are
// known, against what the service holds (set up below: an offline collector). The TypeScript programs are
// type-checked too (the engine only transpiles them).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSdkgen, generateSdks, goCommand, packTypeScriptSdk } from "../../scripts/build-sdks";
import { runOrFail } from "../../scripts/pulumi-workspace";
import { GO_ENV, useGeneratedSdk } from "../helpers/go";
import { installPlugin } from "../helpers/plugin";
import { type PulumiWorkspace, previewJson, ROOT, Service, workspaceFor } from "../helpers/pulumi";
import {
  adoptedInstalledNames,
  configKeys,
  declaredResources,
  goProgram,
  typescriptProgram,
  yamlProgram,
} from "../helpers/reference-programs";
import { userProject } from "../helpers/user-project";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RESOURCES = declaredResources();

let service: Service;
/** The user's project: pulumi-collectors packed, the TypeScript SDK installed, the programs. */
let app: string;
/** Where the SDKs are generated and compiled: inside the repository, as packTypeScriptSdk needs. */
let build: string;
const workspaces: PulumiWorkspace[] = [];

function programDir(name: string, files: Record<string, string>): string {
  const dir = join(app, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

/** A stack on the program with every credential the examples read set to a made-up secret. */
async function workspace(dir: string, plugin: boolean, env: Record<string, string> = {}) {
  const secrets = Object.fromEntries(configKeys().map((key) => [key, `made-up-${key}`]));
  const ws = await workspaceFor(service, dir, { secrets, env });
  workspaces.push(ws);
  if (plugin) await installPlugin(ws);
  return ws;
}

/**
 * Previews, and expects a create for every declared resource, by logical name (`resources`: the
 * classes' program holds the resources' examples only, not the functions').
 */
async function expectEveryResourcePlanned(
  ws: PulumiWorkspace,
  resources: Record<string, string> = RESOURCES,
): Promise<void> {
  const preview = await previewJson(ws);
  const created = preview.steps.filter((s) => s.op === "create").map((s) => s.name);
  expect(created.sort()).toEqual(expect.arrayContaining(Object.keys(resources).sort()));
  expect(Object.keys(resources).length).toBeGreaterThanOrEqual(38);
}

function typecheck(dir: string): void {
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "--noEmit", "-p", dir], {
    stdio: "pipe",
  });
}

const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      strict: true,
      target: "ES2022",
      module: "node16",
      moduleResolution: "node16",
      skipLibCheck: true,
      types: ["node"],
    },
    files: ["index.ts"],
  },
  null,
  2,
)}\n`;

beforeAll(async () => {
  service = await Service.start();
  // getOfflineCollectors' example lists the collectors silent for more than 30 days: one
  // registered 31 days before the others, which are alive (and, on an old build, upgradable).
  await service.registerInstalled({ name: "offline-db-01" });
  await service.control("/clock", "POST", { advanceMs: 31 * DAY });
  for (const name of adoptedInstalledNames()) await service.registerInstalled({ name });
  app = await userProject("collectors-reference-");
  mkdirSync(join(ROOT, "node_modules", ".cache"), { recursive: true });
  build = mkdtempSync(join(ROOT, "node_modules", ".cache", "reference-e2e-sdk-"));
  const sdkgen = await buildSdkgen(join(build, "sdkgen"));
  await generateSdks(sdkgen, join(ROOT, "dist", "plugin", "schema.json"), join(build, "sdk"));
  const tarball = await packTypeScriptSdk(join(build, "sdk", "nodejs"), build);
  const installed = join(app, "node_modules", "@pulumi-collectors", "collectors");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
}, 10 * MINUTE);

afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  await service?.close();
  for (const dir of [app, build]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the reference pages' examples", () => {
  it(
    "Pulumi YAML on the plugin: previews a create of every resource",
    async () => {
      const dir = programDir("yaml", { "Pulumi.yaml": yamlProgram("reference-yaml") });
      await expectEveryResourcePlanned(await workspace(dir, true));
    },
    10 * MINUTE,
  );

  it(
    "TypeScript on the plugin's SDK: type-checks and previews a create of every resource",
    async () => {
      const dir = programDir("typescript-sdk", {
        "Pulumi.yaml": "name: reference-typescript-sdk\nruntime: nodejs\n",
        "index.ts": typescriptProgram(),
        "tsconfig.json": TSCONFIG,
      });
      typecheck(dir);
      await expectEveryResourcePlanned(await workspace(dir, true));
    },
    10 * MINUTE,
  );

  it(
    "TypeScript on the package's classes: type-checks and previews a create of every resource",
    async () => {
      const dir = programDir("typescript-classes", {
        "Pulumi.yaml": "name: reference-typescript-classes\nruntime: nodejs\n",
        "index.ts": typescriptProgram("pulumi-collectors"),
        "tsconfig.json": TSCONFIG,
      });
      typecheck(dir);
      await expectEveryResourcePlanned(await workspace(dir, false), declaredResources(true));
    },
    10 * MINUTE,
  );

  it(
    "Go on the plugin's SDK: builds and previews a create of every resource",
    async () => {
      const sdk = join(build, "sdk", "go");
      const dir = programDir("go", {
        "Pulumi.yaml": "name: reference-go\nruntime: go\n",
        "main.go": goProgram(),
      });
      for (const file of ["go.mod", "go.sum"])
        copyFileSync(join(ROOT, "examples", "go", file), join(dir, file));
      await useGeneratedSdk(dir, sdk);
      await runOrFail(goCommand(), ["vet", "."], dir, { ...process.env, ...GO_ENV });
      await expectEveryResourcePlanned(await workspace(dir, true, GO_ENV));
    },
    10 * MINUTE,
  );
});
