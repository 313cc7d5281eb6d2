// The release's plugin archives and checksums.txt. An archive holds one file, the executable, at
// its root (where the engine looks for it), and is the same bytes for the same executable: owner,
// mode and time are fixed and gzip stores no name or time.
import { spawn } from "node:child_process";
import { createWriteStream, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sha256Of } from "./node-binaries";

/** Packs `executable` into `archive` (a .tar.gz). */
export async function packArchive(executable: string, archive: string): Promise<void> {
  const tar = spawn(
    "tar",
    [
      "--create",
      "--format=gnu",
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      "--mode=0755",
      "--mtime=@0",
      "--directory",
      dirname(executable),
      basename(executable),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  tar.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const exited = new Promise<number>((done) => tar.on("close", (code) => done(code ?? 1)));
  await pipeline(tar.stdout, createGzip(), createWriteStream(archive));
  const code = await exited;
  if (code !== 0) throw new Error(`tar could not pack ${executable} (exit ${code}): ${stderr}`);
}

/** Writes `<dir>/checksums.txt` in `sha256sum` format, one line per file, as given. */
export async function writeChecksums(dir: string, files: string[]): Promise<string> {
  const lines = await Promise.all(
    files.map(async (file) => `${await sha256Of(join(dir, file))}  ${file}\n`),
  );
  const out = join(dir, "checksums.txt");
  writeFileSync(out, lines.join(""));
  return out;
}
