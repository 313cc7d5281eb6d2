/**
 * `npm run release`: writes dist/release/, everything a tagged release publishes and nothing else:
 *
 *   pulumi-resource-collectors-v<version>-<os>-<arch>.tar.gz   the plugin: six self-contained executables
 *   collectors-v<version>-<os>-<arch>.tar.gz                   the `collectors` command, likewise
 *   checksums.txt                                              sha256 of each archive
 *   schema.json                                                the plugin's package schema
 *   notes.md                                                   the version's CHANGELOG.md section
 *   sdk/…                                                      the SDK packages (release/sdks.ts)
 *
 * Everything is made in a folder of its own and renamed into dist/release/ only when every part
 * was made and checked: a failure names the platform or language and the cause, exits 1, and
 * leaves no folder that looks complete. See docs/internals/releasing.md. Repository tooling: not published.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { packageVersion } from "../../provider/plugin/version";
import { bundleForNode } from "../build/bundle";
import { buildGoTool } from "../build/sdks";
import { repoRoot, runProcess } from "../toolchain/pulumi-workspace";
import { packArchive, writeChecksums } from "./archives";
import { makeExecutable, seaBlob } from "./executables";
import { executableFormat } from "./formats";
import { inParallel } from "./in-parallel";
import { nodeBinary } from "./node-binaries";
import { releaseNotes } from "./notes";
import {
  archiveName,
  CLI,
  executableName,
  hostPlatform,
  type NodeBinaries,
  nodeBinaries,
  PLUGIN,
  type Platform,
  platforms,
} from "./platforms";
import { buildSdkPackages, type SdkPackagesOptions } from "./sdks";
import { startPlugin, withoutPath } from "./start-plugin";

const ROOT = repoRoot(__dirname);
const DIST = join(ROOT, "dist");

function header(file: string): Buffer {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(4096);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** Builds scripts/release/machosign (Go's build cache makes a rebuild a link). */
function buildMachosign(out: string): Promise<string> {
  return buildGoTool("release/machosign", out).catch((error: Error) => {
    throw new Error(
      `darwin: cannot build the signer (scripts/release/machosign): ${error.message}`,
    );
  });
}

/** What the release makes executables of: the plugin, and the `collectors` command. */
interface Program {
  name: typeof PLUGIN | typeof CLI;
  /** Its bundle (scripts/build/bundle.ts). */
  bundle: string;
  /**
   * Runs the host platform's executable with no Node.js around it (an empty PATH); resolves with
   * what it did, for the log, or fails saying why.
   */
  check(executable: string, version: string): Promise<string>;
}

async function checkPlugin(executable: string): Promise<string> {
  const started = await startPlugin(executable, [], withoutPath());
  started.stop();
  return `started and printed its port in ${Math.round(started.startMs)} ms`;
}

async function checkCli(executable: string, version: string): Promise<string> {
  const run = await runProcess(executable, ["--version"], {
    cwd: join(executable, ".."),
    env: withoutPath(),
    timeoutMs: 60_000,
  });
  if (run.code !== 0 || run.stdout.trim() !== version) {
    throw new Error(`--version exited ${run.code}, printing ${run.stdout}${run.stderr}`);
  }
  return `printed its version with \`--version\` in ${Math.round(run.durationMs)} ms`;
}

/** Makes the platform's executable of `program` under `work`, checks its format. */
async function checkedExecutable(
  platform: Platform,
  program: Program,
  nodeBinary: string,
  blob: string,
  work: string,
  tools: { postject: string; machosign: string },
): Promise<string> {
  const dir = join(work, platform.name);
  mkdirSync(dir, { recursive: true });
  const executable = join(dir, executableName(program.name, platform));
  await makeExecutable(platform, nodeBinary, blob, executable, tools).catch((error: Error) => {
    throw new Error(`${platform.name}: cannot make ${program.name}: ${error.message}`);
  });
  const format = executableFormat(header(executable));
  if (format !== platform.name) {
    throw new Error(`${platform.name}: the executable ${program.name} is ${format}`);
  }
  return executable;
}

export interface ReleaseOptions {
  /** The folder to write (replaced whole); default dist/release. */
  out?: string;
  /** The pinned Node.js binaries; default node-binaries.json. */
  table?: NodeBinaries;
  /** Progress lines; default stderr. */
  log?: (line: string) => void;
  /** For the SDK packages: generators already built (tests), another Python. */
  sdks?: Pick<SdkPackagesOptions, "tools" | "python">;
}

