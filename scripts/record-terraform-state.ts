// `npm run record:terraform -- [--git SOURCE] [--ref TAG] [--force]`: records, with the real
// Terraform provider, the Terraform state `collectors migrate terraform` is tested with (issue 35).
// It writes test/migrate/terraform/<provider version>/ and refuses to overwrite one (--force does).
//
// It builds SumoLogic/terraform-provider-sumologic at TAG (default DEFAULT_REF) from its source
// (SOURCE: a git URL or a local git directory, cloned into a temporary folder; never a dependency
// of this repository) with Go, runs it through a `dev_overrides` CLI config with `terraform` (on
// PATH, or $TERRAFORM) against `collectors serve --json --data DIR` of this build, and applies
// scripts/terraform/main.tf: one resource of every type of the collector family, the Installed
// Collector registered through the control API and imported, a count and a for_each pair, a data
// source and a `terraform_data` outside the family. A second plan must show no change. Then
// scripts/terraform/outside-family.tf is applied alone to note what the service cannot serve
// (that apply is expected to fail). Kept: the config, `terraform state pull`, the provider
// schema of the types in the state, the service's store, recording.json and a README.md.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { packageVersion } from "../provider/plugin/version";
import { goCommand } from "./build-sdks";
import { repoRoot, runOrFail, runProcess } from "./pulumi-workspace";
import { withPlaceholder } from "./upgrade-states";

const ROOT = repoRoot(__dirname);
const CONFIGS = join(ROOT, "scripts", "terraform");
/** Where the provider's source is public; the recording names it whatever clone it was built from. */
const PUBLIC_SOURCE = "https://github.com/SumoLogic/terraform-provider-sumologic";
const DEFAULT_GIT = `${PUBLIC_SOURCE}.git`;
const DEFAULT_REF = "v3.2.10";
/** The Installed Collector the config imports: Terraform cannot create one. */
const INSTALLED = { name: "tf-installed-01", version: "19.470-4" };

interface Served {
  child: ChildProcess;
  origin: string;
  accessId: string;
  accessKey: string;
}

/** `collectors serve` of this build on a free port of 127.0.0.1, keeping its data in `dataDir`. */
async function serve(dataDir: string): Promise<Served> {
  const main = join(ROOT, "dist", "cli", "main.js");
  const args = [main, "serve", "--host", "127.0.0.1", "--port", "0", "--json", "--data", dataDir];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  if (!child.stdout) throw new Error("collectors serve has no stdout");
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const ready = JSON.parse(line) as { endpoint: string; accessId: string; accessKey: string };
    return { child, origin: new URL(ready.endpoint).origin, ...ready };
  }
  throw new Error("collectors serve exited before it was ready");
}

/** Stops the service with SIGTERM, which checkpoints SQLite's write-ahead log into its file. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

/** A clone of the provider's source at `ref`; returns its folder, version and commit. */
async function providerSource(git: string, ref: string, dir: string) {
  const url = existsSync(git) ? `file://${resolve(git)}` : git;
  await runOrFail("git", ["clone", "--quiet", "--depth", "1", "--branch", ref, url, dir], tmpdir());
  const commit = (await runOrFail("git", ["rev-parse", "HEAD"], dir)).stdout.trim();
  return { dir, version: ref.replace(/^v/, ""), commit };
}

interface SchemaDump {
  provider_schemas: Record<
    string,
    { resource_schemas?: Record<string, unknown>; data_source_schemas?: Record<string, unknown> }
  >;
}

interface StateV4 {
  version: number;
  resources: { mode: string; type: string; name: string; instances: { index_key?: unknown }[] }[];
}

/** The address of every instance in a state, e.g. `sumologic_collector.team["alpha"]`. */
function addresses(state: StateV4): string[] {
  return state.resources.flatMap((r) =>
    r.instances.map((i) => {
      const base = `${r.mode === "data" ? "data." : ""}${r.type}.${r.name}`;
      return i.index_key === undefined ? base : `${base}[${JSON.stringify(i.index_key)}]`;
    }),
  );
}

/** `Error: <message>` and the resource address it names, for each error of a failed apply. */
function applyErrors(output: string): { address: string; error: string }[] {
  const found = output.matchAll(/Error: (.+)\n\n\s+with ([^,]+),/g);
  return [...found].map((m) => ({ address: m[2] ?? "", error: m[1] ?? "" }));
}

