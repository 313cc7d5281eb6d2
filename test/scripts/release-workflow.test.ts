// The release workflow (.github/workflows/release.yml), as far as it can be checked without
// GitHub: actionlint (scripts/toolchain/actionlint, with Debian's shellcheck for the run: scripts) finds
// nothing, also with each action at its major tag, where actionlint knows the action's inputs; the
// workflow's shape holds (v* tags only, least permissions, every publishing step behind its
// secret, the release's assets, where each executable runs); and two of its scripts run here on
// made-up inputs. What only GitHub can run is listed in docs/internals/releasing.md.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { goCommand } from "../../scripts/build/sdks";
import { repoRoot, runProcess } from "../../scripts/toolchain/pulumi-workspace";

const ROOT = repoRoot(__dirname);
const WORKFLOWS = join(ROOT, ".github", "workflows");
const RELEASE = join(WORKFLOWS, "release.yml");
/** The registries' secrets; each publishing step must run only when its secret is set. */
const PUBLISH_SECRETS = ["NPM_TOKEN", "PYPI_API_TOKEN", "NUGET_API_KEY"];
/** A GitHub expression as the workflow writes it: `${{ inner }}`. */
const expression = (inner: string) => `\${{ ${inner} }}`;

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  "runs-on": string;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  strategy?: { matrix: { include: Record<string, unknown>[] } };
  steps: Step[];
}
interface Workflow {
  on: unknown;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync(RELEASE, "utf8")) as Workflow;
const job = (name: string): Job => {
  const found = workflow.jobs[name];
  if (!found) throw new Error(`release.yml has no job ${name}`);
  return found;
};
const needsOf = (j: Job) => [j.needs ?? []].flat();
const stepWith = (j: Job, test: (s: Step) => boolean): Step => {
  const found = j.steps.find(test);
  if (!found) throw new Error("no such step");
  return found;
};
const secretsIn = (step: Step): string[] =>
  [...JSON.stringify([step.env, step.with, step.run]).matchAll(/secrets\.(\w+)/g)].map(
    (m) => m[1] as string,
  );

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

let tmp: string;
let actionlint: string;

/** actionlint's findings on `files`, with shellcheck; "" when there are none. */
function lint(files: string[]): { code: number | null; out: string } {
  const shellcheck = onPath("shellcheck") as string;
  const run = spawnSync(actionlint, ["-no-color", "-shellcheck", shellcheck, ...files], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** A copy of the workflow with `edit` applied, in the temporary folder. */
function copyOf(name: string, edit: (text: string) => string): string {
  const file = join(tmp, name);
  writeFileSync(file, edit(readFileSync(RELEASE, "utf8")));
  return file;
}

/** Runs a step's script as GitHub's `shell: bash` does. */
function runStep(step: Step, cwd: string, env: Record<string, string>) {
  expect(step.run, "a step run here must not need GitHub's expressions").not.toMatch(/\$\{\{/);
  return spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step.run as string], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", ...env },
  });
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "release-workflow-test-"));
  actionlint = join(tmp, "actionlint");
  const built = await runProcess(
    goCommand(),
    ["build", "-o", actionlint, "github.com/rhysd/actionlint/cmd/actionlint"],
    {
      cwd: join(ROOT, "scripts", "toolchain", "actionlint"),
      env: { ...process.env, GOFLAGS: "-mod=readonly" },
      timeoutMs: 10 * 60_000,
    },
  );
  if (built.code !== 0) throw new Error(`building actionlint failed:\n${built.stderr}`);
}, 10 * 60_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("actionlint", () => {
  it("runs with shellcheck (Debian's package shellcheck)", () => {
    expect(onPath("shellcheck"), "install shellcheck: apt-get install shellcheck").toBeDefined();
  });

  it("finds nothing in .github/workflows/*.yml", () => {
    const files = readdirSync(WORKFLOWS)
      .filter((name) => name.endsWith(".yml"))
      .map((name) => join(WORKFLOWS, name));
    expect(files).toContain(RELEASE);
    expect(lint(files)).toEqual({ code: 0, out: "" });
  });

  it("finds nothing with each action at its major tag, where it checks the action's inputs", () => {
    const majors = copyOf("majors.yml", (text) =>
      text.replace(/(uses: [\w./-]+@v\d+)(?:\.\d+)+/g, "$1"),
    );
    expect(readFileSync(majors, "utf8")).toContain("actions/upload-artifact@v7\n");
    expect(lint([majors])).toEqual({ code: 0, out: "" });
  });

  it("does report a wrong input, a secret in a step's if and a shellcheck finding", () => {
    const broken = copyOf("broken.yml", (text) =>
      text
        .replace(/(uses: [\w./-]+@v\d+)(?:\.\d+)+/g, "$1")
        .replace("compression-level: 0", "compression-levels: 0")
        .replace("if: steps.npm-token.outputs.set == 'true'", "if: secrets.NPM_TOKEN != ''")
        .replace('mkdir -p "$RUNNER_TEMP/npm"', "mkdir -p $RUNNER_TEMP/npm"),
    );
    const { code, out } = lint([broken]);
    expect(code).toBe(1);
    expect(out).toContain('input "compression-levels" is not defined');
    expect(out).toContain('context "secrets" is not allowed here');
    expect(out).toContain("SC2086");
  });
});

