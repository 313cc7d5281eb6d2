// `collectors export` end to end, as a user runs it: an account of 53 objects made by hand
// (Hosted and Installed Collectors, sources of 17 types with secrets the service returns and
// secrets it shows masked, awkward names, a collector in Json source mode; OpenTelemetry
// collectors that registered themselves, one with the service's own `sumo.disco*` tags, and
// source templates, one disabled, one with a password in a receiver). The package is packed
// (`npm pack`) and installed from the tarball with npm; its CLI exports the account; the steps it
// prints are run as printed, in the folder it wrote, with the real engine: `npm install`, the
// stack, the secrets, `pulumi up` (it creates and deletes nothing, writes at most the secrets the
// service never returns, and not one to the OT collectors and templates; it says each adoption
// under its resource), then `pulumi preview --expect-no-changes`. The generated index.ts
// type-checks and passes Biome. Then what keeps a fleet safe: `pulumi destroy` of the protected
// stack fails and deletes nothing; after `pulumi state unprotect --all` it deletes everything but
// the Installed and OT collectors (each template disabled, then deleted); and a project exported
// with --no-protect deletes on destroy only what is not an Installed Collector, unless the
// program opts one in with `retainOnDelete: false`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../../scripts/toolchain/pulumi-workspace";
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
  OT_PATH,
  ok,
  printedSecrets,
  printedSteps,
  pulumiIn,
  runPrintedSteps,
  steady,
} from "../helpers/export-e2e";
import { type LoggedRequest, outputOf, PULUMI_USER, ROOT } from "../helpers/pulumi";

const MINUTE = 60_000;

let world: ExportWorld;
/** `collectors` as installed from the packed tarball. */
let cli: string;
/** The project the protected export wrote, and the account as it was before `pulumi up`. */
let project: string;
let before: Account;
/** How many OT collectors and source templates the account holds. */
let otCollectors: number;
let templates: number;

/** A command line run by the shell in `cwd`, with what the user types at its prompt. */
const shell = (line: string, cwd: string, input?: string) =>
  runProcess("bash", ["-c", line], { cwd, env: world.shellEnv, input });

/** `pulumi <args>` in a project folder, from the user's shell. */
const pulumi = (dir: string, args: string[]) => pulumiIn(world, dir, args);

/** `collectors export <args>` from the installed package, as PULUMI_USER. */
const exportAccount = (args: string[]) => exportAs(world, cli, args);

/** The collector a DELETE was for: `/api/v1/collectors/{id}` or its sources'. */
const deletedCollector = (r: LoggedRequest) => /\/collectors\/(\d+)$/.exec(r.path)?.[1];

beforeAll(async () => {
  world = await exportWorld("collectors-export-e2e-");
  otCollectors = Object.keys(world.ot.collectors).length;
  templates = Object.keys(world.ot.templates).length;
}, 10 * MINUTE);

afterAll(() => closeWorld(world), 5 * MINUTE);

