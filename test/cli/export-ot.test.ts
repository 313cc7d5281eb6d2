// `collectors export` of the OpenTelemetry side of an account, against the local service: OT
// collectors adopted by their hex ids with the user's tags only, source templates adopted by id
// at the version they are at (disabled ones too), a receiver's credential moved to stack config,
// the kind flags; and, through the provider itself, that the program's first `up` adopts every
// one with reads alone and a preview after it sees no change.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ExportOptions, runExport } from "../../cli/export";
import { type Service, startService } from "../resources/emulator.helpers";
import { clientOf, DB_PASSWORD, type SeededOt, seedOt, takeOverOt } from "./export-ot-account";
import { recorder } from "./harness";

const ROOT = join(__dirname, "..", "..");
let service: Service;
let work: string;
let seeded: SeededOt;

beforeAll(async () => {
  service = await startService();
  work = mkdtempSync(join(tmpdir(), "collectors-export-ot-"));
});
afterAll(async () => {
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});
beforeEach(async () => {
  await service.reset();
  await service.configure();
  seeded = await seedOt(service);
});

let runs = 0;
async function run(options: Partial<ExportOptions> = {}) {
  const output = recorder();
  const out = join(work, `out-${++runs}`);
  const packageSpec = options.language === "yaml" ? undefined : ROOT;
  const done = await runExport(
    clientOf(service),
    { out, packageSpec, ...options },
    output,
    {},
    new AbortController().signal,
  );
  const file = options.language === "yaml" ? "Pulumi.yaml" : "index.ts";
  const { written } = done.result;
  const program = written.length > 0 ? readFileSync(join(out, file), "utf8") : "";
  return { ...done, output, program, stdout: output.text() };
}