describe("the workflow's shape", () => {
  it("runs on pushed v* tags and nothing else", () => {
    expect(workflow.on).toEqual({ push: { tags: ["v*"] } });
  });

  it("grants nothing by default; only the GitHub release and the Go tag may write", () => {
    expect(workflow.permissions).toEqual({});
    const writers = Object.entries(workflow.jobs)
      .filter(([, j]) => Object.values(j.permissions ?? {}).includes("write"))
      .map(([name, j]) => [name, j.permissions]);
    expect(writers).toEqual([
      ["github-release", { contents: "write" }],
      ["go-tag", { contents: "write" }],
    ]);
    for (const [name, j] of Object.entries(workflow.jobs)) {
      expect(j.permissions, `${name} says what it may do`).toBeDefined();
    }
  });

  it("pins every action to a full version", () => {
    const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.flatMap((s) => s.uses ?? []));
    expect(uses.length).toBeGreaterThan(10);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@v\d+\.\d+\.\d+$/);
  });

  it("runs every publishing step only when its secret is set, with a notice when it is not", () => {
    const gated = new Set<string>();
    for (const [name, j] of Object.entries(workflow.jobs)) {
      expect(JSON.stringify(j.env ?? {}), `${name}: no secret for the whole job`).not.toMatch(
        /secrets\./,
      );
      const checks = new Map<string, string>(); // step id → the secret it checks
      for (const step of j.steps) {
        const secrets = secretsIn(step).filter((s) => s !== "GITHUB_TOKEN");
        if (step.id && step.run?.includes('echo "set=true" >> "$GITHUB_OUTPUT"')) {
          expect(secrets, `${name}/${step.id} checks one secret`).toHaveLength(1);
          const secret = secrets[0] as string;
          expect(step.run).toMatch(new RegExp(`::notice[^\\n]*${secret} is not set`));
          checks.set(step.id, secret);
          continue;
        }
        if (checks.size > 0) {
          // After the check, nothing runs without the credential.
          const [id, secret] = [...checks][0] as [string, string];
          expect(step.if, `${name}/${step.name ?? step.uses}`).toBe(
            `steps.${id}.outputs.set == 'true'`,
          );
          for (const used of secrets) expect(used).toBe(secret);
          if (secrets.length > 0) gated.add(secret);
        } else {
          expect(secrets, `${name}/${step.name ?? step.uses} uses a secret ungated`).toEqual([]);
        }
      }
    }
    expect([...gated].sort()).toEqual([...PUBLISH_SECRETS].sort());
  });

  it("publishes the npm package and SDK, the Python, .NET and Go SDKs after the GitHub release", () => {
    const runs = (name: string) =>
      job(name)
        .steps.map((s) => `${s.uses ?? ""}${s.run ?? ""}`)
        .join("\n");
    expect(runs("npm")).toContain('npm publish "$tarball" --access public');
    expect(runs("pypi")).toContain("pypa/gh-action-pypi-publish@");
    expect(runs("nuget")).toMatch(/dotnet pack sdk\/dotnet[\s\S]*dotnet nuget push/);
    expect(runs("go-tag")).toContain('git push origin "refs/tags/$TAG"');
    // The tag the release names (sdk/go.tag), checked against the version before it is pushed.
    const goTag = job("go-tag");
    const module = stepWith(goTag, (step) => step.id === "module");
    expect(module.run).toContain('test "$tag" = "sdk/go/v$VERSION"');
    expect(stepWith(goTag, (step) => step.env?.TAG !== undefined).env?.TAG).toBe(
      expression("steps.module.outputs.tag"),
    );
    for (const name of ["npm", "pypi", "nuget", "go-tag"]) {
      expect(needsOf(job(name)), name).toContain("github-release");
    }
    // The npm job publishes what the build job packed: the package and the TypeScript SDK.
    expect(runs("build")).toMatch(/npm pack[\s\S]*cp dist\/release\/sdk\/nodejs\/\*\.tgz/);
  });

  it("releases the twelve archives, checksums.txt and schema.json with CHANGELOG's notes, once everything was checked", () => {
    const upload = stepWith(job("build"), (s) => s.with?.name === "release");
    expect(String(upload.with?.path).trim().split("\n")).toEqual([
      "dist/release/*.tar.gz",
      "dist/release/checksums.txt",
      "dist/release/schema.json",
      "dist/release/notes.md",
    ]);
    const create = stepWith(job("github-release"), (s) => s.name === "gh release create");
    expect(create.run).toContain("assets=(./*.tar.gz checksums.txt schema.json)");
    expect(create.run).toContain('gh release create "$TAG"');
    // The notes are the version's CHANGELOG.md section, not generated from commits.
    expect(create.run).toContain("--notes-file notes.md");
    expect(create.run).not.toContain("--generate-notes");
    expect(create.env?.GH_TOKEN).toBe(expression("secrets.GITHUB_TOKEN"));
    expect(needsOf(job("github-release")).sort()).toEqual(
      ["build", "smoke", "verify-node-upstream", "version"].sort(),
    );
    expect(JSON.stringify(job("verify-node-upstream").steps)).toContain(
      "npm run verify:node-upstream",
    );
  });

  it("runs darwin-arm64 on macOS after codesign --verify, windows-amd64 on Windows", () => {
    const smoke = job("smoke");
    const runner = (platform: string) =>
      smoke.strategy?.matrix.include.find((entry) => entry.platform === platform)?.runner;
    expect(runner("darwin-arm64")).toMatch(/^macos-/);
    expect(runner("windows-amd64")).toMatch(/^windows-/);
    const codesign = stepWith(smoke, (s) => s.run?.includes("codesign --verify") ?? false);
    expect(codesign.if).toBe("runner.os == 'macOS'");
    const names = smoke.steps.map((s) => s.name ?? s.uses);
    expect(names.indexOf(codesign.name)).toBeLessThan(
      names.indexOf("Start it, read its port, ask GetPluginInfo, kill it"),
    );
    expect(codesign.run).toContain('for file in "$EXECUTABLE" "$COLLECTORS"; do');
  });

  it("runs the collectors command on every platform with an empty PATH, as it was released", () => {
    const smoke = job("smoke");
    expect(smoke.env?.CLI_ARCHIVE).toBe(
      `collectors-v${expression("needs.version.outputs.version")}-${expression("matrix.platform")}.tar.gz`,
    );
    for (const entry of smoke.strategy?.matrix.include ?? []) {
      const windows = String(entry.platform).startsWith("windows-");
      expect(entry.cli, String(entry.platform)).toBe(windows ? "collectors.exe" : "collectors");
    }
    const run = stepWith(
      smoke,
      (s) => s.name?.startsWith("collectors with an empty PATH") ?? false,
    );
    expect(run.if).toBeUndefined();
    expect(run.run).toContain('env PATH= "$COLLECTORS" --version');
    expect(run.run).toContain('env PATH= "$COLLECTORS" serve --port 0 --json');
    expect(run.run).toMatch(/"\$COLLECTORS" list --json/);
  });
});

