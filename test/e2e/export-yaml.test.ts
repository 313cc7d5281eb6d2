// `collectors export --language yaml` end to end, as a user runs it: the account of the
// TypeScript export's test (47 objects, secrets the service returns and secrets it masks, a
// collector in Json source mode) plus a collector whose names and values mean something to YAML
// or to Pulumi YAML's `${…}` interpolation. The package is packed and installed from the tarball
// with npm (it ships the provider plugin); its CLI writes a YAML program; the steps it prints
// are run as printed with the real engine and YAML language host: the plugin installed from the
// package, the stack, the secrets, `pulumi up` (no POST, no DELETE, a PUT only where the service
// hides a secret, every object on the service exactly as it was), then `pulumi preview
// --expect-no-changes`. Then a destroy of the protected stack deletes nothing.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CollectorsClient } from "../../provider/api";
import { isolatedEnv, pulumiCliPath, runProcess } from "../../scripts/pulumi-workspace";
import { HIDDEN, type SeededAccount, seedAccount } from "../cli/export-account";
import {
  countByMethod,
  installPacked,
  ok,
  printedSecrets,
  printedSteps,
  runPrintedSteps,
  steady,
} from "../helpers/printed-steps";
import {
  type InventoryCollector,
  OPERATOR,
  outputOf,
  PULUMI_USER,
  ROOT,
  Service,
} from "../helpers/pulumi";

const MINUTE = 60_000;

/** Strings YAML or Pulumi YAML would read as something else if written carelessly. */
const HOSTILE = {
  collector: "yes",
  other: `$weird: "quoted" #not-a-comment \${not.a.ref} $$ - [x] {y}`,
  description: `\${yes.id} $\${x} #c: d\n\ttab 🚀 \u2028 \u0085 \ufeff end `,
  category: "- on",
  fields: { $key: `\${v}`, "a: b": "null", "#k": "~", n: "1e3", x: "0x1F" },
  regexp: "^.*\\$\\{secret\\}.*$",
  names: ["null", "123", "'single' \"double\" `tick` %pct @at &anchor !tag *star", " lead"],
};

let service: Service;
let root: string;
let seeded: SeededAccount;
let shellEnv: NodeJS.ProcessEnv;
let project: string;
let before: InventoryCollector[];

/** `pulumi <args>` in the project, from the user's shell. */
const pulumi = (args: string[]) =>
  runProcess("pulumi", [...args, "--non-interactive", "--color=never"], {
    cwd: project,
    env: shellEnv,
  });

/** The hostile collector and its sources, made by the operator. */
async function seedHostile(operator: CollectorsClient): Promise<number> {
  const create = async (name: string, extra: Record<string, unknown> = {}) => {
    const made = await operator.collectors.create({ name, ...extra } as Parameters<
      typeof operator.collectors.create
    >[0]);
    return made.collector.id;
  };
  const id = await create(HOSTILE.collector, {
    description: HOSTILE.description,
    category: HOSTILE.category,
  });
  await create(HOSTILE.other, { description: HOSTILE.other });
  const sources = HOSTILE.names.map((name, i) => ({
    sourceType: "HTTP",
    name,
    ...(i === 0 ? { description: HOSTILE.description, category: HOSTILE.other } : {}),
    ...(i === 1 ? { fields: HOSTILE.fields } : {}),
    ...(i === 2
      ? { filters: [{ name: `$x: \${y} #z`, filterType: "Exclude", regexp: HOSTILE.regexp }] }
      : {}),
  }));
  for (const body of sources) {
    await operator.sources.create(id, body as Parameters<typeof operator.sources.create>[1]);
  }
  return 2 + sources.length;
}

let hostileObjects = 0;

beforeAll(async () => {
  service = await Service.start();
  root = mkdtempSync(join(tmpdir(), "collectors-export-yaml-e2e-"));
  shellEnv = isolatedEnv(join(root, "pulumi"), await pulumiCliPath(ROOT));
  const operator = new CollectorsClient({
    accessId: OPERATOR.accessId,
    accessKey: OPERATOR.accessKey,
    endpoint: service.url,
    env: {},
  });
  seeded = await seedAccount(operator, async (body) => (await service.registerInstalled(body)).id);
  hostileObjects = await seedHostile(operator);
}, 10 * MINUTE);

afterAll(async () => {
  if (root) rmSync(root, { recursive: true, force: true });
  await service?.close();
});

