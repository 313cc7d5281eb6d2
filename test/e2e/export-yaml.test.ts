// `collectors export --language yaml` end to end, as a user runs it: the account of the
// TypeScript export's test (53 objects, secrets the service returns and secrets it masks, a
// collector in Json source mode, OT collectors and source templates) plus a collector whose names
// and values mean something to YAML
// or to Pulumi YAML's `${…}` interpolation. The package is packed and installed from the tarball
// with npm (it ships the provider plugin); its CLI writes a YAML program; the steps it prints
// are run as printed with the real engine and YAML language host: the plugin installed from the
// package, the stack, the secrets, `pulumi up` (no POST, no DELETE, a PUT only where the service
// hides a secret, none to the OT collectors and templates, every object on the service exactly
// as it was), then `pulumi preview
// --expect-no-changes`. Then a destroy of the protected stack deletes nothing.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HIDDEN } from "../cli/export-account";
import { DB_PASSWORD } from "../cli/export-ot-account";
import {
  type Account,
  accountOf,
  closeWorld,
  countByMethod,
  type ExportWorld,
  expectAdoptionOnly,
  expectProtectedDestroy,
  exportAs,
  exportWorld,
  installPacked,
  ok,
  printedSecrets,
  printedSteps,
  pulumiIn,
  runPrintedSteps,
  steady,
} from "../helpers/export-e2e";
import { PULUMI_USER } from "../helpers/pulumi";

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

let world: ExportWorld;
/** The project the export wrote, and the account as it was before `pulumi up`. */
let project: string;
let before: Account;
/** The objects of the hostile collector and its neighbour. */
let hostileObjects = 0;

/** The hostile collector and its sources, made by the operator; returns how many objects. */
async function seedHostile(operator: ExportWorld["operator"]): Promise<number> {
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

beforeAll(async () => {
  // No inputJson member the plugin's schema does not name: Pulumi YAML refuses one.
  world = await exportWorld("collectors-export-yaml-e2e-");
  hostileObjects = await seedHostile(world.operator);
}, 10 * MINUTE);

afterAll(() => closeWorld(world), 5 * MINUTE);

describe("collectors export --language yaml, then the printed steps", () => {
  it(
    "the printed steps work as printed: the plugin from the package, no POST, no DELETE, a PUT only where the service hid a secret, every value as it was; then no changes",
    async () => {
      const { root, service, seeded, ot } = world;
      const otCollectors = Object.keys(ot.collectors).length;
      const templates = Object.keys(ot.templates).length;
      const started = performance.now();
      const { cli } = await installPacked(root, world.shellEnv);
      project = join(root, "my-collectors");
      const exported = await exportAs(world, cli, ["--language", "yaml", "--out", "my-collectors"]);
      expect(readdirSync(project).sort()).toEqual(["Pulumi.dev.yaml", "Pulumi.yaml"]);
      const program = readFileSync(join(project, "Pulumi.yaml"), "utf8");
      expect(program).toMatch(/^runtime: yaml$/m);
      const declared = (program.match(/^ {4}type: collectors:index:\w+$/gm) ?? []).length;
      expect(declared).toBe(
        seeded.collectors + seeded.exportedSources + hostileObjects + otCollectors + templates,
      );
      expect((program.match(/^ {4}type: collectors:index:OtCollector$/gm) ?? []).length).toBe(
        otCollectors,
      );
      expect((program.match(/^ {4}type: collectors:index:SourceTemplate$/gm) ?? []).length).toBe(
        templates,
      );
      expect((program.match(/^ {6}protect: true$/gm) ?? []).length).toBe(declared);
      const installedCollectors = (
        program.match(/type: collectors:index:InstalledCollector$/gm) ?? []
      ).length;
      expect(installedCollectors).toBe(4);
      // Installed and OT collectors are retained on delete; nothing else.
      expect((program.match(/^ {6}retainOnDelete: true$/gm) ?? []).length).toBe(
        installedCollectors + otCollectors,
      );

      const secrets = printedSecrets(exported.stdout);
      expect(Object.values(secrets.values)).toEqual(expect.arrayContaining(seeded.returnedSecrets));
      expect(secrets.values.mysqlPassword).toBe(DB_PASSWORD);
      for (const name of secrets.hidden) {
        expect([...seeded.hiddenSecretSources, ...seeded.maskedPassthroughSources]).toContain(name);
      }
      for (const file of readdirSync(project)) {
        const text = readFileSync(join(project, file), "utf8");
        const never = [
          ...seeded.returnedSecrets,
          ...seeded.maskedSecrets,
          DB_PASSWORD,
          PULUMI_USER.accessKey,
        ];
        for (const value of never) expect(text, file).not.toContain(value);
        if (file !== "Pulumi.yaml") expect(text, file).not.toContain(HIDDEN);
      }

      before = await accountOf(service);
      const steps = printedSteps(exported.stdout);
      expect(steps[0]).toBe("cd my-collectors");
      expect(steps[1]).toMatch(
        /^pulumi plugin install resource collectors \S+ --file \.\.\/tools\/node_modules\/pulumi-collectors\/dist\/plugin\/pulumi-resource-collectors-v\S+\.tar\.gz$/,
      );
      expect(steps.at(-2)).toBe("pulumi up");
      expect(steps.at(-1)).toBe("pulumi preview --expect-no-changes");
      const { cwd, up, requests } = await runPrintedSteps(world, steps, secrets);
      expect(cwd).toBe(project);

      const byMethod = countByMethod(requests);
      console.log(
        `export yaml e2e: ${declared} objects declared; pulumi up made ${JSON.stringify(byMethod)} ` +
          `in ${up.durationMs} ms; steps from npm pack to the no-change preview: ` +
          `${Math.round(performance.now() - started)} ms`,
      );
      expectAdoptionOnly(requests, before, secrets.hidden, up);

      // Every object as it was: the hostile names and values came back from YAML unchanged.
      expect(steady(await accountOf(service))).toEqual(steady(before));
      const hostile = before.collectors.find((c) => c.name === HOSTILE.collector);
      expect(hostile?.description).toBe(HOSTILE.description);
      expect(hostile?.sources.map((s) => s.name).sort()).toEqual([...HOSTILE.names].sort());

      const state = JSON.parse(ok(await pulumiIn(world, project, ["stack", "export"])).stdout);
      const resources = state.deployment.resources.filter((r: { type: string }) =>
        r.type.startsWith("collectors:index:"),
      );
      expect(resources).toHaveLength(declared);
      for (const r of resources) {
        expect(r.protect, r.urn).toBe(true);
        expect(!!r.retainOnDelete, r.urn).toBe(
          ["collectors:index:InstalledCollector", "collectors:index:OtCollector"].includes(r.type),
        );
      }
    },
    20 * MINUTE,
  );

  it(
    "pulumi destroy of the protected stack fails and deletes nothing",
    async () => {
      await expectProtectedDestroy(world, project, before);
    },
    10 * MINUTE,
  );
});
