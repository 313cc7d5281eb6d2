import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tarballName } from "../../scripts/build/plugin";
import { PLUGIN } from "../../scripts/release/platforms";
import { installPlugin } from "../helpers/plugin";
import {
  outputOf,
  type PulumiWorkspace,
  previewJson,
  ROOT,
  Service,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";
import { type StaticServer, serveFolder } from "../helpers/static-server";

const MINUTE = 60_000;
const PLUGIN_DIR = join(ROOT, "dist", "plugin");
/** The plugin's executable, as `pulumi package add <path>` takes it (a folder is refused). */
const PLUGIN_BIN = join(PLUGIN_DIR, "bin", PLUGIN);
const SCHEMA = JSON.parse(readFileSync(join(PLUGIN_DIR, "schema.json"), "utf8")) as {
  version: string;
  pluginDownloadURL: string;
};
const VERSION = SCHEMA.version;
/** The plugin's bundle: the provider and its dependencies, in one file (build-plugin.ts). */
const BUNDLE = `${PLUGIN_BIN}.js`;
const NPM_NAME = "@pulumi-collectors/collectors";

/** The versions of the repository's own devDependencies, for the TypeScript program's. */
const ROOT_DEVS = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  }
).devDependencies;

/**
 * npm as the language host runs it: from its cache first (the repository's `npm ci` filled it;
 * what the generated SDK adds, typescript 4.x and @types/node 20, is fetched once), quietly.
 */
const NPM_ENV = {
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};

let service: Service;
let server: StaticServer;
/** The plugin server's URL: dist/plugin/ over HTTP, as a release's download URL serves it. */
let serverUrl: string;
let programs: string;
const workspaces: PulumiWorkspace[] = [];

beforeAll(async () => {
  service = await Service.start();
  programs = mkdtempSync(join(tmpdir(), "collectors-package-add-"));
  server = await serveFolder(PLUGIN_DIR);
  serverUrl = server.url.replace(/\/$/, "");
}, MINUTE);

afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  await server?.close();
  await service?.close();
  if (programs) rmSync(programs, { recursive: true, force: true });
});

/** A workspace whose project folder holds `files` (Pulumi.yaml among them) and nothing else. */
async function projectWith(name: string, files: Record<string, string>): Promise<PulumiWorkspace> {
  const program = join(programs, name);
  // PulumiWorkspace copies a YAML project's Pulumi.yaml, and points a Node.js one's `main` at the
  // program's folder; `package add` works on the project's own folder (the SDK goes to
  // <project>/sdks, the dependency into <project>/package.json), so the program lives there.
  mkdirSync(program, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(program, file), text);
  const ws = await workspaceFor(service, program, { env: NPM_ENV });
  workspaces.push(ws);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(ws.dir, file), text);
  return ws;
}

const read = (ws: PulumiWorkspace, file: string) => readFileSync(join(ws.dir, file), "utf8");

/** Every file under a folder, relative to it, sorted; node_modules and bin left out. */
function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "bin") continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(dir, path));
    }
  };
  walk(dir);
  return found.sort();
}

/** `pulumi package add <args>`: its output. */
async function packageAdd(ws: PulumiWorkspace, args: string[]): Promise<string> {
  const result = await ws.pulumi(["package", "add", ...args]);
  const output = outputOf(result);
  expect(output).toContain("Added package Collectors");
  return output;
}

/** `up` then `destroy`: the collector the program makes is on the service, then gone. */
async function upAndDestroy(ws: PulumiWorkspace): Promise<void> {
  const mark = await service.mark();
  await ws.pulumi(["up", "--yes", "--skip-preview"]);
  const { collectorName } = (await ws.outputs()) as { collectorName: string };
  expect(collectorName).toMatch(/^collector-[0-9a-f]{7}$/);
  expect(summarize(await service.since(mark)).filter((r) => !r.startsWith("GET"))).toEqual([
    "POST /collectors 201",
  ]);
  const names = async () => (await service.inventory()).map((c) => c.name);
  expect(await names()).toContain(collectorName);
  await ws.pulumi(["destroy", "--yes", "--skip-preview"]);
  expect(await names()).not.toContain(collectorName);
}

/**
 * The schema the build wrote into the bundle (PACKAGE_SCHEMA, scripts/build/plugin.ts): a string
 * literal of its JSON, found by its start (the schema's first member), read back as JavaScript
 * whatever quotes and escapes the minifier chose. Where it is, to write another in its place.
 */
