// `collectors migrate` end to end, through both front ends: the state the real SumoLogic provider
// wrote (test/migrate/terraform/), and a stack of the bridged @pulumi/sumologic (test/migrate/
// pulumi/, on YAML); the local service on a copy of the store the old tool wrote to,
// the project the command writes (TypeScript on the classes; YAML on the plugin), and the steps it
// prints run as printed with the real engine. Each state also holds the old tool's OpenTelemetry
// collectors and source templates (the hand-written fixtures test/migrate/terraform/ot and
// test/migrate/pulumi/ot-stack-export.json, put beside the recording's resources), whose objects
// are registered on the recording's service first, their ids put in the state, as
// test/cli/migrate/ot.test.ts does. The first `pulumi up` takes every object over with reads
// alone (not one write to the OT collectors and templates), the hand-off names each of them,
// `pulumi preview --expect-no-changes` sends nothing, and one change in the program is one PUT.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_ACCESS_ID, DEV_ACCESS_KEY } from "../../emulator/options";
import {
  type CommandResult,
  isolatedEnv,
  pulumiCliPath,
  runProcess,
} from "../../scripts/toolchain/pulumi-workspace";
import { DB_PASSWORD, type SeededOt, seedOtWith, swapSeededIds } from "../cli/export-ot-account";
import {
  PULUMI,
  type Recorded,
  STACK_EXPORT,
  serveRecording,
  TERRAFORM,
  TERRAFORM_STATE,
} from "../cli/migrate/fixtures";
import { countByMethod, OT_PATH, ok, printedSteps } from "../helpers/export-e2e";
import { outputOf, ROOT } from "../helpers/pulumi";

const MINUTE = 60_000;

let recorded: Recorded;
/** The OpenTelemetry objects registered on the recording's service, and the state holding them. */
let ot: SeededOt;
let state: string;
let root: string;
let shellEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "collectors-migrate-e2e-"));
  shellEnv = isolatedEnv(join(root, "pulumi"), await pulumiCliPath(ROOT));
}, 5 * MINUTE);

// Two projects' node_modules from `npm install`: tens of thousands of files, which took more than
// the default minute to delete on a busy machine (and, deleted synchronously, held up the worker).
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
}, 5 * MINUTE);

/** Requests the service received while `work` ran. */
async function requestsDuring(work: () => Promise<CommandResult>) {
  const before = (await recorded.requests()).length;
  const result = await work();
  return { result, requests: (await recorded.requests()).slice(before) };
}

/** A recording: the old tool, its state, and the folder of the store it wrote to. */
interface Case {
  tool: "terraform" | "pulumi";
  state: string;
  store: string;
  language: string;
}

const TERRAFORM_OT = join(ROOT, "test", "migrate", "terraform", "ot", "state.json");
const PULUMI_OT = join(ROOT, "test", "migrate", "pulumi", "ot-stack-export.json");

/** The fixtures' OT collectors and templates, made on the recording's service as a user would. */
async function seedRecordingOt(): Promise<SeededOt> {
  const post = async (url: string, body: unknown, auth?: string) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { id: string };
    expect(res.status, `POST ${url}: ${JSON.stringify(json)}`).toBeLessThan(300);
    return json;
  };
  const basic = `Basic ${Buffer.from(`${DEV_ACCESS_ID}:${DEV_ACCESS_KEY}`).toString("base64")}`;
  return seedOtWith({
    registerOt: (body) =>
      post(`${recorded.emulator.origin}/_emulator/ot-collectors`, {
        isRemotelyManaged: true,
        autoHeartbeat: true,
        ...body,
      }),
    createTemplate: (body) => post(`${recorded.emulator.url}/sourceTemplates`, body, basic),
  });
}

/**
 * The recording's state with the OT fixture's collectors and templates beside its resources (ids
 * those just registered): Terraform's resources of the two types; the stack's resources of the
 * two types, on the stack's own default provider.
 */
function stateWithOt(test: Case): string {
  const base = JSON.parse(readFileSync(test.state, "utf8"));
  const fixture = JSON.parse(
    swapSeededIds(readFileSync(test.tool === "terraform" ? TERRAFORM_OT : PULUMI_OT, "utf8"), ot),
  );
  if (test.tool === "terraform") {
    const otTypes = ["sumologic_ot_collector", "sumologic_source_template"];
    base.resources.push(
      ...fixture.resources.filter((r: { type: string }) => otTypes.includes(r.type)),
    );
  } else {
    const resources = base.deployment.resources as { type: string; urn: string; id: string }[];
    const provider = resources.find((r) => r.type === "pulumi:providers:sumologic");
    if (!provider) throw new Error("no sumologic provider in the stack export");
    const otTypes = [
      "sumologic:index/otCollector:OtCollector",
      "sumologic:index/sourceTemplate:SourceTemplate",
    ];
    for (const r of fixture.deployment.resources) {
      if (otTypes.includes(r.type))
        resources.push({ ...r, provider: `${provider.urn}::${provider.id}` });
    }
  }
  const file = join(root, `${test.tool}-${test.language}-state.json`);
  writeFileSync(file, JSON.stringify(base, null, 2));
  return file;
}

const CASES: Case[] = [
  { tool: "terraform", state: TERRAFORM_STATE, store: TERRAFORM, language: "typescript" },
  { tool: "terraform", state: TERRAFORM_STATE, store: TERRAFORM, language: "yaml" },
  { tool: "pulumi", state: STACK_EXPORT, store: PULUMI, language: "typescript" },
  { tool: "pulumi", state: STACK_EXPORT, store: PULUMI, language: "yaml" },
];

