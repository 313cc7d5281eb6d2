// The release as users get it: `buildRelease` (what `npm run release` runs) makes the folder once
// for this file, then
// - it holds the six plugin archives and the six of the `collectors` command, checksums.txt and
//   schema.json; the checksums match; each archive holds one executable at its root, of its
//   platform's format; darwin ones are ad-hoc signed (page hashes checked by scripts/release/machosign:
//   Apple's own check runs in the release workflow); the linux-arm64 ones run under qemu-user; a
//   pinned binary that does not match stops it;
// - the linux-amd64 `collectors`, with no `node` on the PATH: --version, --help, serve, list and
//   export against what it serves; migrate of the recorded Terraform state against its store; the
//   pytest recipe of docs/guides/testing-your-programs.md on it;
// - served on loopback as the release page: `pulumi plugin install … --server` installs the
//   linux-amd64 executable into a fresh PULUMI_HOME; the YAML path of
//   docs/installation-configuration.md, as written, with no `node` on the PATH (only `pulumi` and
//   the YAML language host): install, up, a no-change preview, destroy; a Python user's own
//   program on the released plugin and wheel (the Python host in place of node): up, a no-change
//   preview, an update, destroy; and a program naming
//   `pluginDownloadURL` gets the plugin from the engine with nothing installed beforehand.
// Darwin and Windows executables cannot run on this Linux machine: their format and signature
// are checked here; the workflow runs them on macOS and Windows runners (docs/internals/releasing.md).
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageVersion } from "../../provider/plugin/version";
import { buildRelease } from "../../scripts/release";
import { executableFormat } from "../../scripts/release/formats";
import { sha256Of } from "../../scripts/release/node-binaries";
import { releaseNotes } from "../../scripts/release/notes";
import {
  archiveName,
  CLI,
  executableName,
  type NodeBinary,
  nodeBinaries,
  PLUGIN,
  platforms,
} from "../../scripts/release/platforms";
import { defaultPython } from "../../scripts/release/python-sdk";
import { startPlugin } from "../../scripts/release/start-plugin";
import { isolatedEnv, pulumiCliPath, runProcess } from "../../scripts/toolchain/pulumi-workspace";
import { TERRAFORM, TERRAFORM_STATE } from "../cli/migrate/fixtures";
import {
  changesOnly,
  PULUMI_USER,
  type PulumiWorkspace,
  ROOT,
  Service,
  workspaceFor,
} from "../helpers/pulumi";
import { serveJson } from "../helpers/serve-json";
import { type StaticServer, serveFolder } from "../helpers/static-server";

const MINUTE = 60_000;
const VERSION = packageVersion(ROOT);
const RELEASE_PAGE = "github://api.github.com/pulumi-collectors/pulumi-collectors";

let tmp: string;
let release: string;
let files: string[];
let page: StaticServer;
let service: Service;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "collectors-release-"));
  release = join(tmp, "release");
  files = await buildRelease({ out: release, log: () => undefined });
  page = await serveFolder(release);
  service = await Service.start();
}, 30 * MINUTE);

