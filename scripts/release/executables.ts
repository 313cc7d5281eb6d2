// A platform's self-contained executable of a program (the plugin, or the `collectors` command): a
// Node.js single executable application. One blob per program (its bundle, with code cache and
// snapshot off, which would tie it to one platform) is made once with the release's Node.js and
// injected by postject into each platform's Node.js binary. Node.js's own signature is removed first: injecting invalidates it,
// and a broken signature is worse than none. macOS on Apple silicon kills an unsigned binary, so
// darwin executables are then signed ad hoc (scripts/release/machosign) and that signature is checked.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { unsign as unsignMacho } from "macho-unsign";
import { signatureSet } from "portable-executable-signature";
import { runOrFail } from "../toolchain/pulumi-workspace";
import type { Platform } from "./platforms";

// Node.js's sentinel for an injected blob (its docs: "Single executable applications").
const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/**
 * Writes `<work>/<name>.blob`, the SEA preparation blob of `bundle`, with `node` (the release's
 * Node.js version).
 */
export async function seaBlob(
  node: string,
  bundle: string,
  work: string,
  name: string,
): Promise<string> {
  const blob = join(work, `${name}.blob`);
  const config = join(work, `${name}.sea-config.json`);
  writeFileSync(
    config,
    JSON.stringify({
      main: bundle,
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: false,
    }),
  );
  await runOrFail(node, ["--experimental-sea-config", config], work);
  return blob;
}

/**
 * Makes `out`, the platform's executable, from its Node.js binary and a blob; a darwin one is
 * signed as its file name (`collectors`, `pulumi-resource-collectors`).
 */
export async function makeExecutable(
  platform: Platform,
  nodeBinary: string,
  blob: string,
  out: string,
  tools: { postject: string; machosign: string },
): Promise<void> {
  copyFileSync(nodeBinary, out);
  removeSignature(platform, out);
  const darwin = platform.os === "darwin" ? ["--macho-segment-name", "NODE_SEA"] : [];
  // postject prints LIEF's warnings about Node.js's ELF notes; they are kept for a failure only.
  await runOrFail(
    process.execPath,
    [tools.postject, out, "NODE_SEA_BLOB", blob, "--sentinel-fuse", FUSE, ...darwin],
    join(out, ".."),
  );
  if (platform.os === "darwin") {
    await runOrFail(tools.machosign, ["-id", basename(out), out], join(out, ".."));
    await runOrFail(tools.machosign, ["-verify", out], join(out, ".."));
  }
}

function removeSignature(platform: Platform, file: string): void {
  const data = readFileSync(file);
  const unsigned =
    platform.os === "darwin"
      ? unsignMacho(data)
      : platform.os === "windows"
        ? signatureSet(data, null)
        : null;
  if (unsigned) writeFileSync(file, Buffer.from(unsigned));
}