/** Makes the release into `out`; returns the names of the files written there. */
export async function buildRelease(opts: ReleaseOptions = {}): Promise<string[]> {
  const version = packageVersion(ROOT);
  const table = opts.table ?? nodeBinaries();
  const out = opts.out ?? join(DIST, "release");
  const log = opts.log ?? ((line: string) => process.stderr.write(`release: ${line}\n`));
  const all = platforms(table);
  const host = all.find((p) => p.name === hostPlatform());
  if (!host) throw new Error(`${hostPlatform()}: no Node.js binary pinned to make the blob with`);
  // First: a version without its notes is not released.
  const notes = releaseNotes(readFileSync(join(ROOT, "CHANGELOG.md"), "utf8"), version);
  const bundle = join(DIST, "plugin", "bin", `${PLUGIN}.js`);
  if (!existsSync(bundle))
    throw new Error(`no plugin bundle at ${bundle}: run \`npm run build\` first`);

  // Beside `out`, so that the final rename stays on one file system.
  const stage = `${out}.partial-${process.pid}`;
  const work = join(stage, ".work");
  mkdirSync(work, { recursive: true });
  try {
    // Every binary first: a platform that cannot be had stops the release before anything else.
    const binaries = new Map<string, string>();
    for (const platform of all) {
      log(`${platform.name}: Node.js ${table.version} (${platform.node.package})`);
      binaries.set(platform.name, await nodeBinary(platform, table.version));
    }
    // The `collectors` command is bundled here, from its sources: only the release needs it. At a
    // fixed path, as the plugin's: the SEA blob records it, and the executables should not vary
    // with the staging folder's name.
    const cliBundle = join(DIST, "cli-bundle", `${CLI}.js`);
    bundleForNode(join(ROOT, "cli", "main.ts"), cliBundle);
    const programs: Program[] = [
      { name: PLUGIN, bundle, check: checkPlugin },
      { name: CLI, bundle: cliBundle, check: checkCli },
    ];
    const tools = {
      postject: require.resolve("postject/dist/cli.js"),
      machosign: await buildMachosign(join(DIST, "bin", "machosign")),
    };
    const hostNode = binaries.get(host.name) as string;
    const blobs = new Map<Program, string>();
    for (const program of programs) {
      blobs.set(program, await seaBlob(hostNode, program.bundle, work, program.name));
    }
    copyFileSync(join(DIST, "plugin", "schema.json"), join(stage, "schema.json"));
    writeFileSync(join(stage, "notes.md"), notes);

    /** The SDK packages, from the release's schema: the paths written, relative to the stage. */
    const sdkPackages = async (): Promise<string[]> => {
      log("the SDK packages");
      const sdks = await buildSdkPackages({
        schema: join(stage, "schema.json"),
        out: stage,
        ...opts.sdks,
      });
      return sdks.map((file) => relative(stage, file));
    };
    /** A platform's executable of a program, made, checked and packed: its archive's name. */
    const archiveOf = async (program: Program, platform: Platform): Promise<string> => {
      log(`${platform.name}: making ${program.name}`);
      const nodeBinary = binaries.get(platform.name) as string;
      const blob = blobs.get(program) as string;
      const executable = await checkedExecutable(platform, program, nodeBinary, blob, work, tools);
      if (platform === host) {
        const did = await program.check(executable, version).catch((error: Error) => {
          throw new Error(`${platform.name}: ${program.name} does not run: ${error.message}`);
        });
        log(`${platform.name}: ${program.name} ${did}`);
      }
      const archive = archiveName(version, platform.name, program.name);
      await packArchive(executable, join(stage, archive));
      // Twelve executables of ~120 MB each: none is kept once packed.
      rmSync(executable);
      return archive;
    };
    // The SDK packages and every executable, a few at a time (release/in-parallel.ts); the SDKs
    // first, the longest step. The archives keep their order: program by program, by platform.
    const steps = [
      sdkPackages,
      ...programs.flatMap((program) =>
        all.map((platform) => async () => [await archiveOf(program, platform)]),
      ),
    ];
    const [sdks = [], ...made] = await inParallel(steps, (step) => step());
    const archives = made.flat();
    await writeChecksums(stage, archives);
    rmSync(work, { recursive: true, force: true });

    rmSync(out, { recursive: true, force: true });
    renameSync(stage, out);
    return [...archives, "checksums.txt", "schema.json", "notes.md", ...sdks];
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const out = resolve(values.out ?? join(DIST, "release"));
  // A line per file, but one per source folder (sdk/go/, sdk/dotnet/): their files are many.
  const sizes = new Map<string, { bytes: number; files: number }>();
  for (const file of await buildRelease({ out })) {
    const folder = /^sdk\/(go|dotnet)\//.exec(file)?.[0];
    const entry = sizes.get(folder ?? file) ?? { bytes: 0, files: 0 };
    entry.bytes += statSync(join(out, file)).size;
    entry.files += 1;
    sizes.set(folder ?? file, entry);
  }
  for (const [name, { bytes, files }] of sizes) {
    const count = files > 1 ? ` (${files} files)` : "";
    const mb = (bytes / 1e6).toFixed(1).padStart(6);
    process.stdout.write(`${mb} MB  ${relative(ROOT, join(out, name))}${count}\n`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`npm run release: ${error instanceof Error ? error.message : String(error)}`);
    console.error("The release folder was not written.");
    process.exit(1);
  });
}
