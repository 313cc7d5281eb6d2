// Stopping the provider process while it waits for an upgrade task: a process started the way
// the engine starts its dynamic-provider host (a script at cmd/dynamic-provider/index.js, the
// engine's address as its argument) runs an update against the local service; SIGINT, as the
// engine sends when it shuts its plugins down, ends the wait at once with a message that says the
// task goes on, and the process exits as Node would. Progress goes to stderr there, since that
// stand-in host has no engine to log to. A stand-in engine stays up meanwhile: a host whose
// engine is gone ends on its own (provider/engine-gone.ts), which is not what this test is about.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeEngine, startFakeEngine } from "../helpers/fake-engine";
import { type Service, startService } from "./emulator.helpers";
import { control } from "./installed.helpers";
import { type ProgramDir, programWithPackage } from "./package.helpers";
import { provider } from "./unit.helpers";

let service: Service;
let program: ProgramDir;
let engine: FakeEngine;

beforeAll(async () => {
  service = await startService();
  program = programWithPackage();
  engine = await startFakeEngine("none");
});
afterAll(async () => {
  engine?.kill();
  program?.remove();
  await service?.close();
});

describe("an interrupted wait", () => {
  it("ends with the task's state and what to do, and the process exits", async () => {
    const host = await service.registerInstalled({
      name: "interrupted",
      collectorVersion: "19.440-7",
      autoHeartbeat: true,
    });
    const collector = provider("InstalledCollector");
    const adopted = await collector.create({ adopt: { id: host.id } });
    await control(service).nextUpgrade(host.id, "hang");

    const script = join(program.dir, "cmd", "dynamic-provider", "index.js");
    mkdirSync(join(program.dir, "cmd", "dynamic-provider"), { recursive: true });
    const runtime = join(
      program.dir,
      "node_modules/pulumi-collectors/dist/provider/resources/dispatch.js",
    );
    writeFileSync(
      script,
      `const { dispatch } = require(${JSON.stringify(runtime)});
const values = JSON.parse(process.env.TEST_CONFIG);
(async () => {
  await dispatch("InstalledCollector", "configure", [{ config: { get: (k) => values[k] } }]);
  try {
    await dispatch("InstalledCollector", "update", JSON.parse(process.env.TEST_ARGS));
    console.log(JSON.stringify({ unexpected: "success" }));
  } catch (error) {
    console.log(JSON.stringify({ message: error.message, id: error.id, version: error.properties?.version }));
  }
})();
`,
    );
    const child = spawn(process.execPath, [script, engine.address], {
      env: {
        ...process.env,
        COLLECTORS_UPGRADE_POLL_MS: "50",
        TEST_CONFIG: JSON.stringify({
          "collectors:accessId": service.accessId,
          "collectors:accessKey": service.accessKey,
          "collectors:endpoint": service.emulator.url,
        }),
        TEST_ARGS: JSON.stringify([
          adopted.id,
          adopted.outs,
          { adopt: { id: host.id }, version: "19.470-4" },
        ]),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    const requested = new Promise<void>((resolve) => {
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
        if (/\(status 0\)/.test(stderr)) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    await requested;
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(stderr).toContain(
      `InstalledCollector "interrupted" (id ${host.id}): upgrade from 19.440-7 to 19.470-4: task`,
    );
    const result = JSON.parse(stdout.trim().split("\n").at(-1) as string);
    expect(result.id).toBe(adopted.id);
    expect(result.version).toBe("19.440-7");
    expect(result.message).toMatch(
      /^InstalledCollector "interrupted" \(id \d+\): stopped waiting for the upgrade from 19\.440-7 to 19\.470-4 \(task \d+\) because the Pulumi engine stopped the provider \(SIGINT\); it was not started \(status 0\)\. The task goes on on the service/,
    );
  });
});