afterAll(async () => {
  await page?.close();
  await service?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const extracted = new Map<string, { dir: string; entries: string[] }>();

/**
 * The executable an archive of `program` holds, extracted into a folder of its own, with the
 * archive's listing (`tar -tv`'s lines, printed while extracting): unpacked once per archive,
 * since each takes seconds and several checks read the same one. The checks only read it.
 */
function extract(platform: string, program = PLUGIN): { dir: string; entries: string[] } {
  const archive = archiveName(VERSION, platform, program);
  const known = extracted.get(archive);
  if (known) return known;
  const dir = mkdtempSync(join(tmp, `${program}-${platform}-`));
  const listing = execFileSync("tar", ["-xvvzf", join(release, archive), "-C", dir], {
    encoding: "utf8",
  });
  const result = { dir, entries: listing.trim().split("\n") };
  extracted.set(archive, result);
  return result;
}

describe("the release folder", () => {
  it("holds the twelve archives, checksums.txt, schema.json and notes.md, and nothing else", () => {
    const archives = [PLUGIN, CLI].flatMap((program) =>
      platforms().map((p) => archiveName(VERSION, p.name, program)),
    );
    expect(archives).toHaveLength(12);
    expect(archives).toContain("collectors-v0.1.0-windows-arm64.tar.gz");
    const top = [...archives, "checksums.txt", "schema.json", "notes.md"];
    expect(readdirSync(release).sort()).toEqual([...top, "sdk"].sort());
    const written = readdirSync(release, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(release, join(entry.parentPath, entry.name)));
    expect(files.sort()).toEqual(written.sort());
    // One package per language that has a registry, the Go module with its tag, the C# project.
    for (const pattern of [
      /^sdk\/nodejs\/pulumi-collectors-collectors-0\.1\.0\.tgz$/,
      /^sdk\/python\/pulumi_collectors-0\.1\.0-py3-none-any\.whl$/,
      /^sdk\/python\/pulumi_collectors-0\.1\.0\.tar\.gz$/,
      /^sdk\/go\/go\.mod$/,
      /^sdk\/go\.tag$/,
      /^sdk\/dotnet\/.*\.csproj$/,
    ]) {
      expect(
        files.filter((file) => pattern.test(file)),
        String(pattern),
      ).toHaveLength(1);
    }
    expect(JSON.parse(readFileSync(join(release, "schema.json"), "utf8"))).toEqual(
      JSON.parse(readFileSync(join(ROOT, "dist", "plugin", "schema.json"), "utf8")),
    );
    // The release's notes: the version's section of CHANGELOG.md.
    const changelog = readFileSync(join(ROOT, "CHANGELOG.md"), "utf8");
    const notes = readFileSync(join(release, "notes.md"), "utf8");
    expect(notes).toBe(releaseNotes(changelog, VERSION));
    expect(changelog).toContain(`## [${VERSION}]\n\n${notes.trim()}`);
  });

  it(
    "checksums.txt lists each archive's sha256, as sha256sum checks it",
    async () => {
      const lines = readFileSync(join(release, "checksums.txt"), "utf8").trim().split("\n");
      expect(lines).toHaveLength(12);
      for (const line of lines) {
        const [sum, name] = line.split("  ");
        expect(await sha256Of(join(release, String(name)))).toBe(sum);
      }
      const checked = await runProcess("sha256sum", ["--check", "--strict", "checksums.txt"], {
        cwd: release,
        env: process.env,
      });
      expect(checked.code, checked.stderr).toBe(0);
      expect(checked.stdout.match(/: OK$/gm)).toHaveLength(12);
    },
    3 * MINUTE,
  );

  it(
    "each archive holds one executable at its root, of its platform's format",
    () => {
      // A string of each program's own bundle: the plugin's and the command's are not swapped.
      const marker = {
        [PLUGIN]: "set PULUMI_COLLECTORS_NODE to its path",
        [CLI]: "Collector Management as code: the local service and fleet tools.",
      };
      for (const program of [PLUGIN, CLI] as const) {
        for (const platform of platforms()) {
          const name = executableName(program, platform);
          const { dir, entries } = extract(platform.name, program);
          expect(entries, `${program} ${platform.name}`).toHaveLength(1);
          expect(entries[0]).toMatch(new RegExp(`^-rwxr-xr-x 0/0 .* ${name.replace(".", "\\.")}$`));
          const executable = readFileSync(join(dir, name));
          expect(executableFormat(executable.subarray(0, 4096)), platform.name).toBe(platform.name);
          // The blob is in: Node.js's fuse is flipped (":1") and the bundle's code is there.
          expect(executable.includes("NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1")).toBe(
            true,
          );
          expect(executable.includes(marker[program]), `${program} ${platform.name}`).toBe(true);
          expect(executable.includes(marker[program === PLUGIN ? CLI : PLUGIN])).toBe(false);
        }
      }
      // Twelve archives of about 40 MB to unpack and search: 30 s was too short on a busy machine.
    },
    3 * MINUTE,
  );

  it(
    "signs the darwin executables ad hoc: every page hash of the signature matches",
    async () => {
      for (const program of [PLUGIN, CLI]) {
        for (const name of ["darwin-amd64", "darwin-arm64"]) {
          const { dir } = extract(name, program);
          const checked = await runProcess(
            join(ROOT, "dist", "bin", "machosign"),
            ["-verify", join(dir, program)],
            { cwd: dir, env: process.env },
          );
          expect(checked.code, checked.stderr).toBe(0);
          expect(checked.stdout).toContain(`ad-hoc signed as "${program}", `);
          expect(checked.stdout).toMatch(/, \d+ pages verified/);
        }
      }
    },
    3 * MINUTE,
  );

  it(
    "the linux-arm64 executable starts under qemu-user and prints its port",
    async () => {
      const { dir } = extract("linux-arm64");
      // Debian's qemu-user and the arm64 C and C++ libraries (npm test installs them: scripts/toolchain/test-prerequisites.mts).
      const started = await startPlugin(
        "qemu-aarch64",
        ["-L", "/usr/aarch64-linux-gnu", join(dir, "pulumi-resource-collectors")],
        { PATH: "/usr/bin:/bin" },
        4 * MINUTE,
      );
      started.stop();
      expect(started.port).toBeGreaterThan(0);
    },
    5 * MINUTE,
  );

  it(
    "the linux-arm64 collectors runs under qemu-user: --help, and serve answers list",
    async () => {
      const { dir } = extract("linux-arm64", CLI);
      const qemu = ["-L", "/usr/aarch64-linux-gnu", join(dir, CLI)];
      const env = { PATH: "/usr/bin:/bin" };
      const help = await runProcess("qemu-aarch64", [...qemu, "--help"], {
        cwd: dir,
        env,
        timeoutMs: 4 * MINUTE,
      });
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/^Usage: collectors /);
      const served = await serveJson("qemu-aarch64", qemu, env, 4 * MINUTE);
      try {
        const list = await runProcess("qemu-aarch64", [...qemu, "list", "--json"], {
          cwd: dir,
          env: { ...env, ...served.env },
          timeoutMs: 4 * MINUTE,
        });
        expect(list.code, list.stderr).toBe(0);
        expect(JSON.parse(list.stdout)).toEqual([]);
      } finally {
        expect(await served.stop()).toBe(0);
      }
    },
    10 * MINUTE,
  );

  it("stops, naming the platform, when a pinned Node.js binary does not match, and writes nothing", async () => {
    const table = nodeBinaries();
    table.platforms["windows-arm64"] = {
      ...(table.platforms["windows-arm64"] as NodeBinary),
      sha256: "0".repeat(64),
    };
    const out = join(tmp, "refused");
    await expect(buildRelease({ out, table, log: () => undefined })).rejects.toThrow(
      /^windows-arm64: .* has sha256 [0-9a-f]{64}, node-binaries.json pins 0{64}/,
    );
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(tmp).filter((name) => name.startsWith("refused"))).toEqual([]);
  });
});