describe("the workflow's scripts, run here", () => {
  it("the version check passes v<package.json's version> and refuses any other tag", () => {
    const step = stepWith(job("version"), (s) => s.id === "version");
    const dir = join(tmp, "version");
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ version: "1.2.3" }));
    const output = join(dir, "output");
    const ok = runStep(step, dir, { GITHUB_REF_NAME: "v1.2.3", GITHUB_OUTPUT: output });
    expect(ok.status, ok.stderr).toBe(0);
    expect(readFileSync(output, "utf8")).toBe("version=1.2.3\n");
    const wrong = runStep(step, dir, { GITHUB_REF_NAME: "v1.2.4", GITHUB_OUTPUT: output });
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toContain("::error::the tag v1.2.4 is not v1.2.3");
  });

  it("the release job's check refuses an archive that checksums.txt does not list", () => {
    const step = stepWith(
      job("github-release"),
      (s) => s.name?.startsWith("checksums.txt") ?? false,
    );
    const dir = join(tmp, "assets");
    mkdirSync(dir);
    for (const name of ["a.tar.gz", "b.tar.gz", "schema.json"])
      writeFileSync(join(dir, name), name);
    writeFileSync(
      join(dir, "checksums.txt"),
      execFileSync("sha256sum", ["a.tar.gz", "b.tar.gz"], { cwd: dir, encoding: "utf8" }),
    );
    expect(runStep(step, dir, {}).status).toBe(0);
    writeFileSync(join(dir, "c.tar.gz"), "not listed");
    const extra = runStep(step, dir, {});
    expect(extra.status).toBe(1);
    expect(extra.stdout).toContain("< c.tar.gz");
  });

  it("the build's check wants exactly one archive per program and pinned platform, each matching", () => {
    const step = stepWith(job("build"), (s) => s.id === "coverage");
    const dir = join(tmp, "coverage");
    const release = join(dir, "dist", "release");
    mkdirSync(release, { recursive: true });
    mkdirSync(join(dir, "scripts", "release"), { recursive: true });
    const table = { version: "22.0.0", platforms: { "linux-amd64": {}, "windows-arm64": {} } };
    writeFileSync(join(dir, "scripts", "release", "node-binaries.json"), JSON.stringify(table));
    const archives = ["pulumi-resource-collectors", "collectors"].flatMap((program) =>
      ["linux-amd64", "windows-arm64"].map((p) => `${program}-v1.2.3-${p}.tar.gz`),
    );
    for (const archive of archives) writeFileSync(join(release, archive), archive);
    const checksums = (names: string[]) =>
      writeFileSync(
        join(release, "checksums.txt"),
        execFileSync("sha256sum", names, { cwd: release, encoding: "utf8" }),
      );

    checksums(archives);
    expect(runStep(step, dir, { VERSION: "1.2.3" }).status).toBe(0);

    // Without a `collectors` archive, or a plugin's.
    for (const left of [archives.slice(0, 2), archives.slice(1)]) {
      checksums(left);
      const missing = runStep(step, dir, { VERSION: "1.2.3" });
      expect(missing.status).toBe(1);
      expect(missing.stdout).toContain("::error::checksums.txt does not list exactly one archive");
    }

    checksums(archives);
    writeFileSync(join(release, archives[3] as string), "changed after checksums.txt");
    const changed = runStep(step, dir, { VERSION: "1.2.3" });
    expect(changed.status).toBe(1);
    expect(changed.stdout).toContain(`${archives[3]}: FAILED`);
  });
});
