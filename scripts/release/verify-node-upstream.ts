/**
 * Checks the pinned Node.js binaries of node-binaries.json against Node.js's own release: the
 * npm packages they come from are third-party repackagings, and their integrity pins only say
 * that nothing changed since they were first fetched, not that they are Node.js's binaries.
 *
 * For each platform: download `v<version>/SHASUMS256.txt` and the official archive
 * (`node-v<version>-<upstream>.tar.gz`, `.zip` for Windows, as nodejs.org/dist names them), check
 * the archive against SHASUMS256.txt, take the `node` (`node.exe`) binary out of it and compare
 * its sha256 with the table's. Every platform is checked; exit 1 names each one that differs.
 *
 * nodejs.org cannot be reached from our machines: the release workflow runs this
 * (`npm run verify:node-upstream`); the tests run it against a mirror they serve on 127.0.0.1
 * (`--base-url`). Extraction uses the machine's `tar` and `unzip` (both on the Ubuntu runner):
 * two standard tools rather than an archive library in the dependency tree for one check.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { parseArgs } from "node:util";
import { sha256Of } from "./node-binaries";
import { type NodeBinaries, nodeBinaries } from "./platforms";

export const NODE_DIST = "https://nodejs.org/dist/";

// A 40–50 MB archive from a CDN; a stalled download should fail the job, not hang it.
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/** Node.js's archive of a platform (`upstream` is its name: linux-x64, darwin-arm64, win-x64…). */
export function upstreamArchive(version: string, upstream: string): string {
  const base = `node-v${version}-${upstream}`;
  return upstream.startsWith("win-") ? `${base}.zip` : `${base}.tar.gz`;
}

/** The binary's path inside that archive: Windows zips keep node.exe beside npm, not in bin/. */
export function upstreamEntry(version: string, upstream: string): string {
  const base = `node-v${version}-${upstream}`;
  return upstream.startsWith("win-") ? `${base}/node.exe` : `${base}/bin/node`;
}

/** SHASUMS256.txt (`<sha256>  <file>` lines) as file → sha256. */
export function parseShasums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^([0-9a-f]{64}) [ *]?(\S+)\s*$/.exec(line);
    if (match) sums.set(match[2] as string, match[1] as string);
  }
  return sums;
}

async function get(url: URL): Promise<Response> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) }).catch(
    (error: Error) => {
      // fetch says only "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, a timeout).
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
      throw new Error(`GET ${url}: ${error.message}${cause}`);
    },
  );
  if (!response.ok || !response.body) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return response;
}

async function download(url: URL, file: string): Promise<void> {
  const { body } = await get(url);
  await pipeline(Readable.fromWeb(body as ReadableStream<Uint8Array>), createWriteStream(file));
}

/** The sha256 of what `command` writes on stdout: the binary, streamed out of its archive. */
function sha256OfOutput(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const hash = createHash("sha256");
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => hash.update(chunk));
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.on("error", (error) => reject(new Error(`${command}: ${error.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve(hash.digest("hex"));
      else reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${stderr.trim()}`));
    });
  });
}

function extractedSha256(archive: string, entry: string): Promise<string> {
  return archive.endsWith(".zip")
    ? sha256OfOutput("unzip", ["-p", archive, entry])
    : sha256OfOutput("tar", ["-xzOf", archive, entry]);
}

export interface VerifyOptions {
  /** Where Node.js's releases are: `<baseUrl>v<version>/…`; default https://nodejs.org/dist/. */
  baseUrl?: string;
  /** Progress lines; default stderr. */
  log?: (line: string) => void;
}

/** Checks every platform of `table`; returns one line per problem, each naming its platform. */
export async function verifyNodeUpstream(
  table: NodeBinaries,
  opts: VerifyOptions = {},
): Promise<string[]> {
  const base = new URL(`v${table.version}/`, (opts.baseUrl ?? NODE_DIST).replace(/\/?$/, "/"));
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const shasumsUrl = new URL("SHASUMS256.txt", base);
  let sums: Map<string, string>;
  try {
    sums = parseShasums(await (await get(shasumsUrl)).text());
  } catch (error) {
    return [`all platforms: cannot read SHASUMS256.txt: ${(error as Error).message}`];
  }

  const problems: string[] = [];
  const work = mkdtempSync(join(tmpdir(), "verify-node-upstream-"));
  try {
    for (const [name, pin] of Object.entries(table.platforms)) {
      const archive = upstreamArchive(table.version, pin.upstream);
      const problem = (why: string) => problems.push(`${name}: ${why}`);
      const listed = sums.get(archive);
      if (!listed) {
        problem(`SHASUMS256.txt of ${table.version} lists no ${archive}`);
        continue;
      }
      const file = join(work, archive);
      try {
        await download(new URL(archive, base), file);
      } catch (error) {
        problem(`cannot download ${archive}: ${(error as Error).message}`);
        continue;
      }
      const archiveSha = await sha256Of(file);
      if (archiveSha !== listed) {
        problem(`${archive} has sha256 ${archiveSha}, SHASUMS256.txt lists ${listed}`);
        continue;
      }
      const entry = upstreamEntry(table.version, pin.upstream);
      let binarySha: string;
      try {
        binarySha = await extractedSha256(file, entry);
      } catch (error) {
        problem(`cannot take ${entry} out of ${archive}: ${(error as Error).message}`);
        continue;
      } finally {
        rmSync(file, { force: true });
      }
      if (binarySha !== pin.sha256) {
        problem(
          `${entry} has sha256 ${binarySha}, node-binaries.json pins ${pin.sha256} ` +
            `(${pin.package}@${table.version} is not Node.js's binary)`,
        );
        continue;
      }
      log(`${name}: ${pin.package}@${table.version} is ${entry} of Node.js's ${archive}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return problems;
}

/** The command: returns its exit code (0: every pin matches; 1: a mismatch, each one printed). */
export async function main(
  argv: string[],
  out: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { "base-url": { type: "string" }, table: { type: "string" } },
  });
  const table: NodeBinaries = values.table
    ? JSON.parse(readFileSync(values.table, "utf8"))
    : nodeBinaries();
  const problems = await verifyNodeUpstream(table, { baseUrl: values["base-url"], log: out });
  for (const problem of problems) out(`error: ${problem}`);
  if (problems.length > 0) {
    out(
      `the pinned Node.js binaries are not shown to be Node.js's own: ${problems.length} problem(s)`,
    );
    return 1;
  }
  out(`all ${Object.keys(table.platforms).length} pinned Node.js binaries are Node.js's own`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`verify-node-upstream: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}