describe("the linux-amd64 collectors, with no node on the PATH", () => {
  let cli: string;
  /** An empty folder as the whole PATH: the executable must need nothing from it. */
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    cli = join(extract("linux-amd64", CLI).dir, CLI);
    env = { PATH: mkdtempSync(join(tmp, "empty-bin-")), HOME: tmp };
    const node = await runProcess("/bin/bash", ["-c", "command -v node"], { cwd: tmp, env });
    expect(node.code).toBe(1);
  });

  const collectors = (args: string[], more: Record<string, string> = {}) =>
    runProcess(cli, args, { cwd: tmp, env: { ...env, ...more }, timeoutMs: MINUTE });

  it("prints its version and its help", async () => {
    const version = await collectors(["--version"]);
    expect(version).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    const help = await collectors(["--help"]);
    expect(help.code, help.stderr).toBe(0);
    for (const command of ["serve", "list", "upgrade", "offline", "export", "recover", "migrate"]) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    }
  });

  it("serves the local service (in SQLite with --data); list and export work against it", async () => {
    const data = mkdtempSync(join(tmp, "data-"));
    const started = performance.now();
    // --data: the store is node:sqlite, which the executable's Node.js must carry.
    const served = await serveJson(cli, [], env, MINUTE, ["--data", data]);
    try {
      expect(served.ready.dataDir).toBe(data);
      process.stdout.write(
        `collectors serve (self-contained) ready in ${Math.round(performance.now() - started)} ms\n`,
      );
      const empty = await collectors(["list", "--json"], served.env);
      expect(empty.code, empty.stderr).toBe(0);
      expect(JSON.parse(empty.stdout)).toEqual([]);

      const auth = `Basic ${btoa(`${served.ready.accessId}:${served.ready.accessKey}`)}`;
      const made = await fetch(`${served.ready.endpoint}/collectors`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/json" },
        body: JSON.stringify({ collector: { collectorType: "Hosted", name: "web" } }),
      });
      expect(made.status).toBe(201);
      const listed = await collectors(["list", "--json"], served.env);
      expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: "web" })]);

      // With no package around it, a YAML program's plugin comes from the release page.
      const out = join(tmp, "exported");
      const exported = await collectors(["export", "--language", "yaml", "--out", out], served.env);
      expect(exported.code, exported.stderr).toBe(0);
      expect(readFileSync(join(out, "Pulumi.yaml"), "utf8")).toContain("collectors:index:");
      expect(exported.stdout + exported.stderr).toContain(
        `pulumi plugin install resource collectors ${VERSION} --server ${RELEASE_PAGE}`,
      );
    } finally {
      expect(await served.stop()).toBe(0);
    }
    expect(readdirSync(data)).toContain("collectors-emulator.sqlite");
  });

  it("migrates the recorded Terraform state against its store, with no node on the PATH", async () => {
    const data = mkdtempSync(join(tmp, "terraform-store-"));
    cpSync(join(TERRAFORM, "store"), data, { recursive: true });
    const served = await serveJson(cli, [], env, MINUTE, ["--data", data]);
    try {
      const out = join(tmp, "migrated");
      const args = ["migrate", "terraform", TERRAFORM_STATE, "--language", "yaml", "--out", out];
      const migrated = await collectors(args, served.env);
      expect(migrated.code, migrated.stderr).toBe(0);
      const program = readFileSync(join(out, "Pulumi.yaml"), "utf8");
      expect(program.match(/^ {6}adopt:$/gm)).toHaveLength(35);
      expect(migrated.stdout).toContain("removed {");
      expect(migrated.stdout).toContain("terraform state rm ");
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it(
    "runs the pytest recipe of docs/guides/testing-your-programs.md, found through COLLECTORS_CLI",
    async () => {
      const app = mkdtempSync(join(tmp, "pytest-recipe-"));
      cpSync(join(ROOT, "examples", "testing", "python"), app, { recursive: true });
      const python = defaultPython();
      // The tests over plain HTTP: Debian's python has no pulumi for test_web_tier.py, which
      // test/e2e/testing-recipes.test.ts runs in the Python tests' environment.
      const args = ["-m", "pytest", "-v", "-p", "no:cacheprovider", "test_local_service.py"];
      const result = await runProcess(python, args, {
        cwd: app,
        env: { ...env, COLLECTORS_CLI: cli },
        timeoutMs: 5 * MINUTE,
      });
      expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(/=+ 4 passed in [\d.]+s =+/);
    },
    5 * MINUTE,
  );
});

/** A program of a Python user's own: nothing of it comes from this repository. */
const PYTHON_USER_PROGRAM = `"""An edge collector taking HTTP logs; its description comes from config."""
import pulumi
import pulumi_collectors as collectors

config = pulumi.Config()
edge = collectors.HostedCollector(
    "edge", description=config.require("description"), category="edge"
)
ingest = collectors.HttpSource("ingest", collector_id=edge.id, category="edge/http")

pulumi.export("edgeId", edge.id)
pulumi.export("ingestUrl", ingest.url)
`;

/** The Python language host and the two scripts of the Pulumi Python SDK it and the engine run. */
const PYTHON_HOST = [
  "pulumi-language-python",
  "pulumi-language-python-exec",
  "pulumi-resource-pulumi-python",
];

/**
 * A folder holding only `pulumi`, the YAML language host and the `hosts` asked for, for a PATH
 * without Node.js.
 */
async function pulumiOnly(hosts: string[] = []): Promise<string> {
  const [cli = ""] = (await pulumiCliPath(ROOT)).split(":");
  const bin = mkdtempSync(join(tmp, "bin-"));
  for (const name of ["pulumi", "pulumi-language-yaml", ...hosts]) {
    try {
      linkSync(join(cli, name), join(bin, name));
    } catch {
      copyFileSync(join(cli, name), join(bin, name));
    }
  }
  return bin;
}

/**
 * A fresh machine: this PATH only (no `node` on it, checked), a new HOME, PULUMI_HOME and backend,
 * an empty project folder, and the local service's account in ACCESS_ID and ACCESS_KEY.
 */
async function freshMachine(bin: string) {
  const home = mkdtempSync(join(tmp, "machine-"));
  const project = join(home, "project");
  mkdirSync(project);
  const env: NodeJS.ProcessEnv = {
    ...isolatedEnv(home, bin, { PATH: bin, HOME: home }),
    ACCESS_ID: PULUMI_USER.accessId,
    ACCESS_KEY: PULUMI_USER.accessKey,
  };
  const node = await runProcess("/bin/bash", ["-c", "command -v node"], { cwd: project, env });
  expect(node.code, "`command -v node` on the fresh machine").toBe(1);
  return { env, home, project };
}

/** Runs a shell script with /bin/bash (by path: nothing else comes from PATH). */
async function sh(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  const result = await runProcess("/bin/bash", ["-euo", "pipefail", "-c", script], {
    cwd,
    env,
    timeoutMs: 15 * MINUTE,
  });
  expect(result.code, `${script}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

/** The fenced blocks of a Markdown section, in order, with their languages. */
function blocksOf(markdown: string, heading: string): { lang: string; text: string }[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const section = markdown.slice(start + heading.length + 2).split(/\n#{1,3} /)[0];
  return [...(section ?? "").matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({
    lang: String(m[1]),
    text: String(m[2]),
  }));
}

describe("installing from the release page", () => {
  it(
    "pulumi plugin install --server puts the linux-amd64 executable into a fresh PULUMI_HOME",
    async () => {
      const { env } = await freshMachine(await pulumiOnly());
      const from = page.requests.length;
      await sh(
        `pulumi plugin install resource collectors ${VERSION} --server ${page.url}`,
        tmp,
        env,
      );
      expect(page.requests.slice(from)).toContain(`/${archiveName(VERSION, "linux-amd64")}`);
      const listed = JSON.parse((await sh("pulumi plugin ls --json", tmp, env)).stdout);
      expect(listed).toContainEqual(
        expect.objectContaining({ name: "collectors", kind: "resource", version: VERSION }),
      );
      const installed = join(
        env.PULUMI_HOME as string,
        "plugins",
        `resource-collectors-v${VERSION}`,
        "pulumi-resource-collectors",
      );
      const { dir } = extract("linux-amd64");
      expect(await sha256Of(installed)).toBe(
        await sha256Of(join(dir, "pulumi-resource-collectors")),
      );
    },
    10 * MINUTE,
  );

  it(
    "the YAML path of docs/installation-configuration.md, as written, runs with no node on the PATH",
    async () => {
      const { env, project } = await freshMachine(await pulumiOnly());

      // The document's commands, but for the two things this machine has no way to: the release
      // page is served on loopback, and the account is the local service.
      const doc = readFileSync(join(ROOT, "docs", "installation-configuration.md"), "utf8");
      const blocks = blocksOf(doc, "### A first YAML program");
      expect(blocks.map((b) => b.lang)).toEqual(["sh", "yaml", "sh"]);
      const [install, program, run] = blocks.map((b) => b.text) as [string, string, string];
      const local = (script: string) =>
        script
          .replaceAll(RELEASE_PAGE, page.url)
          .replace(
            'pulumi config set collectors:deployment "$DEPLOYMENT"',
            `pulumi config set collectors:endpoint ${service.url}`,
          );
      expect(local(run)).toContain(service.url);

      const started = performance.now();
      await sh(local(install), project, env);
      writeFileSync(join(project, "Pulumi.yaml"), program);
      const up = await sh(local(run), project, env);
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(
        `new user's YAML path, plugin install to first up: ${seconds.toFixed(1)} s\n`,
      );
      expect(up.stdout).toMatch(/\+ 3 created/);

      const inventory = await service.inventory();
      const collector = inventory.find((c) => c.description === "Collects the application's logs.");
      expect(collector?.sources.map((s) => s.name)).toEqual([expect.stringMatching(/^web-/)]);
      await sh("pulumi preview --expect-no-changes", project, env);
      await sh("pulumi destroy --yes", project, env);
      expect((await service.inventory()).some((c) => c.id === collector?.id)).toBe(false);
    },
    15 * MINUTE,
  );

  it(
    "a Python user's own program runs up, preview, update and destroy on the released plugin and wheel, no node on the PATH",
    async () => {
      const { env, home, project } = await freshMachine(await pulumiOnly(PYTHON_HOST));
      // `npm run python-env -- DIR --wheel FILE`: the environment, with the release's wheel.
      const wheel = join(release, "sdk", "python", `pulumi_collectors-${VERSION}-py3-none-any.whl`);
      const venv = join(home, "venv");
      const made = await runProcess(
        process.execPath,
        [join(ROOT, "dist", "scripts", "toolchain", "python-env.js"), venv, "--wheel", wheel],
        { cwd: ROOT, env: process.env, timeoutMs: 5 * MINUTE },
      );
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain(`pulumi_collectors ${VERSION}`);
      const installedFrom = await runProcess(
        join(venv, "bin", "python"),
        [
          "-c",
          "import importlib.metadata as m; print(m.distribution('pulumi_collectors').read_text('direct_url.json'))",
        ],
        { cwd: project, env, timeoutMs: MINUTE },
      );
      expect(JSON.parse(installedFrom.stdout).url, "where pip installed it from").toBe(
        `file://${wheel}`,
      );
      writeFileSync(
        join(project, "Pulumi.yaml"),
        `name: edge\nruntime:\n  name: python\n  options:\n    virtualenv: ${venv}\n`,
      );
      writeFileSync(join(project, "__main__.py"), PYTHON_USER_PROGRAM);
      await sh(
        [
          `pulumi plugin install resource collectors ${VERSION} --server ${page.url}`,
          "pulumi stack init dev",
          `pulumi config set collectors:endpoint ${service.url}`,
          'pulumi config set collectors:accessId "$ACCESS_ID"',
          'pulumi config set --secret collectors:accessKey "$ACCESS_KEY"',
          "pulumi config set description 'Logs from the edge.'",
        ].join(" && "),
        project,
        env,
      );

      const up = await service.requestsDuring(() => sh("pulumi up --yes", project, env));
      expect(changesOnly(up)).toEqual([
        "POST /collectors 201",
        "POST /collectors/{id}/sources 201",
      ]);
      const edge = (await service.inventory()).find((c) => c.description === "Logs from the edge.");
      expect(edge?.sources.map((s) => s.category)).toEqual(["edge/http"]);
      const outputs = JSON.parse(
        (await sh("pulumi stack output --json --show-secrets", project, env)).stdout,
      );
      expect(outputs).toMatchObject({ edgeId: String(edge?.id), ingestUrl: expect.any(String) });
      const state = (await sh("pulumi stack export", project, env)).stdout;
      expect(state).not.toContain(outputs.ingestUrl);
      expect(state).not.toContain(PULUMI_USER.accessKey);

      await sh("pulumi preview --expect-no-changes", project, env);
      await sh("pulumi config set description 'Logs from the edge, all regions.'", project, env);
      const update = await service.requestsDuring(() => sh("pulumi up --yes", project, env));
      expect(changesOnly(update)).toEqual(["PUT /collectors/{id} 200"]);
      expect((await service.inventory()).find((c) => c.id === edge?.id)?.description).toBe(
        "Logs from the edge, all regions.",
      );

      await sh("pulumi destroy --yes", project, env);
      expect((await service.inventory()).some((c) => c.id === edge?.id)).toBe(false);
    },
    15 * MINUTE,
  );

  it(
    "a program naming pluginDownloadURL gets the plugin from the engine, nothing installed before",
    async () => {
      const ws: PulumiWorkspace = await workspaceFor(
        service,
        join(ROOT, "test", "e2e", "programs", "download"),
        {
          env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false" },
        },
      );
      try {
        const file = join(ws.dir, "Pulumi.yaml");
        writeFileSync(file, readFileSync(file, "utf8").replace("PLUGIN_DOWNLOAD_URL", page.url));
        expect(
          existsSync(
            join(ws.env.PULUMI_HOME as string, "plugins", `resource-collectors-v${VERSION}`),
          ),
        ).toBe(false);
        const from = page.requests.length;
        await ws.pulumi(["up", "--yes"]);
        expect(page.requests.slice(from)).toContain(`/${archiveName(VERSION, "linux-amd64")}`);
        const outputs = await ws.outputs();
        expect(String(outputs.collectorId)).toMatch(/^\d+$/);
        await ws.pulumi(["destroy", "--yes"]);
      } finally {
        ws.dispose();
      }
    },
    10 * MINUTE,
  );
});