function embeddedSchema(bundle: string): { start: number; end: number; schema: unknown } {
  const start = bundle.search(/['"`]\{\\?"name\\?":\\?"collectors\\?"/);
  expect(start, "a string literal of the package schema's JSON in the bundle").toBeGreaterThan(-1);
  const quote = bundle[start];
  let end = start + 1;
  while (end < bundle.length && bundle[end] !== quote) end += bundle[end] === "\\" ? 2 : 1;
  const text = runInNewContext(bundle.slice(start, end + 1)) as string;
  return { start, end: end + 1, schema: JSON.parse(text) };
}

/** `pulumi package get-schema <plugin>`: the schema the plugin served, and the engine's log. */
async function servedSchemaOf(ws: PulumiWorkspace, plugin: string) {
  const result = await ws.pulumi(["package", "get-schema", plugin, "--logtostderr", "-v=7"]);
  return { schema: JSON.parse(result.stdout) as Record<string, unknown>, stderr: result.stderr };
}

/** The `packages:` entry `pulumi package add` writes for a plugin given by path. */
const BY_PATH_ENTRY = `packages:\n  collectors: collectors@${VERSION}\n`;
/** … and for `collectors@<version> --server <url>`. */
const byServerEntry = () =>
  `packages:\n  collectors:\n    source: collectors\n    version: ${VERSION}\n` +
  `    pluginDownloadURL: ${serverUrl}\n`;

describe("the plugin, as pulumi package commands start it", () => {
  it(
    "serves its schema to pulumi package get-schema, the engine falling back from Handshake",
    async () => {
      const ws = await projectWith("get-schema", {
        "Pulumi.yaml": "name: get-schema\nruntime: yaml\n",
      });
      const { schema, stderr } = await servedSchemaOf(ws, PLUGIN_BIN);
      expect([schema.name, schema.version]).toEqual(["collectors", VERSION]);
      // The bundle serves the schema the build wrote into it, the one the SDKs are made from: as
      // the engine reads each (it drops empty lists), the plugin's and dist/plugin/schema.json.
      const file = await ws.pulumi(["package", "get-schema", join(PLUGIN_DIR, "schema.json")]);
      expect(schema).toEqual(JSON.parse(file.stdout));
      // The plugin leaves Handshake to grpc-js's UNIMPLEMENTED; the engine then starts it the
      // way it did before Handshake existed (pkg/resource/plugin/provider_plugin.go).
      expect(stderr).toContain(`Handshake: not supported by '${PLUGIN_BIN}'`);
    },
    5 * MINUTE,
  );

  it(
    "serves the schema the build wrote into its bundle, never one made at its start",
    async () => {
      const bundle = readFileSync(BUNDLE, "utf8");
      const written = embeddedSchema(bundle);
      // What the build wrote is dist/plugin/schema.json, the SDKs' schema.
      expect(written.schema, "the bundle's schema").toEqual(
        JSON.parse(readFileSync(join(PLUGIN_DIR, "schema.json"), "utf8")),
      );
      // A copy of the plugin whose bundle holds another schema serves that one: the plugin reads
      // the schema written in, and makes none of its own (servedSchema, provider/plugin/schema.ts).
      const copy = join(programs, "written-schema", "bin");
      cpSync(join(PLUGIN_DIR, "bin"), copy, { recursive: true });
      const description = "The schema written into this copy of the bundle.";
      const other = JSON.stringify({ ...(written.schema as object), description });
      writeFileSync(
        join(copy, `${PLUGIN}.js`),
        bundle.slice(0, written.start) + JSON.stringify(other) + bundle.slice(written.end),
      );
      const ws = await projectWith("written-schema", {
        "Pulumi.yaml": "name: written-schema\nruntime: yaml\n",
      });
      const { schema } = await servedSchemaOf(ws, join(copy, PLUGIN));
      expect([schema.name, schema.version]).toEqual(["collectors", VERSION]);
      expect(schema.description, "the description the copy's bundle holds").toBe(description);
    },
    5 * MINUTE,
  );
});

describe("pulumi package add in a YAML project", () => {
  const yamlProject = (name: string) =>
    projectWith(name, {
      "Pulumi.yaml": [
        `name: ${name}`,
        "runtime: yaml",
        "resources:",
        "  collector:",
        "    type: collectors:HostedCollector",
        "    properties:",
        "      description: Added by pulumi package add.",
        "outputs:",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pulumi YAML interpolation
        "  collectorName: ${collector.name}",
        "",
      ].join("\n"),
    });
  /** The one file the YAML host generates: a lock of the package's name, version and server. */
  const lockFile = (downloadUrl: string) =>
    `packageDeclarationVersion: 1\nname: collectors\nversion: ${VERSION}\n` +
    `downloadUrl: ${downloadUrl}\n`;

  it(
    "by path: writes sdks/collectors and the packages entry; with the plugin installed, the program runs",
    async () => {
      const ws = await yamlProject("yaml-by-path");
      const before = read(ws, "Pulumi.yaml");
      await packageAdd(ws, [PLUGIN_BIN]);
      expect(read(ws, "Pulumi.yaml")).toBe(`${before}${BY_PATH_ENTRY}`);
      expect(filesUnder(join(ws.dir, "sdks"))).toEqual([`collectors/collectors-${VERSION}.yaml`]);
      expect(read(ws, `sdks/collectors/collectors-${VERSION}.yaml`)).toBe(
        lockFile(SCHEMA.pluginDownloadURL),
      );
      // A plugin given by path is run from there, not installed; the entry names it by version.
      await installPlugin(ws);
      await upAndDestroy(ws);
    },
    10 * MINUTE,
  );

  it(
    "with --server: downloads the archive from the server, installs it, and the program runs",
    async () => {
      const ws = await yamlProject("yaml-server");
      const before = read(ws, "Pulumi.yaml");
      const mark = server.requests.length;
      await packageAdd(ws, [`collectors@${VERSION}`, "--server", serverUrl]);
      expect(server.requests.slice(mark)).toEqual([`/${tarballName()}`]);
      expect(read(ws, "Pulumi.yaml")).toBe(`${before}${byServerEntry()}`);
      expect(read(ws, `sdks/collectors/collectors-${VERSION}.yaml`)).toBe(lockFile(serverUrl));
      await upAndDestroy(ws);
    },
    10 * MINUTE,
  );
});

describe("pulumi package add in a TypeScript project (our Node.js language host)", () => {
  const INDEX = [
    `import * as collectors from "${NPM_NAME}";`,
    "",
    'const collector = new collectors.HostedCollector("collector", {',
    '    description: "Added by pulumi package add.",',
    "});",
    "export const collectorName = collector.name;",
    "",
  ].join("\n");
  const manifest = (name: string, dependencies: Record<string, string> = {}) =>
    `${JSON.stringify(
      {
        name,
        private: true,
        main: "index.ts",
        dependencies: { "@pulumi/pulumi": ROOT_DEVS["@pulumi/pulumi"], ...dependencies },
        devDependencies: {
          "@types/node": ROOT_DEVS["@types/node"],
          typescript: ROOT_DEVS.typescript,
        },
      },
      null,
      4,
    )}\n`;
  const tsProject = (name: string) =>
    projectWith(name, {
      "Pulumi.yaml": `name: ${name}\nruntime: nodejs\n`,
      "package.json": manifest(name),
      "tsconfig.json": `${JSON.stringify({
        compilerOptions: {
          strict: true,
          target: "es2022",
          module: "commonjs",
          moduleResolution: "node",
          skipLibCheck: true,
        },
      })}\n`,
      "index.ts": INDEX,
    });

  /** What every TypeScript `package add` leaves in the project, the SDK naming `server`. */
  function expectLinked(ws: PulumiWorkspace, name: string, output: string, server: string) {
    expect(output).toContain(`import * as collectors from "${NPM_NAME}";`);
    // The one dependency added, last; the file's order and 4-space indentation kept.
    expect(read(ws, "package.json")).toBe(manifest(name, { [NPM_NAME]: "file:sdks/collectors" }));
    const sdk = JSON.parse(read(ws, "sdks/collectors/package.json")) as Record<string, unknown>;
    expect(sdk).toMatchObject({
      name: NPM_NAME,
      version: VERSION,
      main: "bin/index.js",
      scripts: { build: "tsc", postinstall: "node ./scripts/postinstall.js" },
      peerDependencies: { "@pulumi/pulumi": expect.any(String) },
      pulumi: { resource: true, name: "collectors", version: VERSION, server },
    });
    const files = filesUnder(join(ws.dir, "sdks", "collectors"));
    expect(files).toEqual(
      expect.arrayContaining(["index.ts", "hostedCollector.ts", "scripts/postinstall.js"]),
    );
    // npm linked the folder and ran its postinstall, which compiled it.
    const linked = join(ws.dir, "node_modules", NPM_NAME);
    expect(lstatSync(linked).isSymbolicLink()).toBe(true);
    expect(realpathSync(linked)).toBe(realpathSync(join(ws.dir, "sdks", "collectors")));
    expect(existsSync(join(ws.dir, "sdks", "collectors", "bin", "index.js"))).toBe(true);
    // One @pulumi/pulumi: the program's (the SDK peers on it).
    expect(
      existsSync(join(ws.dir, "sdks", "collectors", "node_modules", "@pulumi", "pulumi")),
    ).toBe(false);
  }

  it(
    "by path: generates the SDK, adds it to package.json, installs it; with the plugin installed, the program previews",
    async () => {
      const ws = await tsProject("ts-by-path");
      const output = await packageAdd(ws, [PLUGIN_BIN]);
      expect(read(ws, "Pulumi.yaml")).toBe(`name: ts-by-path\nruntime: nodejs\n${BY_PATH_ENTRY}`);
      expectLinked(ws, "ts-by-path", output, SCHEMA.pluginDownloadURL);
      await installPlugin(ws);
      const preview = await previewJson(ws);
      expect(preview.steps.map((s) => `${s.op} ${s.type}`)).toContain(
        "create collectors:index:HostedCollector",
      );
    },
    10 * MINUTE,
  );

  it(
    "with --server: the SDK names the server, and the program runs up and destroy",
    async () => {
      const ws = await tsProject("ts-server");
      const mark = server.requests.length;
      const output = await packageAdd(ws, [`collectors@${VERSION}`, "--server", serverUrl]);
      expect(server.requests.slice(mark)).toEqual([`/${tarballName()}`]);
      expect(read(ws, "Pulumi.yaml")).toBe(`name: ts-server\nruntime: nodejs\n${byServerEntry()}`);
      expectLinked(ws, "ts-server", output, serverUrl);
      await upAndDestroy(ws);
    },
    10 * MINUTE,
  );
});
