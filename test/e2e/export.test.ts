// `collectors export` end to end, as a user runs it: an account of 47 objects made by hand
// (Hosted and Installed Collectors, sources of 17 types with secrets the service returns and
// secrets it shows masked, awkward names, a collector in Json source mode), the CLI of the packed
// package exports it, the printed secrets are set, and the real engine runs the generated project
// with the packed package installed: `pulumi up` creates and deletes nothing and writes at most
// the secrets the service never returns, then `pulumi preview --expect-no-changes` passes. The
// generated index.ts type-checks and passes Biome. `destroy` is not run: the objects are the
// account's.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CollectorsClient } from "../../provider/api";
import { type CommandResult, runProcess } from "../../scripts/pulumi-workspace";
import { HIDDEN, type SeededAccount, seedAccount } from "../cli/export-account";
import {
  OPERATOR,
  outputOf,
  PULUMI_USER,
  type PulumiWorkspace,
  ROOT,
  Service,
  workspaceFor,
} from "../helpers/pulumi";

const MINUTE = 60_000;

let service: Service;
let root: string;
let seeded: SeededAccount;
const workspaces: PulumiWorkspace[] = [];

function ok(result: CommandResult): CommandResult {
  expect(result.code, `${result.command}\n${outputOf(result)}`).toBe(0);
  return result;
}

/**
 * `dir/node_modules` as `npm install <tarball>` leaves it: the package unpacked from `npm pack`,
 * next to this repository's other dependencies (symlinked: one copy of @pulumi/pulumi, no
 * download).
 */
async function installPackage(tarball: string, dir: string): Promise<void> {
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, "pulumi-collectors"), { recursive: true });
  ok(
    await runProcess(
      "tar",
      ["-xzf", tarball, "-C", join(modules, "pulumi-collectors"), "--strip-components=1"],
      { cwd: dir, env: process.env },
    ),
  );
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    if (entry !== "pulumi-collectors" && entry !== ".bin") {
      symlinkSync(join(ROOT, "node_modules", entry), join(modules, entry));
    }
  }
}

/** The words of a printed shell line, single quotes undone (`'a'\''b'` → a'b). */
function shellValue(word: string): string {
  if (!word.startsWith("'")) return word;
  return word.slice(1, -1).replace(/'\\''/g, "'");
}

beforeAll(async () => {
  service = await Service.start();
  root = mkdtempSync(join(tmpdir(), "collectors-export-e2e-"));
  // The account, made by someone else than the user who exports it.
  const operator = new CollectorsClient({
    accessId: OPERATOR.accessId,
    accessKey: OPERATOR.accessKey,
    endpoint: service.url,
    env: {},
  });
  seeded = await seedAccount(operator, async (body) => (await service.registerInstalled(body)).id);
}, 10 * MINUTE);

afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  if (root) rmSync(root, { recursive: true, force: true });
  await service?.close();
});

