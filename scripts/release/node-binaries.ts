// The Node.js binary of a platform, from the npm registry, checked against the pins of
// node-binaries.json: the package tarball's integrity (npm's sha512), then the binary's sha256.
// Node.js publishes SHASUMS256.txt only for its own archives on nodejs.org, which these machines
// cannot reach: the release workflow checks the pins against them (verify-node-upstream.ts).
// Kept in a cache folder across runs (about 260 MB downloaded for the six, about 610 MB unpacked): a cached binary is checked again.
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { runOrFail } from "../toolchain/pulumi-workspace";
import type { Platform } from "./platforms";

export function cacheRoot(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pulumi-collectors");
}

async function digest(file: string, algorithm: "sha256" | "sha512", encoding: "hex" | "base64") {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest(encoding);
}

export const sha256Of = (file: string): Promise<string> => digest(file, "sha256", "hex");

/** The path of the platform's Node.js binary (version `version`), fetched once and checked. */
export async function nodeBinary(platform: Platform, version: string): Promise<string> {
  const { node } = platform;
  const dir = join(cacheRoot(), `node-${version}`, platform.name);
  const binary = join(dir, node.binary.split("/").at(-1) as string);
  if (!existsSync(binary)) await fetchBinary(platform, version, dir);
  const sha256 = await sha256Of(binary);
  if (sha256 !== node.sha256) {
    throw new Error(
      `${platform.name}: ${binary} has sha256 ${sha256}, node-binaries.json pins ${node.sha256}; ` +
        "delete the file to fetch it again",
    );
  }
  return binary;
}

async function fetchBinary(platform: Platform, version: string, dir: string): Promise<void> {
  const { node } = platform;
  const spec = `${node.package}@${version}`;
  mkdirSync(join(dir, ".."), { recursive: true });
  const work = mkdtempSync(`${dir}.fetch-`);
  try {
    const packed = await runOrFail(
      "npm",
      ["pack", spec, "--json", "--pack-destination", work],
      work,
    );
    const [{ filename, integrity }] = JSON.parse(packed.stdout) as [
      { filename: string; integrity: string },
    ];
    const tarball = join(work, filename);
    const sha512 = `sha512-${await digest(tarball, "sha512", "base64")}`;
    if (sha512 !== node.integrity || integrity !== node.integrity) {
      throw new Error(
        `${platform.name}: ${spec} has integrity ${sha512}, node-binaries.json pins ${node.integrity}`,
      );
    }
    const entry = `package/${node.binary}`;
    await runOrFail("tar", ["-xzf", tarball, "-C", work, entry], work);
    mkdirSync(dir, { recursive: true });
    renameSync(join(work, entry), join(dir, node.binary.split("/").at(-1) as string));
  } catch (error) {
    throw new Error(
      `${platform.name}: cannot fetch the Node.js binary ${spec}: ${(error as Error).message}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
