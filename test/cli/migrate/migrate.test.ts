// `collectors migrate terraform|pulumi` on states the real tools wrote (test/migrate/), against
// the local service holding what those tools made: the project it writes (every object adopted by
// id, named as the old tool named it, nothing created), what it does not take and why, the
// hand-off it prints, only reads of the service, and no credential of the state in its output.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runExport } from "../../../cli/export";
import { type MigrateOptions, runMigrate, type Tool } from "../../../cli/migrate/run";
import { EXIT } from "../../../cli/shared/output";
import { recorder } from "../harness";
import {
  PULUMI,
  pulumiSecrets,
  type Recorded,
  STACK_EXPORT,
  serveRecording,
  TERRAFORM,
  TERRAFORM_STATE,
  terraformSecrets,
} from "./fixtures";

const ROOT = join(__dirname, "..", "..", "..");
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "migrate-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function migrate(
  recorded: Recorded,
  tool: Tool,
  file: string,
  extra: Partial<MigrateOptions> = {},
) {
  const output = recorder();
  const out = mkdtempSync(join(work, `${tool}-`));
  const before = (await recorded.requests()).length;
  // A TypeScript project depends on this checkout; a YAML one on the plugin it has built.
  const packageSpec = extra.language === "yaml" ? undefined : ROOT;
  const options = { file, out, packageSpec, ...extra };
  const host = { env: {}, readStdin: async () => readFileSync(TERRAFORM_STATE, "utf8") };
  const { exitCode, result } = await runMigrate(
    tool,
    recorded.client,
    options,
    output,
    host,
    new AbortController().signal,
  );
  const requests = (await recorded.requests()).slice(before);
  const files = Object.fromEntries(
    readdirSync(out).map((name) => [name, readFileSync(join(out, name), "utf8")]),
  );
  return { exitCode, result, output, requests, files, out };
}

/** What `collectors export` writes for the collectors of this name, as migrate() has it. */
async function exportOf(recorded: Recorded, collector: string, language: string) {
  const output = recorder();
  const out = mkdtempSync(join(work, "export-"));
  const packageSpec = language === "yaml" ? undefined : ROOT;
  const options = { out, force: true, packageSpec, language, collector: [collector] };
  const signal = new AbortController().signal;
  const { exitCode } = await runExport(recorded.client, options, output, {}, signal);
  expect(exitCode, output.stderr.join("\n")).toBe(EXIT.ok);
  return Object.fromEntries(
    readdirSync(out).map((name) => [name, readFileSync(join(out, name), "utf8")]),
  );
}

/**
 * The arguments and options of the one declaration of `className`, without its logical name
 * (a migration names it after the old tool's resource, an export after the object).
 */
function declarationOf(files: Record<string, string>, className: string): string {
  const yaml = files["Pulumi.yaml"] ?? "";
  const typescript = files["index.ts"];
  const found = typescript
    ? typescript.match(
        new RegExp(`new collectors\\.${className}\\(\\n {2}"[^"]+",\\n([\\s\\S]*?\\n)\\);`),
      )
    : yaml.match(new RegExp(`\\n {4}type: collectors:index:${className}\\n((?: {4}.*\\n)+)`));
  if (!found?.[1]) throw new Error(`no ${className} declared`);
  return found[1];
}

/** Migrates in both languages; no secret is in a file written, on stdout or on stderr. */
async function expectNoneWritten(recorded: Recorded, tool: Tool, file: string, secrets: string[]) {
  for (const language of ["typescript", "yaml"]) {
    const run = await migrate(recorded, tool, file, { language });
    expect(run.exitCode, run.output.stderr.join("\n")).toBe(EXIT.ok);
    const everything = [
      ...Object.values(run.files),
      ...run.output.stdout,
      ...run.output.stderr,
    ].join("\n");
    for (const secret of secrets) expect(everything, language).not.toContain(secret);
  }
}

/** `{ id: N }` adoptions in a TypeScript program, by logical name. */
function adoptions(program: string): Map<string, number> {
  const found = new Map<string, number>();
  const pattern = /new collectors\.\w+\(\s*"([^"]+)",\s*\{[\s\S]*?adopt: \{ id: (\d+) \}/g;
  for (const match of program.matchAll(pattern)) found.set(match[1] as string, Number(match[2]));
  return found;
}