function readme(r: Recording): string {
  const code = (s: string) => `\`${s}\``;
  return `# Terraform state of the collector family, provider ${r.provider.version}

Recorded by \`npm run record:terraform\`
([scripts/record-terraform-state.ts](../../../../scripts/record-terraform-state.ts)) on
${r.recordedAt}; do not edit by hand.

- Provider: SumoLogic/terraform-provider-sumologic ${r.provider.ref}, commit
  \`${r.provider.commit}\`, built from its source with \`${r.goVersion}\` and run
  through a \`dev_overrides\` CLI config.
- Terraform: v${r.terraformVersion}.
- Service: \`collectors serve --json --data DIR\` of pulumi-collectors ${r.collectorsVersion}, the
  provider's \`base_url\` set to \`http://127.0.0.1:PORT/api/\`, its development credentials
  (\`${r.accessId}\`). The Installed Collector \`${r.installed.name}\` (id ${r.installed.id}) was
  registered through the control API first, as the collector software would, and imported by the
  config.

Files: \`main.tf\` (the config applied), \`state.json\` (\`terraform state pull\` after the apply;
a second \`terraform plan -detailed-exitcode\` planned no change), \`schema.json\` (\`terraform
providers schema -json\`, only the types in the state), \`store/\` (the service's data folder as
it stopped) and \`recording.json\` (the same facts for tests).

Every key and secret in the config is a made-up test value. The state holds in clear what the
provider keeps: the HTTP and Polling sources' \`url\`, the HTTP sources' \`token\`, the Cloud
Syslog \`token\`, the S3 \`access_key\` and the whole Cloud-to-Cloud \`config\` (its \`apiKey\` too:
that resource's read sets nothing). The secrets the service masks on reads are \`********\` there:
the provider stores what it reads (its O365 resource's code says the API masks \`client_secret\`).

In the state: ${r.types.length} resource types of the family (${r.instances.length} instances with the
data source and the \`terraform_data\`): ${r.types.map(code).join(", ")}.

The family's other two types are not: \`sumologic_ot_collector\` has no create (import only) and
reads \`/api/v1/otCollectors\`, \`sumologic_source_template\` writes \`/api/v1/sourceTemplates\`;
neither is the Collector Management API, and the migration leaves both to Terraform.

Outside the family, applied alone from \`outside-family.tf\` (not kept) and failing as expected:

${r.outsideFamily.map((f) => `- ${code(f.address)}: ${code(f.error)}`).join("\n")}

So the resource outside the family in the state is a \`terraform_data\`.

\`lifecycle.ignore_changes\` in \`main.tf\`: the secrets the service masks on reads (S3
\`secret_key\`, Event Hub \`shared_access_policy_key\`, GCP Metrics \`private_key\` and
\`private_key_id\`, Azure Metrics \`client_secret\`) would otherwise plan an update on every run,
because the provider stores what it reads; Azure Metrics \`client_id\` and \`path.environment\`
because the provider never reads them back.
`;
}

