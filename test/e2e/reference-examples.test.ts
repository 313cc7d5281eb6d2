// Every reference page's example runs: the examples (provider/plugin/examples.json, rendered from
// docs/reference/programs/ by `npm run docs:reference`) joined into one program per language
// (test/helpers/reference-programs.ts) and previewed once with the real engine against the local
// service: Pulumi YAML, TypeScript (on the plugin's SDK and, in the same program, on this
// package's classes: the resources' TypeScript rendering with the classes as `collectors`), Go
// and Python on the plugin. So four engine runs preview every example, and one more the Python
// programs of the other pages (docs-python.ts), each in a stack of its own. Each preview must plan
// a create for every resource the programs declare, and fail on any error: a function example's
// invoke runs in the preview when its arguments are known, against what the service holds (set up
// below: an offline collector). The TypeScript program is type-checked too (the engine only
// transpiles it) and the Go one vetted. A failure names the pages and blocks it comes from.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS } from "../../provider/resources/steps/settings";
import { buildSdkgen, generateSdks, goCommand, packTypeScriptSdk } from "../../scripts/build/sdks";
import { runOrFail } from "../../scripts/toolchain/pulumi-workspace";
import { docsPythonPrograms } from "../helpers/docs-python";
import { GO_ENV, useGeneratedSdk } from "../helpers/go";
import { installPlugin } from "../helpers/plugin";
import {
  CommandFailed,
  PULUMI_USER,
  type PulumiWorkspace,
  previewJson,
  ROOT,
  Service,
  workspaceFor,
} from "../helpers/pulumi";
import { sharedPythonEnv } from "../helpers/python";
import {
  adoptedInstalledNames,
  blame,
  configKeys,
  declaredResources,
  goProgram,
  lookedUpTemplateNames,
  otCollectorNames,
  pageOf,
  pythonProgram,
  typescriptProgram,
  yamlProgram,
} from "../helpers/reference-programs";
import { userProject } from "../helpers/user-project";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What a preview must create: `<type>::<name>`, each with the page that declares it. */
type Planned = Record<string, string>;

/** The resources the programs declare, on the plugin (or as the package's classes). */
function planned(classes = false): Planned {
  return Object.fromEntries(
    Object.entries(declaredResources(classes)).map(([name, type]) => {
      const kind = type.split(":").at(-1) as string;
      const token = classes ? `pulumi-nodejs:dynamic/collectors:${kind}` : type;
      return [`${token}::${name}`, pageOf(kind)];
    }),
  );
}

let service: Service;
/** The user's project: pulumi-collectors packed, the TypeScript SDK installed, the programs. */
let app: string;
/** Where the SDKs are generated and compiled: inside the repository, as packTypeScriptSdk needs. */
let build: string;
/** The Python virtual environment every Python program runs in (npm run python-env's). */
let venv: string;
const workspaces: PulumiWorkspace[] = [];

function programDir(name: string, files: Record<string, string>): string {
  const dir = join(app, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

/**
 * A stack on the program: the service's account from the COLLECTORS_* variables the provider
 * reads, and every credential the examples read set to a made-up secret in one `config set-all`
 * (one command per key took about 1.6 s each, 17 of them per stack).
 */
async function workspace(dir: string, plugin: boolean, env: Record<string, string> = {}) {
  const account = {
    [SETTINGS.accessId.env]: PULUMI_USER.accessId,
    [SETTINGS.accessKey.env]: PULUMI_USER.accessKey,
    [SETTINGS.endpoint.env]: service.url,
  };
  const ws = await workspaceFor(service, dir, { connect: false, env: { ...account, ...env } });
  workspaces.push(ws);
  const made = configKeys().flatMap((key) => ["--secret", `${key}=made-up-${key}`]);
  await ws.pulumi(["config", "set-all", ...made]);
  if (plugin) await installPlugin(ws);
  return ws;
}

/**
 * What a failure says: of a `pulumi preview --json`, its errors (their resource and message) and
 * stderr, not the steps, which name every resource; else its message.
 */
function failureText(error: unknown): string {
  if (!(error instanceof CommandFailed))
    return error instanceof Error ? error.message : String(error);
  try {
    const { diagnostics = [] } = JSON.parse(error.result.stdout) as {
      diagnostics?: { urn?: string; message?: string; severity?: string }[];
    };
    const errors = diagnostics.filter((d) => d.severity === "error");
    return [...errors.map((d) => `${d.urn ?? ""} ${d.message ?? ""}`), error.result.stderr].join(
      "\n",
    );
  } catch {
    return error.message;
  }
}

/** An error that names the pages and blocks a failure in `program` comes from. */
function blamed(error: unknown, program: string, language: string): Error {
  const text = error instanceof Error ? error.message : String(error);
  const from = blame(failureText(error), program, language);
  const pages = from.length > 0 ? `in ${from.join("; ")}:\n` : "";
  return new Error(`${pages}${text}`, { cause: error });
}

/** Runs a step of `program`'s check; its failure names the pages and blocks it comes from. */
async function checking<T>(
  program: string,
  language: string,
  step: () => T | Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw blamed(error, program, language);
  }
}

/** Previews, and expects a create of every resource of `resources`. */
async function expectEveryResourcePlanned(
  ws: PulumiWorkspace,
  resources: Planned,
  program: string,
  language: string,
): Promise<void> {
  const preview = await checking(program, language, () => previewJson(ws));
  const created = new Set(
    preview.steps.filter((s) => s.op === "create").map((s) => `${s.type}::${s.name}`),
  );
  const missing = Object.entries(resources)
    .filter(([resource]) => !created.has(resource))
    .map(([resource, page]) => `${resource} (${page}, its ${language} block)`);
  expect(missing, "resources the preview does not create").toEqual([]);
  expect(Object.keys(resources).length).toBeGreaterThanOrEqual(38);
}

function typecheck(dir: string): void {
  try {
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "--noEmit", "-p", dir], {
      stdio: "pipe",
    });
  } catch (error) {
    const { stdout } = error as { stdout?: Buffer };
    throw new Error(`tsc: ${String(stdout ?? "")}`, { cause: error });
  }
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