/** `collectors migrate` of this checkout, as the recording's user, into `out`. */
function migrate(out: string, { tool, language }: Case) {
  const args = ["migrate", tool, state, "--out", out, "--language", language];
  if (language === "typescript") args.push("--package-spec", ROOT);
  return runProcess(process.execPath, [join(ROOT, "dist", "cli", "main.js"), ...args], {
    cwd: root,
    env: {
      ...process.env,
      COLLECTORS_ACCESS_ID: DEV_ACCESS_ID,
      COLLECTORS_ACCESS_KEY: DEV_ACCESS_KEY,
      COLLECTORS_ENDPOINT: recorded.emulator.url,
    },
  });
}

/** The printed steps run as printed (the access key typed at its prompt), up to `pulumi up`. */
async function takeOver(test: Case) {
  const out = join(root, `${test.tool}-${test.language}`);
  const printed = ok(await migrate(out, test));
  const shell = (line: string, input?: string) =>
    runProcess("bash", ["-c", line], { cwd: out, env: shellEnv, input });
  // The steps end with the preview; the hand-off printed after them is for the old tool.
  const all = printedSteps(printed.stdout);
  const end = all.indexOf("pulumi preview --expect-no-changes");
  const steps = all.slice(0, end).filter((step) => !step.startsWith("cd "));
  let up: { result: CommandResult; requests: { method: string; path: string }[] } | undefined;
  for (const step of steps) {
    if (step === "pulumi up") {
      up = await requestsDuring(async () => ok(await shell(step)));
      continue;
    }
    // The access key, and the template's receiver password the old state held in clear.
    const typed = step.includes("collectors:accessKey")
      ? DEV_ACCESS_KEY
      : step.includes("mysqlPassword")
        ? DB_PASSWORD
        : undefined;
    ok(await shell(step, typed));
  }
  if (!up) throw new Error(`no \`pulumi up\` among the steps:\n${printed.stdout}`);
  // The stack points at the recording's service, which the command wrote into its settings.
  return { out, shell, up, printed };
}

describe.each(CASES)("collectors migrate $tool, $language", (test) => {
  // Each case takes over its recording afresh: another's change is not in its store.
  beforeAll(async () => {
    recorded = await serveRecording(test.store);
    ot = await seedRecordingOt();
    state = stateWithOt(test);
  });
  afterAll(() => recorded?.close());

  it(
    "the first up takes every object over with reads alone; a preview then sends nothing; one change is one PUT",
    async () => {
      const { out, shell, up, printed } = await takeOver(test);
      const program = join(out, test.language === "yaml" ? "Pulumi.yaml" : "index.ts");
      const taken = readFileSync(program, "utf8").match(/adopt:/g)?.length ?? 0;
      expect(taken).toBeGreaterThan(3);
      // Every object, and the stack itself.
      expect(outputOf(up.result)).toMatch(new RegExp(`\\+ ${taken + 1} created`));
      const writes = up.requests.filter((r) => r.method !== "GET");
      expect(writes, outputOf(up.result)).toEqual([]);
      // The OpenTelemetry objects among them, each read (adopted by its hex id).
      const otIds = [...Object.values(ot.collectors), ...Object.values(ot.templates)];
      const declared = readFileSync(program, "utf8");
      const otTaken = otIds.filter((id) => declared.includes(id));
      // The fixtures' two OT collectors (of the three registered) and three templates.
      expect(otTaken).toHaveLength(5);
      for (const id of otTaken) {
        expect(
          up.requests.some((r) => OT_PATH.test(r.path) && r.path.endsWith(`/${id}`)),
          id,
        ).toBe(true);
      }
      // The hand-off names each of them for the old tool to let go of.
      const handOff = printed.stdout.slice(
        printed.stdout.indexOf("pulumi preview --expect-no-changes"),
      );
      const names =
        test.tool === "terraform"
          ? [
              "sumologic_ot_collector.edge",
              "sumologic_ot_collector.db",
              "sumologic_source_template.apache",
              "sumologic_source_template.mysql",
              "sumologic_source_template.old_syslog",
            ]
          : [
              "sumologic:index/otCollector:OtCollector::edge",
              "sumologic:index/otCollector:OtCollector::db",
              "sumologic:index/sourceTemplate:SourceTemplate::apache",
              "sumologic:index/sourceTemplate:SourceTemplate::mysql",
              "sumologic:index/sourceTemplate:SourceTemplate::oldSyslog",
            ];
      for (const name of names) expect(handOff, name).toContain(name);
      const log = (what: string, requests: { method: string }[]) =>
        `${what}: ${requests.length} requests ${JSON.stringify(countByMethod(requests))}`;
      process.stdout.write(
        `migrate ${test.tool} (${test.language}), ${taken} objects; ${log("first up", up.requests)}\n`,
      );

      const preview = await requestsDuring(async () =>
        ok(await shell("pulumi preview --expect-no-changes")),
      );
      expect(preview.requests).toEqual([]);
      process.stdout.write(
        `migrate ${test.tool} (${test.language}); ${log("preview", preview.requests)}\n`,
      );

      const text = readFileSync(program, "utf8");
      const changed = text.replace(/category: "?tf\/http\/web"?/, 'category: "tf/http/web-moved"');
      expect(changed).not.toBe(text);
      writeFileSync(program, changed);
      const update = await requestsDuring(async () => ok(await shell("pulumi up --yes")));
      expect(countByMethod(update.requests as never), outputOf(update.result)).toMatchObject({
        PUT: 1,
      });
      expect(update.requests.filter((r) => !["GET", "PUT"].includes(r.method))).toEqual([]);
    },
    10 * MINUTE,
  );
});
