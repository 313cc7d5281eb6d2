/**
 * The SDK packages of a release, under <out>/sdk/ (docs/internals/sdks.md, "What a release holds"):
 *
 *   nodejs/<name>-<version>.tgz   the TypeScript SDK, packed (npm publish <file>)
 *   python/<name>-<version>.tar.gz, python/<name>-<version>-py3-none-any.whl
 *   go/                           the Go module as the repository holds it at its folder when tagged
 *   go.tag                        that tag, e.g. sdk/go/v0.1.0
 *   dotnet/                       the C# project, for `dotnet pack` (not built here)
 *
 * No Java SDK: its generator's module is not obtainable here. Everything is built in a scratch
 * folder beside <out>/sdk and renamed to it at the end: <out>/sdk is either complete or as it
 * was; a crash leaves a hidden <out>/.sdk-* folder, never a partial sdk/.
 *
 *   node dist/scripts/release/sdks.js [--schema dist/plugin/schema.json] [--out dist/release]
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  buildSdkgen,
  buildSdkgenDotnet,
  generateDotnetSdk,
  generateSdks,
  packTypeScriptSdk,
} from "../build/sdks";
import { repoRoot } from "../toolchain/pulumi-workspace";
import { stageDotnetProject } from "./dotnet-sdk";
import { stageGoModule } from "./go-sdk";
import { buildPythonPackages, defaultPython, requirePythonBuild } from "./python-sdk";

const ROOT = repoRoot(__dirname);

export interface SdkPackagesOptions {
  /** The plugin's package schema, e.g. dist/plugin/schema.json. */
  schema: string;
  /** The release folder: the packages go to <out>/sdk/, replacing it. */
  out: string;
  /** The generators, already built (tests build them once); else built here. */
  tools?: { sdkgen: string; sdkgenDotnet: string };
  /** The Python that runs `-m build`; default Debian's /usr/bin/python3. */
  python?: string;
}

/** What buildSdkPackages reads of the schema. */
interface Schema {
  name: string;
  version?: string;
  repository?: string;
  pluginDownloadURL?: string;
  resources?: Record<string, unknown>;
  functions?: Record<string, unknown>;
}

/** Runs one step; its error names the language, so a failed release says which SDK failed. */
async function step<T>(language: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(`${language}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** Every file under dir, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Puts `stage` at `final`, replacing what is there; the old one goes only once the new is in. */
function replaceFolder(stage: string, final: string): void {
  const old = `${stage}.old`;
  if (existsSync(final)) renameSync(final, old);
  renameSync(stage, final);
  rmSync(old, { recursive: true, force: true });
}

/**
 * Generates the SDKs from `schema` and writes the packages of a release under <out>/sdk/;
 * returns the paths of the files written, sorted. Throws an Error whose message starts with the
 * language that failed ("python: …"), leaving <out>/sdk as it was.
 */
export async function buildSdkPackages(options: SdkPackagesOptions): Promise<string[]> {
  const schemaFile = resolve(options.schema);
  if (!existsSync(schemaFile)) {
    throw new Error(`no schema at ${schemaFile}: \`npm run build\` writes dist/plugin/schema.json`);
  }
  const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as Schema;
  const { version, repository, pluginDownloadURL } = schema;
  if (!version || !repository || !pluginDownloadURL) {
    throw new Error(
      `${schemaFile} lacks version, repository or pluginDownloadURL: a release needs each`,
    );
  }
  const python = options.python ?? defaultPython();
  // Before the slow steps: the one tool apt must add.
  await step("python", () => requirePythonBuild(python));

  const out = resolve(options.out);
  mkdirSync(out, { recursive: true });
  // The TypeScript SDK compiles against this repository's node_modules: generate inside it.
  mkdirSync(join(ROOT, "node_modules", ".cache"), { recursive: true });
  const work = mkdtempSync(join(ROOT, "node_modules", ".cache", "release-sdks-"));
  const stage = mkdtempSync(join(out, ".sdk-"));
  try {
    const tools = options.tools ?? {
      sdkgen: await step("sdkgen", () => buildSdkgen(join(work, "sdkgen"))),
      sdkgenDotnet: await step("dotnet", () => buildSdkgenDotnet(join(work, "sdkgen-dotnet"))),
    };
    const generated = join(work, "sdk");
    await step("sdkgen (nodejs, go, python)", () =>
      generateSdks(tools.sdkgen, schemaFile, generated),
    );
    await step("dotnet", () => generateDotnetSdk(tools.sdkgenDotnet, schemaFile, generated));

    await step("python", () =>
      buildPythonPackages(join(generated, "python"), join(stage, "python"), python, version),
    );
    await step("go", async () => {
      const { tag } = await stageGoModule(
        join(generated, "go"),
        join(stage, "go"),
        repository,
        version,
      );
      writeFileSync(join(stage, "go.tag"), `${tag}\n`);
    });
    await step("dotnet", () =>
      stageDotnetProject(join(generated, "dotnet"), join(stage, "dotnet"), {
        name: schema.name,
        version,
        pluginDownloadURL,
        tokens: [...Object.keys(schema.resources ?? {}), ...Object.keys(schema.functions ?? {})],
      }),
    );

    // The TypeScript compile is the slow step: last, so the others fail first.
    await step("nodejs", async () => {
      mkdirSync(join(stage, "nodejs"));
      const tarball = await packTypeScriptSdk(join(generated, "nodejs"), join(stage, "nodejs"));
      const packed = JSON.parse(
        readFileSync(join(generated, "nodejs", "bin", "package.json"), "utf8"),
      );
      if (packed.version !== version)
        throw new Error(`${tarball} is version ${packed.version}, not ${version}`);
    });
    const final = join(out, "sdk");
    const files = filesUnder(stage).map((file) => join(final, relative(stage, file)));
    replaceFolder(stage, final);
    return files;
  } catch (error) {
    rmSync(stage, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      schema: { type: "string", default: join(ROOT, "dist", "plugin", "schema.json") },
      out: { type: "string", default: join(ROOT, "dist", "release") },
    },
  });
  const files = await buildSdkPackages({ schema: values.schema, out: values.out });
  console.log(files.join("\n"));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