interface Recording {
  recordedAt: string;
  provider: { source: string; ref: string; version: string; commit: string };
  terraformVersion: string;
  goVersion: string;
  collectorsVersion: string;
  accessId: string;
  installed: { id: number; name: string; version: string };
  /** The resource types of the family in the state. */
  types: string[];
  /** Every instance address in the state. */
  instances: string[];
  /** The resources of outside-family.tf and the service's error for each. */
  outsideFamily: { address: string; error: string }[];
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

async function main(): Promise<void> {
  const git = option("--git", DEFAULT_GIT);
  const ref = option("--ref", DEFAULT_REF);
  const terraform = process.env.TERRAFORM ?? "terraform";
  const tmp = mkdtempSync(join(tmpdir(), "record-terraform-"));
  let service: Served | undefined;
  try {
    console.error(`building the provider at ${ref}`);
    const source = await providerSource(git, ref, join(tmp, "src"));
    const out = join(ROOT, "test", "migrate", "terraform", source.version);
    if (existsSync(out) && !process.argv.includes("--force")) {
      throw new Error(`${out} exists (--force records it again)`);
    }
    const bin = join(tmp, "bin");
    const ldflags = `-X main.version=${source.version} -X main.commit=${source.commit}`;
    const binary = join(bin, "terraform-provider-sumologic");
    await runOrFail(goCommand(), ["build", "-o", binary, "-ldflags", ldflags, "."], source.dir, {
      ...process.env,
      GOFLAGS: "-mod=readonly",
    });
    const goVersion = (await runOrFail(goCommand(), ["env", "GOVERSION"], tmp)).stdout.trim();
    const cliConfig = join(tmp, "cli.tfrc");
    writeFileSync(
      cliConfig,
      `provider_installation {\n  dev_overrides {\n    "registry.terraform.io/sumologic/sumologic" = ${JSON.stringify(bin)}\n  }\n  direct {}\n}\n`,
    );

    const dataDir = join(tmp, "store");
    mkdirSync(dataDir);
    service = await serve(dataDir);
    const registered = await fetch(`${service.origin}/_emulator/installed-collectors`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: INSTALLED.name,
        hostName: INSTALLED.name,
        collectorVersion: INSTALLED.version,
        osName: "Linux",
        osVersion: "6.1",
        osArch: "amd64",
        ephemeral: false,
        sourceSyncMode: "UI",
      }),
    });
    if (registered.status !== 201) throw new Error(`registering: ${await registered.text()}`);
    const installedId = ((await registered.json()) as { collector: { id: number } }).collector.id;

    const env = {
      ...process.env,
      TF_CLI_CONFIG_FILE: cliConfig,
      TF_IN_AUTOMATION: "1",
      CHECKPOINT_DISABLE: "1",
      TF_VAR_base_url: `${service.origin}/api/`,
      TF_VAR_access_id: service.accessId,
      TF_VAR_access_key: service.accessKey,
      TF_VAR_installed_collector_id: String(installedId),
      TF_VAR_installed_collector_name: INSTALLED.name,
    };
    const tf = (dir: string, args: string[]) =>
      runOrFail(terraform, [...args, "-no-color"], dir, env);
    const work = join(tmp, "work");
    mkdirSync(work);
    cpSync(join(CONFIGS, "main.tf"), join(work, "main.tf"));
    console.error("terraform apply");
    await tf(work, ["apply", "-auto-approve", "-input=false"]);
    await tf(work, ["plan", "-detailed-exitcode", "-input=false"]); // 2 (changes) fails here
    const stateText = (await runOrFail(terraform, ["state", "pull"], work, env)).stdout;
    const state = JSON.parse(stateText) as StateV4;
    const dump = JSON.parse(
      (await runOrFail(terraform, ["providers", "schema", "-json"], work, env)).stdout,
    ) as SchemaDump;
    const versionText = (await runOrFail(terraform, ["version", "-json"], work, env)).stdout;
    const terraformVersion = (JSON.parse(versionText) as { terraform_version: string })
      .terraform_version;

    // What the service cannot serve: applied alone, expected to fail, its errors noted.
    const outside = join(tmp, "outside");
    mkdirSync(outside);
    cpSync(join(CONFIGS, "outside-family.tf"), join(outside, "main.tf"));
    const failed = await runProcess(terraform, ["apply", "-auto-approve", "-no-color"], {
      cwd: outside,
      env,
    });
    const outsideFamily = applyErrors(failed.stderr);
    if (failed.code === 0 || outsideFamily.length === 0) {
      throw new Error(`outside-family.tf was expected to fail:\n${failed.stdout}${failed.stderr}`);
    }
    await stop(service.child);

    if (stateText.includes(service.accessKey)) throw new Error("the state holds the access key");
    const inState = (mode: string) =>
      new Set(state.resources.filter((r) => r.mode === mode).map((r) => r.type));
    const provider = dump.provider_schemas["registry.terraform.io/sumologic/sumologic"] ?? {};
    const pick = (all: Record<string, unknown> = {}, types: Set<string>) =>
      Object.fromEntries(Object.entries(all).filter(([type]) => types.has(type)));
    const schema = {
      format_version: "1.0",
      resource_schemas: pick(provider.resource_schemas, inState("managed")),
      data_source_schemas: pick(provider.data_source_schemas, inState("data")),
    };
    const recording: Recording = {
      recordedAt: new Date().toISOString().slice(0, 10),
      provider: { source: PUBLIC_SOURCE, ref, version: source.version, commit: source.commit },
      terraformVersion,
      goVersion,
      collectorsVersion: packageVersion(ROOT),
      accessId: service.accessId,
      installed: { id: installedId, ...INSTALLED },
      types: [...inState("managed")].filter((t) => t.startsWith("sumologic_")).sort(),
      instances: addresses(state),
      outsideFamily,
    };

    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    cpSync(join(CONFIGS, "main.tf"), join(out, "main.tf"));
    writeFileSync(join(out, "state.json"), withPlaceholder(stateText, service.origin));
    writeFileSync(join(out, "schema.json"), `${JSON.stringify(schema, null, 2)}\n`);
    writeFileSync(join(out, "recording.json"), `${JSON.stringify(recording, null, 2)}\n`);
    writeFileSync(join(out, "README.md"), readme(recording));
    cpSync(dataDir, join(out, "store"), { recursive: true });
    console.log(`recorded ${out}`);
  } finally {
    if (service) await stop(service.child);
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
