// `collectors migrate terraform|pulumi` of the OpenTelemetry types: Terraform's
// sumologic_ot_collector and sumologic_source_template and @pulumi/sumologic's OtCollector and
// SourceTemplate (states written by hand in the tools' shapes, test/migrate/terraform/ot and
// test/migrate/pulumi/ot-stack-export.json), against the local service holding the same objects.
// Each is taken over by id, named as the old tool named it, and handed off; the migration only
// reads; a template's input_json (JSON text) is parsed and compared with the service's; no
// credential of the state reaches a file or the output; and through the provider, the program's
// first `up` adopts every one with reads alone and a preview after it sees no change.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type MigrateOptions, runMigrate, type Tool } from "../../../cli/migrate/run";
import { EXIT } from "../../../cli/shared/output";
import { type Service, startService } from "../../resources/emulator.helpers";
import {
  clientOf,
  DB_PASSWORD,
  type SeededOt,
  seedOt,
  swapSeededIds,
  takeOverOt,
} from "../export-ot-account";
import { recorder } from "../harness";

const ROOT = join(__dirname, "..", "..", "..");
const TERRAFORM_OT = join(ROOT, "test", "migrate", "terraform", "ot", "state.json");
const PULUMI_OT = join(ROOT, "test", "migrate", "pulumi", "ot-stack-export.json");

let service: Service;
let work: string;
let seeded: SeededOt;

beforeAll(async () => {
  service = await startService();
  work = mkdtempSync(join(tmpdir(), "migrate-ot-"));
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

/** The fixture with the ids of the objects just registered, matched by name. */
function withSeededIds(file: string): string {
  const out = join(work, `${file.includes("terraform") ? "terraform" : "pulumi"}-state.json`);
  writeFileSync(out, swapSeededIds(readFileSync(file, "utf8"), seeded));
  return out;
}

let runs = 0;
async function migrate(tool: Tool, extra: Partial<MigrateOptions> = {}) {
  const file = withSeededIds(tool === "terraform" ? TERRAFORM_OT : PULUMI_OT);
  const output = recorder();
  const out = join(work, `out-${++runs}`);
  const packageSpec = extra.language === "yaml" ? undefined : ROOT;
  await service.clearRequests();
  const { exitCode, result } = await runMigrate(
    tool,
    clientOf(service),
    { file, out, packageSpec, ...extra },
    output,
    { env: {}, readStdin: async () => "" },
    new AbortController().signal,
  );
  const requests = await service.requests();
  const files = Object.fromEntries(
    readdirSync(out).map((name) => [name, readFileSync(join(out, name), "utf8")]),
  );
  return { exitCode, result, output, stdout: output.text(), requests, files };
}

describe.each(["terraform", "pulumi"] as const)(
  "collectors migrate %s of the OpenTelemetry types",
  (tool) => {
    it("takes each OT collector and source template by id, named as the old tool named it, reading only", async () => {
      const run = await migrate(tool);
      expect(run.exitCode, run.output.stderr.join("\n")).toBe(EXIT.ok);
      const program = run.files["index.ts"] ?? "";
      const adopted = new Map(
        [
          ...program.matchAll(
            /new collectors\.(\w+)\(\s*"([^"]+)",\s*\{\s*adopt: \{ id: "([0-9A-F]{16})" \}/g,
          ),
        ].map((m) => [m[2], [m[1], m[3]]]),
      );
      expect(Object.fromEntries(adopted)).toEqual({
        edge: ["OtCollector", seeded.collectors["edge-01"]],
        db: ["OtCollector", seeded.collectors["db-01"]],
        apache: ["SourceTemplate", seeded.templates["apache access"]],
        mysql: ["SourceTemplate", seeded.templates.mysql],
        oldSyslog: ["SourceTemplate", seeded.templates["old syslog"]],
      });
      // What the service holds now: the disabled template as disabled, the version it is at.
      expect(program).toMatch(/"oldSyslog",[\s\S]*?isEnabled: false,/);
      expect(program).toMatch(/"apache",[\s\S]*?version: "1\.1\.0",/);
      expect(run.stdout).not.toMatch(/outside the Collector Management API|does not manage them/);
      expect(run.requests.filter((r) => r.method !== "GET")).toEqual([]);
    });

    it("says where the state's inputJson differs from the service's, naming members and no values", async () => {
      const run = await migrate(tool);
      const program = run.files["index.ts"] ?? "";
      expect(program.replace(/\n\/\/ /g, " ")).toMatch(
        /The old state's inputJson differs from the service's in description: this declares the service's/,
      );
      expect(program).not.toContain("as Terraform last applied them");
      // Only apache's differs.
      expect(program.match(/The old state's inputJson differs/g)).toHaveLength(1);
    });

    it("hands off exactly what it took", async () => {
      const { stdout } = await migrate(tool);
      if (tool === "terraform") {
        for (const resource of [
          "sumologic_ot_collector.edge",
          "sumologic_ot_collector.db",
          "sumologic_source_template.apache",
          "sumologic_source_template.mysql",
          "sumologic_source_template.old_syslog",
        ]) {
          expect(stdout).toContain(
            `removed {\n    from = ${resource}\n    lifecycle {\n      destroy = false\n`,
          );
        }
        expect(stdout).toMatch(/terraform state rm .*'?sumologic_ot_collector\.edge'? /);
        expect(stdout).not.toContain("from = terraform_data.release");
      } else {
        const deletes = stdout
          .split("\n")
          .filter((line) => line.startsWith("  pulumi state delete "));
        expect(deletes).toHaveLength(5);
        // Templates before the OT collectors (a selector may name a collector's output).
        expect(deletes.slice(0, 3).every((line) => line.includes(":SourceTemplate::"))).toBe(true);
        expect(deletes.slice(3).every((line) => line.includes(":OtCollector::"))).toBe(true);
      }
    });

    it("writes no credential of the state, and the first up only reads, in both languages", async () => {
      for (const language of ["typescript", "yaml"]) {
        const run = await migrate(tool, { language });
        expect(run.exitCode, run.output.stderr.join("\n")).toBe(EXIT.ok);
        const everything = [
          ...Object.values(run.files),
          ...run.output.stdout,
          ...run.output.stderr,
        ];
        for (const text of everything) expect(text, language).not.toContain(DB_PASSWORD);
        // The password the service holds goes to stack config; the user types it when asked.
        expect(run.stdout).toMatch(
          /pulumi config set --secret mysqlPassword {3}# inputJson\.receivers\.mysql\.password of source template "mysql"/,
        );
        const plan = run.result.plan;
        if (!plan) throw new Error("no plan");
        const typed = new Map(plan.secrets.map((s) => [s.key, DB_PASSWORD]));
        const { writes, changed, adopted } = await takeOverOt(service, plan, typed);
        expect(writes, language).toEqual([]);
        expect(changed, language).toEqual([]);
        expect(adopted).toHaveLength(5);
      }
    });

    it("leaves a template the service no longer has to the old tool, and out of the hand-off", async () => {
      const client = clientOf(service);
      const gone = seeded.templates.mysql as string;
      await client.sourceTemplates.setStatus(gone, "disable");
      await client.sourceTemplates.delete(gone);
      const run = await migrate(tool);
      expect(run.exitCode).toBe(EXIT.ok);
      expect(run.stdout).toMatch(new RegExp(`│ the service has no source template ${gone}`));
      expect(run.files["index.ts"]).not.toContain('"mysql"');
      expect(run.stdout).not.toMatch(
        /from = sumologic_source_template\.mysql\n|SourceTemplate::mysql --yes/,
      );
    });
  },
);