/** A Python project's Pulumi.yaml: its program __main__.py, run in the shared environment. */
const pythonProject = (name: string) =>
  `name: ${name}\nmain: __main__.py\nruntime:\n  name: python\n  options:\n    virtualenv: ${venv}\n`;

beforeAll(async () => {
  service = await Service.start();
  // getOfflineCollectors' example lists the collectors silent for more than 30 days: one
  // registered 31 days before the others, which are alive (and, on an old build, upgradable).
  await service.registerInstalled({ name: "offline-db-01" });
  await service.control("/clock", "POST", { advanceMs: 31 * DAY });
  for (const name of adoptedInstalledNames()) await service.registerInstalled({ name });
  for (const name of otCollectorNames()) {
    await service.registerOt({ name, tags: { team: "web", env: "prod" } });
  }
  for (const name of lookedUpTemplateNames()) {
    await service.apiOk("POST", "/sourceTemplates", {
      schemaRef: { type: "Apache" },
      inputJson: { name, receivers: { apache: { receiverType: "filelog" } } },
    });
  }
  app = await userProject("collectors-reference-");
  mkdirSync(join(ROOT, "node_modules", ".cache"), { recursive: true });
  build = mkdtempSync(join(ROOT, "node_modules", ".cache", "reference-e2e-sdk-"));
  const sdkgen = await buildSdkgen(join(build, "sdkgen"));
  // Python's SDK is the shared environment's wheel (test/helpers/python.ts), made once for all
  // the Python tests.
  await generateSdks(sdkgen, join(ROOT, "dist", "plugin", "schema.json"), join(build, "sdk"), [
    "nodejs",
    "go",
  ]);
  // The TypeScript SDK's compile and the Python environment's wheel, at the same time.
  const [tarball, python] = await Promise.all([
    packTypeScriptSdk(join(build, "sdk", "nodejs"), build),
    sharedPythonEnv(),
  ]);
  venv = python.dir;
  const installed = join(app, "node_modules", "@pulumi-collectors", "collectors");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
}, 10 * MINUTE);

afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  await service?.close();
  for (const dir of [app, build]) if (dir) rmSync(dir, { recursive: true, force: true });
});

// The languages' previews at the same time: each mostly waits on its engine and the service.
describe.concurrent("the reference pages' examples", () => {
  it(
    "Pulumi YAML on the plugin: previews a create of every resource",
    async () => {
      const program = yamlProgram("reference-yaml");
      const dir = programDir("yaml", { "Pulumi.yaml": program });
      await expectEveryResourcePlanned(await workspace(dir, true), planned(), program, "YAML");
    },
    10 * MINUTE,
  );

  it(
    "TypeScript on the plugin's SDK and on the package's classes: type-checks and previews a create of every resource",
    async () => {
      const program = typescriptProgram();
      const dir = programDir("typescript", {
        "Pulumi.yaml": "name: reference-typescript\nruntime: nodejs\n",
        "index.ts": program,
        "tsconfig.json": TSCONFIG,
      });
      await checking(program, "TypeScript", () => typecheck(dir));
      await expectEveryResourcePlanned(
        await workspace(dir, true),
        { ...planned(), ...planned(true) },
        program,
        "TypeScript",
      );
    },
    10 * MINUTE,
  );

  it(
    "Go on the plugin's SDK: builds and previews a create of every resource",
    async () => {
      const sdk = join(build, "sdk", "go");
      const program = goProgram();
      const dir = programDir("go", {
        "Pulumi.yaml": "name: reference-go\nruntime: go\n",
        "main.go": program,
      });
      for (const file of ["go.mod", "go.sum"])
        copyFileSync(join(ROOT, "examples", "go", file), join(dir, file));
      await useGeneratedSdk(dir, sdk);
      await checking(program, "Go", () =>
        runOrFail(goCommand(), ["vet", "."], dir, { ...process.env, ...GO_ENV }),
      );
      await expectEveryResourcePlanned(
        await workspace(dir, true, GO_ENV),
        planned(),
        program,
        "Go",
      );
    },
    10 * MINUTE,
  );

  it(
    "Python on the plugin's SDK: previews a create of every resource",
    async () => {
      const program = pythonProgram();
      const dir = programDir("python", {
        "Pulumi.yaml": pythonProject("reference-python"),
        "__main__.py": program,
      });
      await expectEveryResourcePlanned(await workspace(dir, true), planned(), program, "Python");
    },
    10 * MINUTE,
  );
});

describe("the other pages' Python programs", () => {
  it(
    "preview with no error, each in a stack of its own",
    async () => {
      const programs = docsPythonPrograms();
      expect(programs.map((p) => p.where)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^docs\/getting-started\/other-languages\.md/),
        ]),
      );
      // Their resources' names may repeat from page to page: one stack each, all at once.
      await Promise.all(
        programs.map(async ({ where, text }, index) => {
          const dir = programDir(`docs-python-${index}`, {
            "Pulumi.yaml": pythonProject(`docs-python-${index}`),
            "__main__.py": text,
          });
          const ws = await workspace(dir, true);
          try {
            await previewJson(ws);
          } catch (error) {
            throw new Error(`${where}:\n${error instanceof Error ? error.message : error}`, {
              cause: error,
            });
          }
        }),
      );
    },
    10 * MINUTE,
  );
});