describe("collectors export --language yaml, then the printed steps", () => {
  it(
    "the printed steps work as printed: the plugin from the package, no POST, no DELETE, a PUT only where the service hid a secret, every value as it was; then no changes",
    async () => {
      const started = performance.now();
      const { cli } = await installPacked(root, shellEnv);
      project = join(root, "my-collectors");
      const exported = ok(
        await runProcess(cli, ["export", "--language", "yaml", "--out", "my-collectors"], {
          cwd: root,
          env: {
            ...process.env,
            COLLECTORS_ACCESS_ID: PULUMI_USER.accessId,
            COLLECTORS_ACCESS_KEY: PULUMI_USER.accessKey,
            COLLECTORS_ENDPOINT: service.url,
          },
        }),
      );
      expect(readdirSync(project).sort()).toEqual(["Pulumi.dev.yaml", "Pulumi.yaml"]);
      const program = readFileSync(join(project, "Pulumi.yaml"), "utf8");
      expect(program).toMatch(/^runtime: yaml$/m);
      const declared = (program.match(/^ {4}type: collectors:index:\w+$/gm) ?? []).length;
      expect(declared).toBe(seeded.collectors + seeded.exportedSources + hostileObjects);
      expect((program.match(/^ {6}protect: true$/gm) ?? []).length).toBe(declared);
      const installedCollectors = (
        program.match(/type: collectors:index:InstalledCollector$/gm) ?? []
      ).length;
      expect(installedCollectors).toBe(4);
      expect((program.match(/^ {6}retainOnDelete: true$/gm) ?? []).length).toBe(
        installedCollectors,
      );

      const secrets = printedSecrets(exported.stdout);
      expect(Object.values(secrets.values)).toEqual(expect.arrayContaining(seeded.returnedSecrets));
      for (const name of secrets.hidden) {
        expect([...seeded.hiddenSecretSources, ...seeded.maskedPassthroughSources]).toContain(name);
      }
      for (const file of readdirSync(project)) {
        const text = readFileSync(join(project, file), "utf8");
        const never = [...seeded.returnedSecrets, ...seeded.maskedSecrets, PULUMI_USER.accessKey];
        for (const value of never) expect(text, file).not.toContain(value);
        if (file !== "Pulumi.yaml") expect(text, file).not.toContain(HIDDEN);
      }

      before = await service.inventory();
      const steps = printedSteps(exported.stdout);
      expect(steps[0]).toBe("cd my-collectors");
      expect(steps[1]).toMatch(
        /^pulumi plugin install resource collectors \S+ --file \.\.\/tools\/node_modules\/pulumi-collectors\/dist\/plugin\/pulumi-resource-collectors-v\S+\.tar\.gz$/,
      );
      expect(steps.at(-2)).toBe("pulumi up");
      expect(steps.at(-1)).toBe("pulumi preview --expect-no-changes");
      const { cwd, up, requests } = await runPrintedSteps(steps, {
        cwd: root,
        env: shellEnv,
        service,
        secrets,
      });
      expect(cwd).toBe(project);

      const byMethod = countByMethod(requests);
      console.log(
        `export yaml e2e: ${declared} objects declared; pulumi up made ${JSON.stringify(byMethod)} ` +
          `in ${up.durationMs} ms; steps from npm pack to the no-change preview: ` +
          `${Math.round(performance.now() - started)} ms`,
      );
      expect(byMethod.POST ?? 0, outputOf(up)).toBe(0);
      expect(byMethod.DELETE ?? 0).toBe(0);
      const ids = new Map<number, string>();
      for (const c of before) for (const s of c.sources) ids.set(s.id as number, s.name as string);
      const puts = requests.filter((r) => r.method === "PUT");
      const putNames = puts.map((r) => ids.get(Number(r.path.split("/").at(-1))));
      expect(new Set(putNames).size).toBe(puts.length);
      for (const name of putNames) expect(secrets.hidden).toContain(name);
      expect(requests.every((r) => r.status < 300)).toBe(true);

      // Every object as it was: the hostile names and values came back from YAML unchanged.
      expect(steady(await service.inventory())).toEqual(steady(before));
      const hostile = before.find((c) => c.name === HOSTILE.collector);
      expect(hostile?.description).toBe(HOSTILE.description);
      expect(hostile?.sources.map((s) => s.name).sort()).toEqual([...HOSTILE.names].sort());

      const state = JSON.parse(ok(await pulumi(["stack", "export"])).stdout);
      const resources = state.deployment.resources.filter((r: { type: string }) =>
        r.type.startsWith("collectors:index:"),
      );
      expect(resources).toHaveLength(declared);
      for (const r of resources) {
        expect(r.protect, r.urn).toBe(true);
        expect(!!r.retainOnDelete, r.urn).toBe(r.type === "collectors:index:InstalledCollector");
      }
    },
    20 * MINUTE,
  );

  it(
    "pulumi destroy of the protected stack fails and deletes nothing",
    async () => {
      const mark = await service.mark();
      const destroy = await pulumi(["destroy", "--yes"]);
      const requests = await service.since(mark);
      expect(destroy.code, outputOf(destroy)).not.toBe(0);
      expect(outputOf(destroy)).toMatch(/cannot be deleted\s+because it is protected/);
      expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);
      expect(steady(await service.inventory())).toEqual(steady(before));
    },
    10 * MINUTE,
  );
});