describe("collectors export, then the printed steps, then destroy", () => {
  it(
    "the printed steps work as printed from a packed tarball: no POST, no DELETE, a PUT only where the service hid a secret, adoptions said so; then no changes",
    async () => {
      const started = performance.now();
      // The CLI installed from the tarball by npm, which records where it came from.
      const { root, service, seeded, ot } = world;
      const installed = await installPacked(root, world.shellEnv);
      const { tarball } = installed;
      cli = installed.cli;

      project = join(root, "my-collectors");
      const exported = await exportAccount(["--out", "my-collectors"]);
      expect(exported.stderr).toMatch(/10\/10 collectors' sources read/);
      expect(exported.stdout).toContain(
        `The project installs pulumi-collectors from the tarball ../${tarball}`,
      );
      const program = readFileSync(join(project, "index.ts"), "utf8");
      const declared = (program.match(/new collectors\.\w+\(/g) ?? []).length;
      expect(declared).toBe(seeded.collectors + seeded.exportedSources + otCollectors + templates);
      expect(declared + seeded.skippedSources).toBeGreaterThanOrEqual(53);
      expect((program.match(/\{ protect: true \}/g) ?? []).length).toBe(declared);
      for (const id of [...Object.values(ot.collectors), ...Object.values(ot.templates)]) {
        expect(program).toContain(`adopt: { id: "${id}" }`);
      }
      expect(program).not.toContain("sumo.disco");

      // The printed secrets: values the service returns are there to copy; hidden ones are
      // named, and the user supplies them.
      const secrets = printedSecrets(exported.stdout);
      const { hidden } = secrets;
      expect(Object.values(secrets.values)).toEqual(expect.arrayContaining(seeded.returnedSecrets));
      // The template's receiver password: printed to copy, in no file.
      expect(secrets.values.mysqlPassword).toBe(DB_PASSWORD);
      // Hidden secrets to set: the Polling awsKey; the Cloud-to-Cloud keys too where the class
      // reads the mask as the program's value, else they are written as the mask (and noted).
      const withHidden = [...seeded.hiddenSecretSources, ...seeded.maskedPassthroughSources];
      expect(new Set(hidden)).toEqual(new Set([...seeded.hiddenSecretSources, ...hidden]));
      for (const name of hidden) expect(withHidden).toContain(name);
      const masks = program.split(HIDDEN).length - 1;
      expect(hidden.length - seeded.hiddenSecretSources.length + masks).toBe(
        seeded.passthroughSecrets,
      );
      for (const file of readdirSync(project)) {
        const text = readFileSync(join(project, file), "utf8");
        const never = [
          ...seeded.returnedSecrets,
          ...seeded.maskedSecrets,
          DB_PASSWORD,
          PULUMI_USER.accessKey,
        ];
        for (const value of never) expect(text, file).not.toContain(value);
        // The mask only where a pass-through shows it (the service keeps its value for it).
        if (file !== "index.ts") expect(text, file).not.toContain(HIDDEN);
      }

      // The steps, as printed, one after the other in the user's shell; at a prompt the user
      // types the access key, or a secret the service hides.
      before = await accountOf(service);
      expect(before.otCollectors).toHaveLength(otCollectors);
      expect(before.templates).toHaveLength(templates);
      const steps = printedSteps(exported.stdout);
      expect(steps[0]).toBe("cd my-collectors");
      expect(steps.at(-2)).toBe("pulumi up");
      expect(steps.at(-1)).toBe("pulumi preview --expect-no-changes");
      const { cwd, up, requests } = await runPrintedSteps(world, steps, secrets);
      expect(cwd).toBe(project);

      const byMethod = countByMethod(requests);
      console.log(
        `export e2e: ${declared} objects declared (${seeded.skippedSources} skipped); ` +
          `pulumi up made ${JSON.stringify(byMethod)} in ${up.durationMs} ms; ` +
          `steps from npm pack to the no-change preview: ${Math.round(performance.now() - started)} ms`,
      );
      expectAdoptionOnly(requests, before, hidden, up);
      // Each adoption said so under its resource, and the state says so too.
      const said = new Set(
        [
          ...up.stdout.matchAll(/\(id ([0-9A-F]+)\): adopted, not created \(it already existed\)/g),
        ].map((m) => m[1]),
      );
      expect(said.size).toBe(declared);
      const state = JSON.parse(ok(await pulumi(project, ["stack", "export"])).stdout);
      const resources = state.deployment.resources.filter((r: { type: string }) =>
        r.type.startsWith("pulumi-nodejs:dynamic/collectors:"),
      );
      expect(resources).toHaveLength(declared);
      for (const r of resources) {
        expect(r.outputs.adopted, r.urn).toBe(true);
        expect(r.protect, r.urn).toBe(true);
        expect(!!r.retainOnDelete, r.urn).toBe(/:(Installed|Ot)Collector$/.test(r.type));
      }
      const kinds = resources.map((r: { type: string }) => r.type.split(":").at(-1));
      expect(kinds.filter((k: string) => k === "OtCollector")).toHaveLength(otCollectors);
      expect(kinds.filter((k: string) => k === "SourceTemplate")).toHaveLength(templates);

      // Nothing else changed on the service: the same objects, with the same settings, the OT
      // side included (the service's own tags kept, the disabled template still disabled).
      // (Only the secrets the user filled in may differ; key order is not compared.)
      expect(steady(await accountOf(service))).toEqual(steady(before));

      // index.ts type-checks and passes Biome (the repository's settings).
      ok(
        await runProcess(join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", project], {
          cwd: project,
          env: process.env,
        }),
      );
      const biome = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
      delete biome.vcs; // the project is not a git checkout
      writeFileSync(join(project, "biome.json"), JSON.stringify(biome));
      ok(
        await runProcess(join(ROOT, "node_modules/.bin/biome"), ["check", "index.ts"], {
          cwd: project,
          env: process.env,
        }),
      );
    },
    20 * MINUTE,
  );

  it(
    "pulumi destroy of the protected stack fails and deletes nothing",
    async () => {
      const { destroy, requests } = await expectProtectedDestroy(world, project, before);
      console.log(
        `export e2e: destroy of the protected stack: exit ${destroy.code}, ` +
          `${JSON.stringify(countByMethod(requests))} in ${destroy.durationMs} ms`,
      );
    },
    10 * MINUTE,
  );

  it(
    "after pulumi state unprotect --all, destroy deletes every object but the Installed and OT collectors, each template disabled first",
    async () => {
      const { service, seeded } = world;
      ok(await pulumi(project, ["state", "unprotect", "--all", "--yes"]));
      const mark = await service.mark();
      const destroy = ok(await pulumi(project, ["destroy", "--yes"]));
      const requests = await service.since(mark);
      const deletes = requests.filter((r) => r.method === "DELETE");
      console.log(
        `export e2e: destroy after unprotect: ${JSON.stringify(countByMethod(requests))} ` +
          `in ${destroy.durationMs} ms`,
      );
      const installed = before.collectors.filter((c) => c.collectorType === "Installable");
      const hosted = before.collectors.filter((c) => c.collectorType === "Hosted");
      expect(installed).toHaveLength(4);
      expect(deletes).toHaveLength(hosted.length + seeded.exportedSources + templates);
      const deletedCollectors = deletes.map(deletedCollector).filter(Boolean).map(Number);
      expect(deletedCollectors.sort()).toEqual(hosted.map((c) => c.id).sort());
      expect(outputOf(destroy)).toMatch(/InstalledCollector db01Prod deleted.*\[retain\]/);
      // The OT collectors are kept as the Installed Collectors are (the API cannot make one
      // again); each template is disabled, then deleted (the service refuses an enabled one).
      const ot = requests.filter((r) => OT_PATH.test(r.path) && r.method !== "GET");
      expect(ot.filter((r) => r.path.includes("/otCollectors"))).toEqual([]);
      expect(outputOf(destroy)).toMatch(/OtCollector edge01 deleted.*\[retain\]/);
      for (const id of Object.values(world.ot.templates)) {
        const writes = ot.filter((r) => r.path.includes(`/sourceTemplates/${id}`));
        expect(writes.map((r) => `${r.method} ${r.path.slice(r.path.indexOf(id))}`)).toEqual([
          `PUT ${id}/status`,
          `DELETE ${id}`,
        ]);
      }
      expect(ot).toHaveLength(2 * templates);
      // Left: the Installed Collectors, as they were, with only the sources nobody managed; the
      // OT collectors as they were (none is linked to a template now); no template.
      const after = await accountOf(service);
      expect(after.collectors.map((c) => c.name).sort()).toEqual(
        installed.map((c) => c.name).sort(),
      );
      expect(after.collectors.flatMap((c) => c.sources)).toHaveLength(seeded.skippedSources);
      const unlinked = (c: Record<string, unknown>) => ({ ...c, sourceTemplateLinkedCount: 0 });
      expect(steady(after).otCollectors).toEqual(steady(before).otCollectors.map(unlinked));
      expect(after.templates).toEqual([]);
    },
    10 * MINUTE,
  );

  it(
    "with --no-protect, destroy deletes what is not an Installed Collector, and only the Installed Collector the program opts in",
    async () => {
      const { service, root } = world;
      // A small account of its own: a Hosted Collector and two Installed ones, a source each.
      const hostedId = (
        await service.apiOk("POST", "/collectors", {
          collector: { collectorType: "Hosted", name: "np-hosted" },
        })
      ).json.collector.id as number;
      await service.apiOk("POST", `/collectors/${hostedId}/sources`, {
        source: { sourceType: "HTTP", name: "events" },
      });
      const installed: Record<string, number> = {};
      for (const name of ["np-kept", "np-deleted"]) {
        installed[name] = (await service.registerInstalled({ name })).id as number;
        await service.apiOk("POST", `/collectors/${installed[name]}/sources`, {
          source: { sourceType: "LocalFile", name: "syslog", pathExpression: "/var/log/syslog" },
        });
      }
      const dir = join(root, "unprotected");
      const exported = await exportAccount([
        "--out",
        "unprotected",
        "--no-protect",
        "--collector",
        "np-*",
      ]);
      expect(exported.stdout.replace(/\n/g, " ")).toContain(
        "deletes its object from the service (exported with --no-protect",
      );
      // The program opts one Installed Collector in to deletion.
      const program = readFileSync(join(dir, "index.ts"), "utf8");
      expect(program).not.toContain("protect: true");
      const opening = 'new collectors.InstalledCollector("npDeleted", {';
      const at = program.indexOf(opening);
      const end = program.indexOf("\n});", at);
      expect(at).toBeGreaterThan(0);
      writeFileSync(
        join(dir, "index.ts"),
        `${program.slice(0, end)}\n}, { retainOnDelete: false });${program.slice(end + 4)}`,
      );
      // The packages as the first project installed them (one npm install is enough).
      await shell(`ln -s ${join(project, "node_modules")} node_modules`, dir);
      ok(await pulumi(dir, ["stack", "init", "dev"]));
      ok(
        await runProcess(
          "pulumi",
          ["config", "set", "--secret", "collectors:accessKey", "--non-interactive"],
          { cwd: dir, env: world.shellEnv, input: PULUMI_USER.accessKey },
        ),
      );
      ok(await pulumi(dir, ["up", "--yes"]));

      const mark = await service.mark();
      const destroy = ok(await pulumi(dir, ["destroy", "--yes"]));
      const requests = await service.since(mark);
      console.log(
        `export e2e: destroy of the --no-protect stack: ${JSON.stringify(countByMethod(requests))} ` +
          `in ${destroy.durationMs} ms`,
      );
      const deletes = requests.filter((r) => r.method === "DELETE");
      // The Hosted Collector, the three sources, and the opted-in Installed Collector.
      expect(deletes).toHaveLength(5);
      expect(deletes.map(deletedCollector).filter(Boolean).map(Number).sort()).toEqual(
        [hostedId, installed["np-deleted"]].sort(),
      );
      expect(outputOf(destroy)).toMatch(/InstalledCollector npKept deleted.*\[retain\]/);
      const left = (await service.inventory()).filter((c) => c.name.startsWith("np-"));
      expect(left.map((c) => [c.name, c.sources.length])).toEqual([["np-kept", 0]]);
    },
    10 * MINUTE,
  );
});
