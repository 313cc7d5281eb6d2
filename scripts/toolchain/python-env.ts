/**
 * Makes a folder a Python virtual environment that runs Pulumi programs on the collectors plugin,
 * offline: no Python package index is needed.
 *
 *   npm run python-env -- DIR          # then: runtime.options.virtualenv: DIR in Pulumi.yaml
 *   npm run python-env -- DIR --wheel pulumi_collectors-<version>-py3-none-any.whl
 *
 * DIR (relative to the folder npm was run from) becomes a venv of Debian's python3 that sees the
 * system's packages (--system-site-packages), in which `python` imports:
 *   - `pulumi`: the Pulumi Python SDK at the version of the Pulumi CLI scripts/toolchain/pulumi-cli.sh
 *     builds, from the Go module cache (the sdk/v3 module's python/lib/pulumi, the module the CLI
 *     is built from: scripts/toolchain/pulumi-cli/go.mod); its runtime (grpcio, protobuf, dill, semver,
 *     PyYAML, packaging) from Debian's packages;
 *   - `pulumi_collectors`: the Python SDK generated from dist/plugin/schema.json, built into a
 *     wheel as a release builds it (scripts/release/python-sdk.ts) and installed with its metadata;
 *     or, with --wheel, the wheel given (a release's);
 *   - stand-ins for what Debian 12 lacks (scripts/toolchain/python-env/_collectors_standins: opentelemetry,
 *     semver 3's Version, parver), in this environment only, loaded only where the real package
 *     is not importable.
 * First it asks for the Debian packages it uses (scripts/toolchain/test-prerequisites.mts --python:
 * installed when run as root with apt-get, else it names the command). Run again, it updates DIR.
 * See docs/internals/toolchain.md.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildSdkgen, generateSdks, goCommand } from "../build/sdks";
import { buildPythonPackages, defaultPython } from "../release/python-sdk";
import { repoRoot, runOrFail } from "./pulumi-workspace";

const ROOT = repoRoot(__dirname);
const STANDINS = "_collectors_standins";
const SDK_MODULE = "github.com/pulumi/pulumi/sdk/v3";

/** A virtual environment made by makePythonEnv. */
export interface PythonEnv {
  /** The environment's folder (what runtime.options.virtualenv names). */
  dir: string;
  /** Its python. */
  python: string;
  /** The Pulumi Python SDK's version, the CLI's. */
  pulumiVersion: string;
  /** pulumi_collectors' version. */
  sdkVersion: string;
}

/**
 * The Pulumi SDK module the CLI is built from, at the version scripts/toolchain/pulumi-cli/go.mod
 * selects, downloaded into the module cache if it is not there yet: its folder and version.
 */
async function pulumiSdkModule(): Promise<{ dir: string; version: string }> {
  const downloaded = await runOrFail(
    goCommand(),
    ["mod", "download", "-json", SDK_MODULE],
    join(ROOT, "scripts", "toolchain", "pulumi-cli"),
    { ...process.env, GOFLAGS: "-mod=readonly" },
  );
  const { Dir, Version } = JSON.parse(downloaded.stdout) as { Dir: string; Version: string };
  return { dir: Dir, version: Version.replace(/^v/, "") };
}

