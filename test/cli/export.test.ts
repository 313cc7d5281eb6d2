// `collectors export` against the local service (in-process, limits off): what it reads, the
// program and project it writes, the secrets it prints and never writes, and its refusals.
// test/e2e/export.test.ts runs the generated project with the real engine.
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
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Command, usageExit } from "../../cli/commander";
import { type ExportOptions, registerExport, runExport } from "../../cli/export";
import { identifierOf } from "../../cli/export/names";
import type { CommandIO } from "../../cli/fleet/action";
import { UsageError } from "../../cli/fleet/output";
import { HIDDEN, type SeededAccount, seedAccount } from "./export-account";
import { ACCESS_ID, ACCESS_KEY, recorder, useEmulator } from "./harness";

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder that does not exist yet. */
function outDir(name = "project"): string {
  const parent = mkdtempSync(join(tmpdir(), "collectors-export-"));
  folders.push(parent);
  return join(parent, name);
}

/** Every file under `dir`, read as text. */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
    .join("\n");
}

describe("collectors export", () => {
  const ctx = useEmulator();
  let seeded: SeededAccount;

  const seed = async () => {
    seeded = await seedAccount(ctx.client(), (body) =>
      ctx.control.register(String(body.name), body),
    );
  };

  const run = async (options: ExportOptions, env: Record<string, string> = {}) => {
    const output = recorder();
    const done = await runExport(ctx.client(), options, output, env, new AbortController().signal);
    return { ...done, output };
  };

  it("writes a project that adopts every collector and source, secrets from config", async () => {
    await seed();
    const out = outDir();
    const { exitCode, result, output } = await run(
      { out, stack: "prod" },
      { COLLECTORS_ACCESS_ID: ACCESS_ID },
    );
    expect(exitCode).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      "Pulumi.prod.yaml",
      "Pulumi.yaml",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
    const program = readFileSync(join(out, "index.ts"), "utf8");

    // One declaration per exported object, each adopted by id.
    const declarations = program.match(/new collectors\.\w+\(/g) ?? [];
    expect(declarations).toHaveLength(seeded.collectors + seeded.exportedSources);
    expect(program.match(/adopt: \{ id: \d+ \}/g)).toHaveLength(declarations.length);
    // Logical names: unique, valid identifiers.
    const names = [...program.matchAll(/new collectors\.\w+\("([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[\p{ID_Start}$_][\p{ID_Continue}$]*$/u);
    // Awkward names: spaces and periods, a collision after sanitising, unicode, a digit first, a
    // reserved word, quotes.
    expect(program).toContain(
      'const webLogsProd = new collectors.HostedCollector("webLogsProd", {',
    );
    expect(program).toContain(
      'const webLogsProd2 = new collectors.HostedCollector("webLogsProd2", {',
    );
    expect(program).toContain('new collectors.HttpSource("webLogsProdAccessLog2", {');
    expect(program).toContain('name: "Café ünïcode 日志",');
    expect(program).toContain("const collector2024Archive = new collectors.HostedCollector(");
    expect(program).toContain('const delete2 = new collectors.HostedCollector("delete2", {');
    expect(program).toContain(`name: "say \\"hi\\" to 'them'\\\\now",`);
    // Dependencies by reference.
    expect(program).toContain("collectorId: webLogsProd.id,");
    // Typed classes where there is one, Source otherwise.
    for (const cls of [
      "HttpSource",
      "CloudSyslogSource",
      "LocalFileSource",
      "RemoteFileSource",
      "SyslogSource",
      "ScriptSource",
      "SystemStatsSource",
      "DockerLogSource",
      "DockerStatsSource",
      "StreamingMetricsSource",
      "InstalledCollector",
    ]) {
      expect(program).toContain(`new collectors.${cls}(`);
    }
    // Universal: Source, or the class the package's table has for it.
    expect(program).toMatch(/new collectors\.\w*Source\("webLogsProdOkta", \{[^;]*name: "okta"/);
    // Installed Collectors pinned to the build they run.
    expect(program).toMatch(
      /name: "web 03",\n {2}timeZone: "Europe\/Paris",\n {2}version: "19.403-1",/,
    );
    // Defaults and server-set values left out.
    expect(program).not.toMatch(
      /encoding: "UTF-8"|automaticDateParsing: true|alive|url:|token:|baseUrl:/,
    );
    expect(program).not.toMatch(/targetCpu: -1|ephemeral: false|cutoffTimestamp: 0/);

    // Secrets: read from config in the program, values only on stdout.
    const stdout = output.text();
    for (const value of seeded.returnedSecrets) {
      expect(allText(out)).not.toContain(value);
      expect(stdout).toContain(value.includes("'") ? value.replace(/'/g, "'\\''") : value);
    }
    expect(program).toContain(
      'remotePassword: config.requireSecret("db01ProdRemoteAuthRemotePassword"),',
    );
    expect(program).toContain('awsKey: config.requireSecret("webLogsProdS3BucketAwsKey"),');
    expect(stdout).toContain(
      "pulumi config set --secret db01ProdRemoteAuthRemotePassword -- 'p@ss w'\\''rd'",
    );
    // A masked credential in a field compared with the service (thirdPartyRef is not): to set.
    expect(stdout).toMatch(
      /pulumi config set --secret webLogsProdS3BucketAwsKey {3}# thirdPartyRef\.resources\.0\.authentication\.awsKey of source "S3 bucket" .*hidden by the service/,
    );
    // The Cloud-to-Cloud keys the service masks (okta's apiKey, duo's two): each one either to
    // set, or, where the class would take the mask for a change (a pass-through on this
    // version), written as the mask, which keeps the stored value, with a note saying so.
    const hiddenToSet = result.plan.secrets.filter((s) => s.value === undefined);
    const c2cToSet = hiddenToSet.filter((s) => /source "(okta|duo)"/.test(s.owner)).length;
    const masks = program.split(HIDDEN).length - 1;
    expect(c2cToSet + masks).toBe(3);
    if (masks > 0) expect(program).toMatch(/written as the mask[^;]*config\.apiKey\./);
    for (const value of seeded.maskedSecrets) {
      expect(allText(out)).not.toContain(value);
      expect(stdout).not.toContain(value);
    }
    // What the service issues (HTTP urls and tokens, Cloud Syslog tokens) is no arg: in no file,
    // not on stdout.
    const issued: string[] = [];
    for (const c of await ctx.client().collectors.list()) {
      if (c.sourceSyncMode === "Json") continue;
      for (const s of await ctx.client().sources.list(c.id))
        issued.push(...[s.url, s.token].filter((v): v is string => typeof v === "string"));
    }
    expect(issued.length).toBeGreaterThan(8);
    for (const value of issued) {
      expect(allText(out)).not.toContain(value);
      expect(stdout).not.toContain(value);
    }
    expect(hiddenToSet).toHaveLength(seeded.hiddenSecretSources.length + c2cToSet);

    // Skipped: the sources of the collector in Json mode, with the reason, in the table and
    // in the program.
    expect(result.plan.skipped).toHaveLength(seeded.skippedSources);
    expect(stdout).toMatch(/│ Skipped +│ 2 +│/);
    expect(stdout).toMatch(/source "messages" .*on collector "legacy/);
    expect(stdout).toContain("Json source mode");
    expect(program).toMatch(/Its 2 source\(s\) are not managed here: .*Json source mode/);
    expect(stdout).toMatch(/│ HTTP sources +│ 9 +│/);
    expect(stdout).toMatch(/│ Universal sources +│ 2 +│/);
    expect(result.plan.sourceCounts.size).toBe(seeded.sourceTypes);
    expect(stdout).toMatch(/│ Installed collectors +│ 4 +│/);

    // The project around it.
    const stackFile = readFileSync(join(out, "Pulumi.prod.yaml"), "utf8");
    expect(stackFile).toContain(`collectors:endpoint: "${ctx.emu.url}"`);
    expect(stackFile).toContain(`collectors:accessId: "${ACCESS_ID}"`);
    expect(allText(out)).not.toContain(ACCESS_KEY);
    const manifest = JSON.parse(readFileSync(join(out, "package.json"), "utf8"));
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      "@pulumi/pulumi",
      "pulumi-collectors",
    ]);
    expect(readFileSync(join(out, "Pulumi.yaml"), "utf8")).toMatch(
      /^name: "project"\nruntime: nodejs\n/,
    );
    // Progress went to stderr.
    expect(output.stderr.join("\n")).toMatch(/10\/10 collectors' sources read/);
  });

  it("writes the same program for the same account (stable names)", async () => {
    await seed();
    const first = outDir();
    const second = outDir();
    await run({ out: first });
    await run({ out: second });
    expect(readFileSync(join(second, "index.ts"), "utf8")).toBe(
      readFileSync(join(first, "index.ts"), "utf8"),
    );
  });

  it("--collector and --installed narrow the export; a glob matching nothing is a warning", async () => {
    await seed();
    const out = outDir();
    const { output, result } = await run({
      out,
      installed: true,
      collector: ["db-*", "web*", "nothing-*"],
    });
    const program = readFileSync(join(out, "index.ts"), "utf8");
    expect(
      [...program.matchAll(/new collectors\.InstalledCollector\("(\w+)"/g)].map((m) => m[1]),
    ).toEqual(["db01Prod", "db02Prod", "web03"]);
    expect(program).not.toContain("HostedCollector");
    expect(result.plan.skipped).toEqual([]);
    expect(output.stderr).toContain("warning: --collector nothing-* matches no collector");
  });

  it("refuses a folder that is not empty unless --force, before reading anything", async () => {
    await seed();
    const out = outDir();
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "mine");
    const before = (await ctx.control.requests()).length;
    await expect(run({ out })).rejects.toThrow(UsageError);
    await expect(run({ out })).rejects.toThrow(/is not empty; .*--force/);
    expect((await ctx.control.requests()).length).toBe(before);
    await run({ out, force: true });
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("mine");
    expect(existsSync(join(out, "index.ts"))).toBe(true);
  });

  it("--program-only writes index.ts into an existing project, and nothing else", async () => {
    await seed();
    const out = outDir();
    await expect(run({ out, programOnly: true })).rejects.toThrow(/has no Pulumi.yaml/);
    mkdirSync(out);
    writeFileSync(join(out, "Pulumi.yaml"), "name: mine\nruntime: nodejs\n");
    await run({ out, programOnly: true });
    expect(readdirSync(out).sort()).toEqual(["Pulumi.yaml", "index.ts"]);
    await expect(run({ out, programOnly: true })).rejects.toThrow(/index.ts exists; pass --force/);
    await run({ out, programOnly: true, force: true });
    expect(readFileSync(join(out, "Pulumi.yaml"), "utf8")).toBe("name: mine\nruntime: nodejs\n");
  });

  it("writes nothing when nothing is selected (exit 1)", async () => {
    await seed();
    const out = outDir();
    const { exitCode, output } = await run({ out, collector: ["nothing-*"] });
    expect(exitCode).toBe(1);
    expect(output.stderr.join("\n")).toMatch(/no collector to export .*nothing was written/);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses --hosted with --installed, and a stack name Pulumi would refuse", async () => {
    await expect(run({ out: outDir(), hosted: true, installed: true })).rejects.toThrow(
      /--hosted and --installed exclude each other/,
    );
    await expect(run({ out: outDir(), stack: "my stack" })).rejects.toThrow(/--stack my stack/);
    await expect(run({ out: outDir(), collector: ["web-[z-a]"] })).rejects.toThrow(
      /--collector web-\[z-a\]: not a valid pattern/,
    );
  });

  it("runs from the command line with the COLLECTORS_* variables; a usage mistake exits 2", async () => {
    await ctx.client().collectors.create({ name: "only one" });
    const output = recorder();
    let exitCode: number | undefined;
    const io: CommandIO = {
      output,
      env: {
        COLLECTORS_ACCESS_ID: ACCESS_ID,
        COLLECTORS_ACCESS_KEY: ACCESS_KEY,
        COLLECTORS_ENDPOINT: ctx.emu.url,
      },
      setExitCode: (code) => {
        exitCode = code;
      },
      onInterrupt: () => () => undefined,
    };
    const program = new Command("collectors").exitOverride(usageExit);
    registerExport(program, io);
    const out = outDir();
    await program.parseAsync(["export", "--out", out, "--hosted", "--stack", "prod"], {
      from: "user",
    });
    expect(exitCode).toBe(0);
    expect(readFileSync(join(out, "index.ts"), "utf8")).toContain('name: "only one",');
    expect(readdirSync(out)).toContain("Pulumi.prod.yaml");

    await program.parseAsync(["export", "--out", out], { from: "user" });
    expect(exitCode).toBe(2);
    expect(output.stderr.at(-1)).toMatch(/^error: .* is not empty/);
  });
});

describe("identifiers", () => {
  it("camel-cases words, drops accents, keeps other letters, prefixes a leading digit", () => {
    expect(identifierOf("web logs.prod", "c1")).toBe("webLogsProd");
    expect(identifierOf("HTTP source", "c1")).toBe("httpSource");
    expect(identifierOf("Café", "c1")).toBe("cafe");
    expect(identifierOf("日志", "c1")).toBe("日志");
    expect(identifierOf("2024 logs", "collector7")).toBe("collector2024Logs");
    expect(identifierOf("!!!", "collector7")).toBe("collector7");
    expect(identifierOf("a".repeat(100), "c1")).toHaveLength(40);
  });

  it("cuts long names by characters, never inside a surrogate pair", () => {
    const id = identifierOf(`a${"𠀀".repeat(60)}`, "c1");
    expect([...id]).toHaveLength(40);
    expect(() => new Function(`const ${id} = 1;`)).not.toThrow();
  });
});