describe("collectors migrate terraform, on a state the SumoLogic provider wrote", () => {
  let recorded: Recorded;
  beforeAll(async () => {
    recorded = await serveRecording(TERRAFORM);
  });
  afterAll(() => recorded.close());

  it("takes every collector and source the state manages, by id, named after its address", async () => {
    const run = await migrate(recorded, "terraform", TERRAFORM_STATE);
    expect(run.exitCode, run.output.stderr.join("\n")).toBe(EXIT.ok);
    const state = JSON.parse(readFileSync(TERRAFORM_STATE, "utf8")) as {
      resources: { mode: string; type: string; instances: { attributes: { id: string } }[] }[];
    };
    const managed = state.resources
      .filter((r) => r.mode === "managed" && r.type.startsWith("sumologic_"))
      .flatMap((r) => r.instances.map((i) => Number(i.attributes.id)));
    const adopted = adoptions(run.files["index.ts"] ?? "");
    expect([...adopted.values()].sort()).toEqual(managed.sort());
    // Names: the resource's name, its count index or for_each key after it.
    expect(adopted.has("web")).toBe(true);
    expect(adopted.has("shard0") && adopted.has("shard1")).toBe(true);
    expect([...adopted.keys()].filter((name) => name.startsWith("teamAlpha"))).toHaveLength(2);
    // Only reads: the program's content is what the service holds now.
    expect(run.requests.length).toBeGreaterThan(0);
    expect(run.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("says what it did not take and why, and prints the hand-off for exactly what it took", async () => {
    const run = await migrate(recorded, "terraform", TERRAFORM_STATE);
    const stdout = run.output.text();
    expect(stdout).toMatch(
      /data\.sumologic_collector\.installed\s*│ a data source: read by Terraform, not managed/,
    );
    expect(stdout).toMatch(/terraform_data\.release\s*│ not a collector or a source/);
    expect(stdout).toContain("removed {\n    from = sumologic_http_source.shard\n");
    expect(stdout).toContain("'sumologic_http_source.shard[0]' 'sumologic_http_source.shard[1]'");
    expect(stdout).toContain(`'sumologic_collector.team["alpha"]'`);
    expect(stdout).not.toContain("from = terraform_data.release");
  });

  it("writes no credential the state holds in clear, in any file or line it prints", async () => {
    const secrets = terraformSecrets();
    expect(secrets.length).toBeGreaterThan(10); // urls, tokens, the Okta API key
    await expectNoneWritten(recorded, "terraform", TERRAFORM_STATE, secrets);
  });

  it("prints a long address whole in the table of what it did not take", async () => {
    const moduled = join(work, "module.json");
    const state = JSON.parse(readFileSync(TERRAFORM_STATE, "utf8"));
    // In a module, and a for_each key with spaces: long, and more than one word.
    for (const resource of state.resources) {
      if (resource.mode !== "data") continue;
      resource.module = "module.local_windows_event_source";
      resource.instances[0].index_key = "eu west";
    }
    writeFileSync(moduled, JSON.stringify(state));
    const run = await migrate(recorded, "terraform", moduled);
    expect(run.exitCode, run.output.stderr.join("\n")).toBe(EXIT.ok);
    const address = `module.local_windows_event_source.data.sumologic_collector.installed["eu west"]`;
    expect(address.length).toBeGreaterThan(60); // the width the column was cut at
    const row = run.output
      .text()
      .split("\n")
      .find((line) => line.includes("a data source"));
    expect(row).toMatch(/^│ module\.local_windows_event_source\.data\.\S+\["eu west"\] +│ /);
    expect(row).toContain(address);
    expect(run.output.text()).not.toContain("…");
  });

  it("declares an Installed Collector as `collectors export` does, pinned to the build it runs", async () => {
    const [installed] = await recorded.client.collectors.list({ filter: "installed" });
    if (!installed?.collectorVersion) throw new Error("the recording has an Installed Collector");
    for (const language of ["typescript", "yaml"]) {
      const run = await migrate(recorded, "terraform", TERRAFORM_STATE, { language });
      expect(run.exitCode, run.output.stderr.join("\n")).toBe(EXIT.ok);
      const migrated = declarationOf(run.files, "InstalledCollector");
      const exported = declarationOf(
        await exportOf(recorded, installed.name, language),
        "InstalledCollector",
      );
      expect(migrated, language).toEqual(exported);
      expect(migrated, language).toMatch(
        new RegExp(
          `\\n {4,6}version: "?${installed.collectorVersion.replace(/\\./g, "\\\\.")}"?,?\\n`,
        ),
      );
    }
  });

  it("reads the state from stdin (-)", async () => {
    const run = await migrate(recorded, "terraform", "-");
    expect(run.exitCode).toBe(EXIT.ok);
    expect(adoptions(run.files["index.ts"] ?? "").size).toBe(35);
  });

  it("refuses what is not a version-4 Terraform state, naming the fix, and writes nothing", async () => {
    const bad = join(work, "bad.json");
    for (const [text, message] of [
      ["not json", /is not JSON; expected the JSON of `terraform state pull`/],
      ['{"version": 4}', /is not a Terraform state/],
      [
        '{"version": 3, "resources": []}',
        /Terraform state version 3; this command reads version 4/,
      ],
    ] as const) {
      writeFileSync(bad, text);
      await expect(migrate(recorded, "terraform", bad)).rejects.toThrow(message);
    }
    await expect(migrate(recorded, "terraform", join(work, "none.json"))).rejects.toThrow(
      /none\.json: no such file; give the path of the JSON of `terraform state pull`/,
    );
  });

  it("takes nothing from a state with no collector or source, and says what it holds", async () => {
    const other = join(work, "other.json");
    const state = JSON.parse(readFileSync(TERRAFORM_STATE, "utf8"));
    state.resources = state.resources.filter((r: { type: string }) => r.type === "terraform_data");
    writeFileSync(other, JSON.stringify(state));
    const run = await migrate(recorded, "terraform", other);
    expect(run.exitCode).toBe(EXIT.failed);
    expect(run.output.stderr.join("\n")).toMatch(
      /manages no collector, source, OpenTelemetry collector or source template; nothing was written/,
    );
    expect(run.output.stderr.join("\n")).toContain("terraform_data.release");
    expect(run.files).toEqual({});
  });

  it("leaves an object the service no longer has to the old tool, and out of the hand-off", async () => {
    const web = (await recorded.client.collectors.getByName("tf-hosted")).collector;
    const sources = await recorded.client.sources.list(web.id);
    const gone = sources.find((s) => s.name === "web");
    if (!gone?.id) throw new Error("the recording has an HTTP source named web");
    await recorded.client.sources.delete(web.id, gone.id);
    const run = await migrate(recorded, "terraform", TERRAFORM_STATE);
    expect(run.exitCode).toBe(EXIT.ok);
    const stdout = run.output.text();
    expect(stdout).toMatch(
      new RegExp(`sumologic_http_source\\.web\\s*│ the service has no source ${gone.id}`),
    );
    expect(stdout).not.toContain("from = sumologic_http_source.web\n");
    expect(adoptions(run.files["index.ts"] ?? "").has("web")).toBe(false);
  });
});

describe("collectors migrate pulumi, on a stack export of @pulumi/sumologic", () => {
  let recorded: Recorded;
  beforeAll(async () => {
    recorded = await serveRecording(PULUMI);
  });
  afterAll(() => recorded.close());

  it("takes the collectors and sources with their logical names, and hands off sources first", async () => {
    const run = await migrate(recorded, "pulumi", STACK_EXPORT);
    expect(run.exitCode, run.output.stderr.join("\n")).toBe(EXIT.ok);
    const exported = JSON.parse(readFileSync(STACK_EXPORT, "utf8")) as {
      deployment: { resources: { urn: string; type: string; id?: string }[] };
    };
    const family = exported.deployment.resources.filter((r) =>
      /^sumologic:index\/\w+:\w*(Collector|Source)$/.test(r.type),
    );
    const adopted = adoptions(run.files["index.ts"] ?? "");
    expect([...adopted.values()].sort()).toEqual(family.map((r) => Number(r.id)).sort());
    for (const resource of family) {
      expect(adopted.has(resource.urn.slice(resource.urn.lastIndexOf("::") + 2))).toBe(true);
    }
    const deletes = run.output
      .text()
      .split("\n")
      .filter((line) => line.startsWith("  pulumi state delete "));
    expect(deletes).toHaveLength(family.length);
    const firstCollector = deletes.findIndex((line) => line.includes(":Collector::"));
    expect(deletes.slice(firstCollector).every((line) => line.includes("Collector"))).toBe(true);
    expect(run.output.text()).toMatch(
      /pulumi:pulumi:StackReference.*│ not a collector or a source/s,
    );
    expect(run.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("writes no credential the stack export holds in clear, in any file or line it prints", async () => {
    const secrets = pulumiSecrets();
    expect(secrets.length).toBeGreaterThanOrEqual(3); // the HTTP sources' urls
    await expectNoneWritten(recorded, "pulumi", STACK_EXPORT, secrets);
  });

  it("an empty stack's export (no `resources`, or null) has nothing to take, said as for an empty Terraform state", async () => {
    const emptyState = join(work, "empty-state.json");
    writeFileSync(emptyState, JSON.stringify({ version: 4, resources: [] }));
    const terraform = await migrate(recorded, "terraform", emptyState);
    const said = (run: typeof terraform, file: string) =>
      run.output.stderr.join("\n").replaceAll(file, "FILE");
    expect(said(terraform, emptyState)).toBe(
      "error: FILE manages no collector, source, OpenTelemetry collector or source template; nothing was written.",
    );
    for (const deployment of [{}, { resources: null }]) {
      const empty = join(work, "empty-stack.json");
      writeFileSync(empty, JSON.stringify({ version: 3, deployment }));
      const run = await migrate(recorded, "pulumi", empty);
      expect(run.exitCode, JSON.stringify(deployment)).toBe(EXIT.failed);
      expect(said(run, empty)).toBe(said(terraform, emptyState));
      expect(run.files).toEqual({});
      expect(run.requests).toEqual([]);
    }
  });

  it("refuses what is not a stack export", async () => {
    const bad = join(work, "not-export.json");
    writeFileSync(bad, JSON.stringify({ version: 4, resources: [] }));
    await expect(migrate(recorded, "pulumi", bad)).rejects.toThrow(/is not a stack export/);
  });
});