/** Copies a folder of the (read-only) Go module cache into a writable one. */
function copyWritable(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  chmodSync(to, 0o755);
  for (const entry of readdirSync(to, { recursive: true, withFileTypes: true })) {
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
}

/**
 * The Pulumi SDK's sources as a package setuptools builds: its own pyproject.toml builds with
 * hatchling, which Debian 12 lacks. No dependencies are declared: Debian's packages provide them,
 * older than the SDK states (and opentelemetry not at all), which pip would refuse.
 */
function pulumiProject(sdk: { dir: string; version: string }, scratch: string): string {
  const project = join(scratch, "pulumi-sdk");
  copyWritable(join(sdk.dir, "python", "lib", "pulumi"), join(project, "pulumi"));
  writeFileSync(
    join(project, "pyproject.toml"),
    [
      "[build-system]",
      'requires = ["setuptools"]',
      'build-backend = "setuptools.build_meta"',
      "",
      "[project]",
      'name = "pulumi"',
      `version = "${sdk.version}"`,
      `description = "Pulumi's Python SDK, from ${SDK_MODULE}@v${sdk.version}'s python/lib"`,
      'requires-python = ">=3.10"',
      "",
      "[tool.setuptools.packages.find]",
      'include = ["pulumi*"]',
      "",
      "[tool.setuptools.package-data]",
      '"*" = ["py.typed", "*.pyi"]',
      "",
    ].join("\n"),
  );
  return project;
}

/** The venv's site-packages folder. */
async function sitePackages(python: string): Promise<string> {
  const printed = await runOrFail(
    python,
    ["-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
    ROOT,
  );
  return printed.stdout.trim();
}

const pipInstall = (python: string, target: string) =>
  runOrFail(
    python,
    [
      "-m",
      "pip",
      "install",
      "--quiet",
      "--no-index",
      "--no-deps",
      "--no-build-isolation",
      "--disable-pip-version-check",
      "--force-reinstall",
      target,
    ],
    ROOT,
    { ...process.env, PIP_NO_INPUT: "1" },
  );

export interface PythonEnvOptions {
  /** Gets a line per step. */
  log?: (line: string) => void;
  /**
   * The pulumi_collectors wheel to install, as a release ships it (sdk/python/*.whl); without it,
   * the wheel is built from dist/plugin/schema.json.
   */
  wheel?: string;
}

/**
 * Makes (or updates) the environment in `dir`. Needs the Debian packages of
 * scripts/toolchain/test-prerequisites.mts --python, Go, and, unless given a wheel,
 * dist/plugin/schema.json (`npm run build`).
 */
export async function makePythonEnv(
  dir: string,
  { log = () => undefined, wheel }: PythonEnvOptions = {},
): Promise<PythonEnv> {
  const schemaFile = join(ROOT, "dist", "plugin", "schema.json");
  if (!wheel && !existsSync(schemaFile)) {
    throw new Error(`no ${schemaFile}: run npm run build first`);
  }
  const target = resolve(dir);
  if (
    existsSync(target) &&
    readdirSync(target).length > 0 &&
    !existsSync(join(target, "pyvenv.cfg"))
  ) {
    throw new Error(`${target} is neither empty nor a virtual environment: choose another folder`);
  }
  const system = defaultPython();
  const python = join(target, "bin", "python");
  const scratch = mkdtempSync(join(tmpdir(), "collectors-python-env-"));
  try {
    log(`making ${target} a virtual environment of ${system} that sees its packages`);
    await runOrFail(system, ["-m", "venv", "--system-site-packages", target], ROOT);

    const sdk = await pulumiSdkModule();
    log(`installing the Pulumi Python SDK ${sdk.version} from ${sdk.dir}`);
    await pipInstall(python, pulumiProject(sdk, scratch));

    const collectorsWheel = wheel ?? (await buildWheel(schemaFile, scratch, system, log));
    log(`installing ${collectorsWheel}`);
    await pipInstall(python, resolve(collectorsWheel));

    const site = await sitePackages(python);
    log(`adding the stand-ins for what Debian lacks to ${site}`);
    rmSync(join(site, STANDINS), { recursive: true, force: true });
    cpSync(join(ROOT, "scripts", "toolchain", "python-env", STANDINS), join(site, STANDINS), {
      recursive: true,
    });
    // A .pth file's `import` line runs at every start of this environment's python.
    writeFileSync(join(site, `${STANDINS}.pth`), `import ${STANDINS}\n`);

    // The proof: both packages import, with the runtime loaded.
    const checked = await runOrFail(
      python,
      [
        "-c",
        "import importlib.metadata as m, pulumi, pulumi.runtime, pulumi_collectors; " +
          "print(m.version('pulumi'), m.version('pulumi_collectors'))",
      ],
      ROOT,
    );
    const [pulumiVersion = "", installedSdk = ""] = checked.stdout.trim().split(" ");
    return { dir: target, python, pulumiVersion, sdkVersion: installedSdk };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The pulumi_collectors wheel of the schema, built as a release builds it. */
async function buildWheel(
  schemaFile: string,
  scratch: string,
  python: string,
  log: (line: string) => void,
): Promise<string> {
  const version = (JSON.parse(readFileSync(schemaFile, "utf8")) as { version: string }).version;
  log(`building the pulumi_collectors ${version} wheel from ${schemaFile}`);
  const sdkgen = await buildSdkgen(join(scratch, "sdkgen"));
  await generateSdks(sdkgen, schemaFile, join(scratch, "generated"), ["python"]);
  const { wheel } = await buildPythonPackages(
    join(scratch, "generated", "python"),
    join(scratch, "packages"),
    python,
    version,
  );
  return wheel;
}

/** Asks scripts/toolchain/test-prerequisites.mts for the Debian packages a Python environment needs. */
function requireDebianPackages(): void {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, "scripts", "toolchain", "test-prerequisites.mts"), "--python"],
    { stdio: "inherit" },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const USAGE = "usage: npm run python-env -- DIR [--wheel FILE]";

/** The folder to make and the wheel to install, from the command line; throws on anything else. */
function parseCommandLine(): { dir: string; wheel?: string } {
  const { values, positionals } = parseArgs({
    options: { wheel: { type: "string" } },
    allowPositionals: true,
  });
  const [dir, ...rest] = positionals;
  if (!dir || rest.length > 0) throw new Error("give one folder");
  return { dir, wheel: values.wheel };
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseCommandLine>;
  try {
    args = parseCommandLine();
  } catch (error) {
    console.error(`python-env: ${error instanceof Error ? error.message : error}\n${USAGE}`);
    process.exit(2);
  }
  // npm runs scripts from the package's folder; INIT_CWD is where the user ran npm.
  const from = process.env.INIT_CWD ?? process.cwd();
  const wheel = args.wheel === undefined ? undefined : resolve(from, args.wheel);
  if (wheel !== undefined && !existsSync(wheel)) {
    console.error(
      `python-env: no file ${wheel}: --wheel takes a pulumi_collectors wheel, as a release's ` +
        "sdk/python/ folder holds it",
    );
    process.exit(2);
  }
  requireDebianPackages();
  const env = await makePythonEnv(resolve(from, args.dir), {
    log: (line) => console.error(`python-env: ${line}`),
    wheel,
  });
  console.log(
    `${env.dir}: pulumi ${env.pulumiVersion}, pulumi_collectors ${env.sdkVersion}\n` +
      `In Pulumi.yaml:\n  runtime:\n    name: python\n    options:\n      virtualenv: ${env.dir}`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`python-env: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
