// The recipes of docs/guides/testing-your-programs.md, run as a user runs them: each example under
// examples/testing/ copied into a project of its own with pulumi-collectors installed from its
// tarball, its tests run with the command the docs give, their output printed.
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goCommand } from "../../scripts/build/sdks";
import {
  isolatedEnv,
  pulumiCliPath,
  runOrFail,
  runProcess,
} from "../../scripts/toolchain/pulumi-workspace";
import { GO_ENV, generateGoSdk, useGeneratedSdk } from "../helpers/go";
import { PLUGIN_INSTALL } from "../helpers/plugin";
import { outputOf, type PulumiWorkspace, ROOT, Service, workspaceFor } from "../helpers/pulumi";
import { sharedPythonEnv } from "../helpers/python";
import { userProject } from "../helpers/user-project";

const MINUTE = 60_000;
const folders: string[] = [];
const workspaces: PulumiWorkspace[] = [];
let service: Service;

beforeAll(async () => {
  service = await Service.start();
});

afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  await service?.close();
});

/** examples/testing/<name> as a user's project, and the environment its commands run in. */
async function recipe(name: string) {
  const app = await userProject(`collectors-recipe-${name}-`);
  folders.push(app);
  cpSync(join(ROOT, "examples", "testing", name), app, { recursive: true });
  // What `npm init` and `npm install` leave besides node_modules.
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: `my-${name}`, private: true }));
  // The pulumi CLI on PATH, state and plugins in folders of the project's own.
  return { app, env: isolatedEnv(join(app, ".pulumi-test"), await pulumiCliPath(ROOT)) };
}

/** Runs a recipe's command and prints what it printed, with its run time. */
async function run(app: string, env: NodeJS.ProcessEnv, command: string, args: string[]) {
  const started = performance.now();
  const result = await runProcess(command, args, { cwd: app, env, timeoutMs: 10 * MINUTE });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`$ ${command} ${args.join(" ")}   (${seconds} s)\n${outputOf(result)}`);
  return result;
}

describe("examples/testing/typescript", () => {
  it(
    "its unit tests pass under Pulumi's mocks, and its integration tests against the local service",
    async () => {
      const { app, env } = await recipe("typescript");
      expect(readdirSync(app)).toContain("web.unit.test.ts");
      const result = await run(app, env, "npx", ["vitest", "run"]);
      expect(result.code, outputOf(result)).toBe(0);
      expect(result.stdout).toMatch(/Test Files\s+2 passed \(2\)/);
      expect(result.stdout).toMatch(/Tests\s+9 passed \(9\)/);

      // The unit test's refusal is preview's: the same resource, property and reason (preview
      // also prints the value given, as `value {…}` in Go's notation, which the mocks leave out).
      const refusal = /(\S+ resource 'events': property filters\[1\]\.regexp.* has a problem: .*)/;
      const unit = refusal.exec(result.stdout)?.[1];
      expect(unit).toBeDefined();
      const ws = await workspaceFor(service, app, {
        config: { "collectors-testing:maskPattern": "" },
      });
      workspaces.push(ws);
      const preview = await ws.pulumi(["preview"], { check: false });
      console.log(`$ pulumi preview\n${outputOf(preview)}`);
      expect(preview.code).not.toBe(0);
      const previewed = refusal.exec(outputOf(preview))?.[1];
      expect(previewed?.replace(/ value \{.*?\} has a problem/, " has a problem")).toBe(unit);
    },
    10 * MINUTE,
  );
});

describe("examples/testing/node-test", () => {
  it(
    "its test passes under node's own test runner",
    async () => {
      const { app, env } = await recipe("node-test");
      const result = await run(app, env, process.execPath, ["--test"]);
      expect(result.code, outputOf(result)).toBe(0);
      expect(result.stdout).toMatch(/^# pass 1$/m);
      expect(result.stdout).toMatch(/^# fail 0$/m);
    },
    10 * MINUTE,
  );
});

/** A `collectors` command in <app>/bin, as `npm install -g pulumi-collectors` gives one. */
function collectorsIn(app: string): string {
  const bin = join(app, "bin");
  mkdirSync(bin);
  const cli = join(app, "node_modules", "pulumi-collectors", "dist", "cli", "main.js");
  writeFileSync(join(bin, "collectors"), `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`, {
    mode: 0o755,
  });
  return join(bin, "collectors");
}

/** The recipes find `collectors` on the PATH (the Go run here) or in COLLECTORS_CLI (pytest's). */
function collectorsOnPath(app: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, PATH: `${join(collectorsIn(app), "..")}:${env.PATH}` };
}

// The release's self-contained `collectors` runs both recipes with no Node.js at all:
// test/e2e/release.test.ts.

describe("examples/testing/go", () => {
  it(
    "go test drives the program through Go's Automation API against collectors serve --json",
    async () => {
      const { app, env } = await recipe("go");
      await useGeneratedSdk(app, await generateGoSdk(join(app, ".sdk")));
      // The plugin where `pulumi plugin install resource collectors <version>` puts it.
      await runOrFail("pulumi", PLUGIN_INSTALL, app, env);
      const goEnv = { ...collectorsOnPath(app, env), ...GO_ENV };
      const result = await run(app, goEnv, goCommand(), ["test", "-v", "-count=1", "./..."]);
      expect(result.code, outputOf(result)).toBe(0);
      expect(result.stdout).toMatch(/^--- PASS: TestWebTierAgainstTheLocalService /m);
      expect(result.stdout).toMatch(/^ok\s+\S+/m);
    },
    20 * MINUTE,
  );
});

describe("examples/testing/python", () => {
  it(
    "pytest's fixture starts collectors serve --json; its tests reach the service over HTTP and drive Pulumi through the Automation API",
    async () => {
      const [{ app, env }, python] = await Promise.all([recipe("python"), sharedPythonEnv()]);
      // The plugin where `pulumi plugin install resource collectors <version>` puts it.
      await runOrFail("pulumi", PLUGIN_INSTALL, app, env);
      const cli = { ...env, COLLECTORS_CLI: collectorsIn(app) };
      // The environment's python: it imports pulumi and pulumi_collectors, and sees pytest.
      const result = await run(app, cli, python.python, [
        "-m",
        "pytest",
        "-v",
        "-p",
        "no:cacheprovider",
      ]);
      expect(result.code, outputOf(result)).toBe(0);
      expect(result.stdout).toMatch(/test_web_tier_against_the_local_service PASSED/);
      expect(result.stdout).toMatch(/=+ 5 passed in [\d.]+s =+/);
    },
    10 * MINUTE,
  );
});
