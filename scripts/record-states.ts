// `npm run record:states`: records, with this version of the package, the states a later version
// must keep working with (test/e2e/upgrade-states.test.ts restores them with the code at HEAD).
// Run at each release; it writes test/upgrade/<version>/ (the version in package.json) and
// refuses to overwrite one (--force does, e.g. to record the same version again before release).
//
// For each front end, against a local service of its own keeping its data on disk: registers an
// Installed Collector (as the collector software would), then `pulumi up` of a program holding a
// resource of every kind of ENTITY_KINDS with secret config, an S3 source whose AWS key the
// service masks, and the Installed Collector adopted with a `version` to run — the TypeScript
// classes (test/e2e/programs/upgrade, copied with the source bodies) and Pulumi YAML on the
// plugin installed from dist/plugin's tarball (written here from the same bodies: YAML has no
// loops). Then it checks a preview plans nothing, stops the service and keeps, beside the
// program: the stack config, `pulumi stack export`, the service's store and recording.json. The
// service's origin is replaced by a placeholder (see ORIGIN_PLACEHOLDER for why); the state's
// secrets are encrypted with the workspace's fixed test passphrase, and the recording fails if a
// credential given appears in plain text.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { startEmulator } from "../emulator";
import { packageVersion } from "../provider/plugin/version";
import { ENTITY_KINDS } from "../provider/resources/kinds";
import { installPlugin } from "../test/helpers/plugin";
import { E2E_ACCOUNTS, PULUMI_USER } from "../test/helpers/users";
import {
  markedCredentialsIn,
  SOURCE_BODIES,
  SOURCE_BODIES_FILE,
  type SourceBody,
} from "../test/resources/sourceBodies.helpers";
import { PulumiWorkspace, pulumiCliPath, repoRoot } from "./pulumi-workspace";
import {
  ACCOUNTS_FILE,
  FILES,
  FRONT_ENDS,
  type FrontEnd,
  type Recording,
  upgradeStatesDir,
  withPlaceholder,
} from "./upgrade-states";

const ROOT = repoRoot(__dirname);
const PROGRAMS = join(ROOT, "test", "e2e", "programs");

/** The Installed Collector every recording adopts; it already runs the build it is pinned to. */
const INSTALLED = { name: "upgrade-01.prod", version: "19.470-4" };
/** A test key, not a real one: given as secret config, masked by the service on every read. */
const AWS_SECRET_KEY = "aws-upgrade-test-key-000000000000000000000000000001";
/** The Hosted Collector's logical name in both programs: the one the test's update changes. */
const DESCRIBED = "hosted";

/** The kinds a program of `bodies` holds, checked against ENTITY_KINDS: every one, no other. */
function kindsOf(typed: Record<string, SourceBody>): string[] {
  const kinds = ["HostedCollector", "InstalledCollector", "Source", ...Object.keys(typed)];
  const missing = Object.keys(ENTITY_KINDS).filter((kind) => !kinds.includes(kind));
  const unknown = kinds.filter((kind) => !Object.hasOwn(ENTITY_KINDS, kind));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `${SOURCE_BODIES_FILE} must hold a body for every typed source kind: ` +
        `missing ${missing.join(", ") || "none"}; not a kind: ${unknown.join(", ") || "none"}`,
    );
  }
  return kinds;
}

/** Every string with each `$` doubled: Pulumi YAML reads `${…}` in any string as a reference. */
function yamlText(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("$", () => "$$");
  if (Array.isArray(value)) return value.map(yamlText);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, yamlText(v)]));
  }
  return value;
}

/** A Pulumi YAML reference to a config value or a resource's output. */
const ref = (path: string) => `\${${path}}`;

/** The YAML program: the TypeScript one's resources, config and outputs, on the plugin. */
function yamlProgram(typed: Record<string, SourceBody>): string {
  const sources = Object.entries(typed).map(([kind, body]) => {
    const properties = yamlText(body.args) as Record<string, unknown>;
    if (kind === "S3Source") {
      const third = properties.thirdPartyRef as { resources: { authentication: object }[] };
      for (const r of third.resources)
        Object.assign(r.authentication, { awsKey: ref("awsSecretKey") });
    }
    const collector = body.collector === "Hosted" ? DESCRIBED : "installed";
    return [
      kind,
      {
        type: `collectors:index:${kind}`,
        properties: { collectorId: ref(`${collector}.id`), ...properties },
      },
    ];
  });
  const program = {
    name: "upgrade-yaml",
    description:
      "A resource of every kind, recorded at a release (scripts/record-states.ts) and upgraded by the code at HEAD.",
    runtime: "yaml",
    config: {
      description: { type: "string", default: "Recorded for the upgrade tests." },
      installedName: { type: "string" },
      installedVersion: { type: "string" },
      awsSecretKey: { type: "string", secret: true },
    },
    resources: {
      [DESCRIBED]: {
        type: "collectors:index:HostedCollector",
        properties: { description: ref("description"), category: "upgrade/hosted" },
      },
      installed: {
        type: "collectors:index:InstalledCollector",
        properties: {
          adopt: { name: ref("installedName") },
          category: "upgrade/installed",
          version: ref("installedVersion"),
        },
        // What the TypeScript class does by default: destroy leaves the collector registered.
        options: { retainOnDelete: true },
      },
      generic: {
        type: "collectors:index:Source",
        properties: {
          collectorId: ref(`${DESCRIBED}.id`),
          sourceType: "HTTP",
          category: "upgrade/generic",
        },
      },
      ...Object.fromEntries(sources),
    },
    outputs: {
      hostedId: ref(`${DESCRIBED}.id`),
      installedVersion: ref("installed.collectorVersion"),
      genericId: ref("generic.id"),
    },
  };
  return `# Written by scripts/record-states.ts; recorded as is.\n${stringify(program)}`;
}