describe("collectors export of OpenTelemetry collectors and source templates", () => {
  it("declares each OT collector adopted by its id, with its settings and the user's tags only", async () => {
    const { exitCode, program, stdout } = await run();
    expect(exitCode).toBe(0);
    const edge = seeded.collectors["edge-01"];
    expect(program).toContain(
      [
        "new collectors.OtCollector(",
        '  "edge01",',
        "  {",
        `    adopt: { id: "${edge}" },`,
        '    name: "edge-01",',
        '    description: "Edge proxy",',
        '    category: "prod/edge",',
        '    timeZone: "Europe/Paris",',
        "    tags: {",
        '      team: "web",',
        '      env: "prod",',
        "    },",
        "  },",
        "  { protect: true },",
        ");",
      ].join("\n"),
    );
    // The service's own tags are never declared; a collector with only those declares none.
    expect(program).not.toContain("sumo.disco");
    expect(program).toMatch(
      /"db01",\n {2}\{\n {4}adopt: \{ id: "[0-9A-F]{16}" \},\n {4}name: "db-01",\n {2}\},/,
    );
    expect(program).toContain('name: "edge 02 (canary)",');
    // Server-set values are no args.
    expect(program).not.toMatch(/alive|ephemeral|isRemotelyManaged|sourceTemplateLinkedCount/);
    // Counted, and said to be retained on delete as Installed Collectors are.
    expect(stdout).toMatch(/│ OpenTelemetry collectors +│ 3 +│/);
    for (const text of [program, stdout]) {
      expect(text.replace(/\n(\/\/ ?)?/g, " ")).toContain(
        "So are OpenTelemetry collectors (OtCollector's default",
      );
    }
  });

  it("declares each source template adopted by id, at its version, disabled ones as disabled", async () => {
    const {
      program,
      stdout,
      result: { plan },
    } = await run();
    expect(program).toContain(
      [
        '  "apacheAccess",',
        "  {",
        `    adopt: { id: "${seeded.templates["apache access"]}" },`,
        "    schemaRef: {",
        '      type: "Apache",',
        '      version: "1.1.0",',
        "    },",
        "    selector: {",
        "      tags: [",
        "        [",
        "          {",
        '            key: "team",',
        '            values: ["web"],',
        "          },",
        "        ],",
        "      ],",
        "    },",
        "    inputJson: {",
        '      name: "apache access",',
        '      description: "access logs",',
      ].join("\n"),
    );
    // Not the latest version (2.0.0): pinned where it is, so the first up upgrades nothing.
    expect(program).not.toContain("latestVersion");
    expect(program).toMatch(/"oldSyslog",[\s\S]*?isEnabled: false,/);
    expect(program).not.toMatch(/isEnabled: true|totalCollectorLinked|status:|config:/);
    // The receiver's password: from config in the program, its value only on stdout.
    expect(program).toContain('password: config.requireSecret("mysqlPassword"),');
    expect(program).not.toContain(DB_PASSWORD);
    expect(stdout).toContain(`pulumi config set --secret mysqlPassword -- ${DB_PASSWORD}`);
    expect(stdout).toMatch(/│ Source templates +│ 3 +│/);
    expect(program).toMatch(
      /^\/\/ Generated by `collectors export`: 3 collector\(s\), 0 source\(s\) and 3 source template\(s\)/,
    );
    expect(plan.templateCount).toBe(3);
  });

  it("the first up adopts every one with reads alone; a preview after it sees no change", async () => {
    const { result } = await run();
    const { writes, changed, adopted } = await takeOverOt(service, result.plan);
    expect(writes).toEqual([]);
    expect(changed).toEqual([]);
    expect(adopted.sort()).toEqual(
      [...Object.values(seeded.collectors), ...Object.values(seeded.templates)].sort(),
    );
  });

  it("writes YAML on the plugin: hex ids quoted, OT collectors retained on delete", async () => {
    const { exitCode, program } = await run({ language: "yaml" });
    expect(exitCode).toBe(0);
    const edge = seeded.collectors["edge-01"];
    expect(program).toContain(
      [
        "  edge01:",
        "    type: collectors:index:OtCollector",
        "    properties:",
        "      adopt:",
        `        id: "${edge}"`,
        "      name: edge-01",
      ].join("\n"),
    );
    // Each resource's block: from its name to the next one.
    const blocks = program.split(/\n(?= {2}\S)/);
    const edgeBlock = blocks.find((b) => b.startsWith("  edge01:")) ?? "";
    expect(edgeBlock.trimEnd()).toMatch(
      /\n {4}options:\n {6}protect: true\n {6}retainOnDelete: true$/,
    );
    expect(program).toMatch(/ {2}oldSyslog:\n {4}type: collectors:index:SourceTemplate\n/);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, as written
    expect(program).toContain("password: ${mysqlPassword}");
    const templates = blocks.filter((b) => b.includes("type: collectors:index:SourceTemplate"));
    expect(templates).toHaveLength(3);
    for (const block of templates) expect(block).not.toContain("retainOnDelete");
  });

  it("the kind flags choose the kinds and add up; --collector narrows OT collectors and leaves templates out", async () => {
    const kinds = (program: string) =>
      [...new Set([...program.matchAll(/new collectors\.(\w+)\(/g)].map((m) => m[1]))].sort();
    await clientOf(service).collectors.create({ name: "edge-hosted" });
    expect(kinds((await run({ otCollectors: true })).program)).toEqual(["OtCollector"]);
    expect(kinds((await run({ sourceTemplates: true })).program)).toEqual(["SourceTemplate"]);
    const mixed = await run({ hosted: true, sourceTemplates: true });
    expect(kinds(mixed.program), mixed.stdout + mixed.output.stderr.join("\n")).toEqual([
      "HostedCollector",
      "SourceTemplate",
    ]);
    const narrowed = await run({ collector: ["edge-*"] });
    expect(kinds(narrowed.program)).toEqual(["HostedCollector", "OtCollector"]);
    expect(narrowed.program).toContain('name: "edge-01",');
    expect(narrowed.program).not.toContain('name: "db-01",');
    // A kind flag says which kinds: the templates with a name filter, when named.
    const both = await run({ collector: ["edge-*"], otCollectors: true, sourceTemplates: true });
    expect(kinds(both.program)).toEqual(["OtCollector", "SourceTemplate"]);
    expect(both.program).not.toContain('name: "db-01",');
    // Installed alone: none here, so nothing to write.
    const none = await run({ installed: true });
    expect(none.exitCode).toBe(1);
    expect(none.output.stderr.join("\n")).toMatch(/nothing to export .*--ot-collectors/);
  });
});