describe("collectors export, then pulumi up on the generated project", () => {
  it(
    "adopts everything: no POST, no DELETE, a PUT only where the service hid a secret; then no changes",
    async () => {
      const pack = ok(
        await runProcess("npm", ["pack", "--silent", "--pack-destination", root], {
          cwd: ROOT,
          env: process.env,
        }),
      );
      const tarball = join(root, pack.stdout.trim().split("\n").at(-1) as string);

      // The CLI as installed from the tarball, run with the user's environment.
      const cli = join(root, "cli");
      await installPackage(tarball, cli);
      const project = join(root, "my-collectors");
      const exported = ok(
        await runProcess(
          process.execPath,
          [
            join(cli, "node_modules/pulumi-collectors/dist/cli/main.js"),
            "export",
            "--out",
            project,
          ],
          {
            cwd: root,
            env: {
              ...process.env,
              COLLECTORS_ACCESS_ID: PULUMI_USER.accessId,
              COLLECTORS_ACCESS_KEY: PULUMI_USER.accessKey,
              COLLECTORS_ENDPOINT: service.url,
            },
          },
        ),
      );
      expect(exported.stderr).toMatch(/10\/10 collectors' sources read/);
      const program = readFileSync(join(project, "index.ts"), "utf8");
      const declared = (program.match(/new collectors\.\w+\(/g) ?? []).length;
      expect(declared).toBe(seeded.collectors + seeded.exportedSources);
      expect(declared + seeded.skippedSources).toBeGreaterThanOrEqual(40);

      // The printed secrets: values the service returns are there to copy; hidden ones are
      // named, and the user supplies them.
      const secrets: Record<string, string> = {};
      /** The source names whose secret is hidden by the service, one per secret. */
      const hidden: string[] = [];
      for (const line of exported.stdout.split("\n")) {
        const match = /^ {2}pulumi config set --secret (\S+)(?: -- (.+)|\s+# (.*))$/.exec(line);
        if (!match) continue;
        const key = shellValue(match[1] as string); // quoted when not plain ASCII
        if (match[2] !== undefined) secrets[key] = shellValue(match[2]);
        else {
          expect(match[3]).toContain("hidden by the service");
          hidden.push(/ of source "([^"]*)"/.exec(match[3] as string)?.[1] as string);
          secrets[key] = `real value of ${key}`;
        }
      }
      expect(Object.values(secrets)).toEqual(expect.arrayContaining(seeded.returnedSecrets));
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
        const never = [...seeded.returnedSecrets, ...seeded.maskedSecrets, PULUMI_USER.accessKey];
        for (const value of never) expect(text, file).not.toContain(value);
        // The mask only where a pass-through shows it (the service keeps its value for it).
        if (file !== "index.ts") expect(text, file).not.toContain(HIDDEN);
      }

      // The package in the project, as `npm install` of the tarball would put it.
      await installPackage(tarball, project);

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

      // The stack: the generated Pulumi.dev.yaml (endpoint and access id), plus the secrets.
      const ws = await workspaceFor(service, project, {
        connect: false,
        stackConfig: join(project, "Pulumi.dev.yaml"),
        secrets: { ...secrets, "collectors:accessKey": PULUMI_USER.accessKey },
      });
      workspaces.push(ws);
      const before = await service.inventory();
      const mark = await service.mark();
      const up = await ws.pulumi(["up", "--yes"]);
      const requests = await service.since(mark);
      const byMethod: Record<string, number> = {};
      for (const r of requests) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
      console.log(
        `export e2e: ${declared} objects declared (${seeded.skippedSources} skipped); ` +
          `pulumi up made ${JSON.stringify(byMethod)} in ${up.durationMs} ms`,
      );
      expect(byMethod.POST ?? 0, outputOf(up)).toBe(0);
      expect(byMethod.DELETE ?? 0).toBe(0);
      // At most one PUT per object with a secret to set that the service hides, only on those.
      const ids = new Map<number, string>();
      for (const c of before) for (const s of c.sources) ids.set(s.id as number, s.name as string);
      const puts = requests.filter((r) => r.method === "PUT");
      const putNames = puts.map((r) => ids.get(Number(r.path.split("/").at(-1))));
      expect(new Set(putNames).size).toBe(puts.length);
      for (const name of putNames) expect(hidden).toContain(name);
      expect(requests.every((r) => r.status < 300)).toBe(true);

      // Nothing else changed on the service: the same objects, with the same settings.
      const after = await service.inventory();
      // (Only the secrets the user filled in may differ; key order is not compared.)
      const strip = (inventory: typeof before) =>
        JSON.parse(
          JSON.stringify(inventory, (key, value) =>
            ["lastSeenAlive", "osTime"].includes(key) ? undefined : value,
          ),
        );
      expect(strip(after)).toEqual(strip(before));

      await ws.pulumi(["preview", "--expect-no-changes"]);
    },
    20 * MINUTE,
  );
});