/** Writes the front end's program into `dir`. */
function writeProgram(frontEnd: FrontEnd, dir: string, typed: Record<string, SourceBody>): void {
  mkdirSync(dir, { recursive: true });
  if (frontEnd === "yaml") {
    writeFileSync(join(dir, "Pulumi.yaml"), yamlProgram(typed));
    return;
  }
  for (const file of ["Pulumi.yaml", "index.ts", "tsconfig.json"]) {
    cpSync(join(PROGRAMS, "upgrade", file), join(dir, file));
  }
  cpSync(SOURCE_BODIES_FILE, join(dir, "bodies.json"));
}

interface Exported {
  deployment: { resources: { type: string; sourcePosition?: unknown; stackTrace?: unknown }[] };
}

/**
 * The exported state as kept: without each resource's `sourcePosition` and `stackTrace`, which
 * only point the engine's messages at the recording machine's files (their paths, not the
 * state's meaning), so the fixture holds no path of the machine that made it.
 */
function keptState(exported: Exported): string {
  for (const resource of exported.deployment.resources) {
    delete resource.sourcePosition;
    delete resource.stackTrace;
  }
  return `${JSON.stringify(exported, null, 2)}\n`;
}

async function record(frontEnd: FrontEnd, dir: string, version: string, cli: string) {
  const typed: Record<string, SourceBody> = SOURCE_BODIES;
  const kinds = kindsOf(typed);
  writeProgram(frontEnd, dir, typed);
  const dataDir = mkdtempSync(join(tmpdir(), "record-states-store-"));
  const service = await startEmulator({
    host: "127.0.0.1",
    port: 0,
    accounts: E2E_ACCOUNTS,
    dataDir,
  });
  let ws: PulumiWorkspace | undefined;
  try {
    const registered = await fetch(`${service.origin}/_emulator/installed-collectors`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: INSTALLED.name,
        collectorVersion: INSTALLED.version,
        osName: "Linux",
        osVersion: "6.1",
        osArch: "amd64",
        ephemeral: false,
        sourceSyncMode: "UI",
      }),
    });
    if (registered.status !== 201) {
      throw new Error(`registering the Installed Collector: ${await registered.text()}`);
    }
    const { id } = ((await registered.json()) as { collector: { id: number } }).collector;
    ws = await PulumiWorkspace.create({
      program: dir,
      cliPath: cli,
      prefix: "record-states-",
      config: {
        "collectors:accessId": PULUMI_USER.accessId,
        "collectors:endpoint": service.url,
        installedName: INSTALLED.name,
        installedVersion: INSTALLED.version,
      },
      secrets: { "collectors:accessKey": PULUMI_USER.accessKey, awsSecretKey: AWS_SECRET_KEY },
    });
    if (frontEnd === "yaml") await installPlugin(ws);
    console.error(`${frontEnd}: pulumi up (${kinds.length} kinds)`);
    await ws.pulumi(["up", "--yes", "--skip-preview"]);
    await ws.pulumi(["preview", "--expect-no-changes"]);
    const state = (await ws.pulumi(["stack", "export"])).stdout;
    const given = [PULUMI_USER.accessKey, AWS_SECRET_KEY, ...markedCredentialsIn(typed)];
    const plain = given.filter((secret) => state.includes(secret));
    if (plain.length > 0) {
      throw new Error(`the state holds ${plain.length} credential(s) in plain text: not recorded`);
    }
    const exported = JSON.parse(state) as Exported;
    const objects = exported.deployment.resources.filter((r) => !r.type.startsWith("pulumi:"));
    const stackConfig = readFileSync(join(ws.dir, FILES.stackConfig), "utf8");
    writeFileSync(join(dir, FILES.state), withPlaceholder(keptState(exported), service.origin));
    writeFileSync(join(dir, FILES.stackConfig), withPlaceholder(stackConfig, service.origin));
    const recording: Recording = {
      version,
      frontEnd,
      accessId: PULUMI_USER.accessId,
      installed: { id, ...INSTALLED },
      kinds,
      objects: objects.length,
      described: DESCRIBED,
    };
    writeFileSync(join(dir, FILES.recording), `${JSON.stringify(recording, null, 2)}\n`);
  } finally {
    ws?.dispose();
    // Closing checkpoints SQLite's write-ahead log into the one file kept.
    await service.close();
  }
  cpSync(dataDir, join(dir, FILES.store), { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const force = process.argv.includes("--force");
  const version = packageVersion(ROOT);
  const out = join(upgradeStatesDir(ROOT), version);
  if (existsSync(out) && !force) {
    throw new Error(
      `${out} exists: states are recorded once per version (--force records this one again)`,
    );
  }
  rmSync(out, { recursive: true, force: true });
  const cli = await pulumiCliPath(ROOT, process.stderr);
  try {
    // Inside the repository: the TypeScript program resolves `pulumi-collectors` to this
    // package, as the test's run of the same folder resolves it to HEAD's.
    for (const frontEnd of FRONT_ENDS) await record(frontEnd, join(out, frontEnd), version, cli);
    writeFileSync(join(out, ACCOUNTS_FILE), `${JSON.stringify(E2E_ACCOUNTS, null, 2)}\n`);
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  }
  console.log(`recorded ${out}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
