// `npm start`: the whole thing working, end to end, in one command. Starts the
// local service, applies examples/basic with the real Pulumi CLI against it, shows what it made,
// shows a second preview has nothing to do, destroys it and stops the service.
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../emulator";
import { CollectorsClient } from "../provider/api";
import {
  type CommandResult,
  PulumiWorkspace,
  pulumiCliPath,
  repoRoot,
  runProcess,
} from "./toolchain/pulumi-workspace";

/** The Installed Collector examples/installed looks up by name. */
export const INSTALLED_NAME = "web-01.prod";

function step(text: string): void {
  console.log(`\n==> ${text}`);
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

/**
 * A Pulumi run's output, indented, without runs of blank lines and without destroy's hint about
 * `pulumi stack rm` (the temporary workspace goes anyway).
 */
function show(result: CommandResult): void {
  const text = result.stdout
    .split("\n")
    .filter(
      (line) =>
        !/^(The resources in the stack have been deleted|If you want to remove the stack)/.test(
          line,
        ),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  console.log(indent(text));
}

async function registerInstalled(service: RunningEmulator): Promise<number> {
  const res = await fetch(`${service.origin}/_emulator/installed-collectors`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: INSTALLED_NAME,
      collectorVersion: "19.0-1",
      osName: "Linux",
      osVersion: "6.1",
      osArch: "amd64",
      ephemeral: false,
      sourceSyncMode: "UI",
      hostName: INSTALLED_NAME,
    }),
  });
  const body = (await res.json()) as { collector?: { id: number } };
  if (res.status !== 201 || !body.collector) {
    throw new Error(
      `registering ${INSTALLED_NAME} failed: HTTP ${res.status} ${JSON.stringify(body)}`,
    );
  }
  return body.collector.id;
}

/** What the service holds, one line per collector and source. */
async function inventory(client: CollectorsClient): Promise<string> {
  const lines: string[] = [];
  for (const c of await client.collectors.list()) {
    lines.push(`collector ${c.id}  ${c.name}  (${c.collectorType ?? "?"})`);
    const sources = await client.sources.list(c.id);
    for (const s of sources) {
      const category = s.category ? `  category=${s.category}` : "";
      lines.push(`  source ${s.id}  ${s.name}  (${s.sourceType})${category}`);
    }
  }
  return lines.length > 0 ? lines.join("\n") : "(nothing)";
}

async function runDemo(): Promise<void> {
  const root = repoRoot(__dirname);
  let service: RunningEmulator | undefined;
  let ws: PulumiWorkspace | undefined;
  try {
    step("Starting the local Collector Management service on a free port");
    service = await startEmulator({ host: "127.0.0.1", port: 0 });
    const credentials = service.credentials[0];
    if (!credentials) throw new Error("the local service reported no credentials");
    console.log(`    listening on ${service.url} (development credentials)`);
    const installedId = await registerInstalled(service);
    console.log(
      `    registered the Installed Collector ${INSTALLED_NAME} (id ${installedId}) that examples/installed looks up`,
    );

    step(
      "Finding the Pulumi CLI (scripts/toolchain/pulumi-cli.sh; the first time it may build it)",
    );
    const cli = await pulumiCliPath(root, process.stdout);
    const version = await runProcess("pulumi", ["version"], {
      cwd: root,
      env: {
        ...process.env,
        PATH: `${cli}:${process.env.PATH ?? ""}`,
        PULUMI_SKIP_UPDATE_CHECK: "true",
      },
    });
    console.log(`    pulumi ${version.stdout.trim()} from ${cli.split(":")[0]}`);

    step("Creating stack dev of examples/basic with a temporary local backend");
    ws = await PulumiWorkspace.create({
      program: join(root, "examples", "basic"),
      stack: "dev",
      cliPath: cli,
      prefix: "collectors-demo-",
      config: { "collectors:accessId": credentials.accessId, "collectors:endpoint": service.url },
      secrets: { "collectors:accessKey": credentials.accessKey },
    });
    console.log(`    workspace and backend in ${ws.root}`);
    console.log(
      `    config: collectors:endpoint=${service.url}, collectors:accessId=${credentials.accessId}, collectors:accessKey=[secret]`,
    );

    step("pulumi up --yes");
    show(await ws.pulumi(["up", "--yes"]));

    step("Stack outputs (secrets masked)");
    for (const [key, value] of Object.entries(await ws.outputs())) {
      console.log(`    ${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
    }

    step("What the service holds now");
    const client = new CollectorsClient({
      accessId: credentials.accessId,
      accessKey: credentials.accessKey,
      endpoint: service.url,
    });
    console.log(indent(await inventory(client)));

    step("pulumi preview --expect-no-changes (a second run has nothing to do)");
    show(await ws.pulumi(["preview", "--expect-no-changes"]));
    console.log("    no changes");

    step("pulumi destroy --yes");
    show(await ws.pulumi(["destroy", "--yes"]));

    step("What the service holds after destroy");
    console.log(indent(await inventory(client)));

    step("Stopping the local service");
    console.log("\nDone: up, no-change preview and destroy all succeeded.");
  } finally {
    ws?.dispose();
    await service?.close();
  }
}

runDemo().catch((error: unknown) => {
  // A failed command's message carries the command's whole output.
  console.error(`\ndemo failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
