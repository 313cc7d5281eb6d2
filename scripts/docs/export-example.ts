// The examples of `collectors export` in docs/guides/export.md, made by running the export on a small account in
// the local service, so the page shows what the export writes today: its output and the
// index.ts it generates, and the Pulumi.yaml of `--language yaml`. test/cli/export-readme.test.ts
// checks that the page holds exactly these texts between their markers, and type-checks the
// TypeScript against the current classes. Run it after changing the export or the classes, and
// paste each block of its output over the page's:
// `npm run build && node dist/scripts/docs/export-example.js` (the YAML export needs the plugin's
// tarball that the build makes).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ExportOptions, runExport } from "../../cli/export/index";
import { startEmulator } from "../../emulator/index";
import { CollectorsClient } from "../../provider/api/index";

export const EXAMPLE_START = "<!-- export-example:start (scripts/docs/export-example.ts) -->";
export const EXAMPLE_END = "<!-- export-example:end -->";
export const YAML_EXAMPLE_START =
  "<!-- export-yaml-example:start (scripts/docs/export-example.ts) -->";
export const YAML_EXAMPLE_END = "<!-- export-yaml-example:end -->";

const ACCESS = { accessId: "suExample0001", accessKey: "example-access-key-0001" };

/** The account: what a team made by hand, with a secret the service shows and ones it hides. */
async function seed(client: CollectorsClient, register: (name: string) => Promise<number>) {
  const source = (collectorId: number, body: Record<string, unknown>) =>
    client.sources.create(collectorId, body as Parameters<typeof client.sources.create>[1]);

  const db = await register("db-01.prod");
  await source(db, {
    sourceType: "RemoteFileV2",
    name: "remote auth",
    remoteHosts: ["10.0.0.5", "10.0.0.6"],
    remotePort: 22,
    remoteUser: "collector",
    authMethod: "password",
    remotePassword: "p@ss w'rd",
    pathExpression: "/var/log/remote.log",
  });

  // Its sources are managed from a file on the host: the export skips them.
  const legacy = await register("legacy json");
  await source(legacy, { sourceType: "LocalFile", name: "messages", pathExpression: "/a" });
  await source(legacy, { sourceType: "LocalFile", name: "secure", pathExpression: "/b" });
  const { collector, etag } = await client.collectors.get(legacy);
  await client.collectors.update(legacy, { ...collector, sourceSyncMode: "Json" }, etag as string);

  const web = (
    await client.collectors.create({ name: "web logs.prod", category: "prod/web", timeZone: "UTC" })
  ).collector.id;
  await source(web, { sourceType: "HTTP", name: "access log", category: "prod/web/access" });
  await source(web, {
    sourceType: "Polling",
    name: "S3 bucket",
    contentType: "AwsS3Bucket",
    scanInterval: 300000,
    paused: false,
    thirdPartyRef: {
      resources: [
        {
          serviceType: "AwsS3Bucket",
          path: { type: "S3BucketPathExpression", bucketName: "logs-bucket", pathExpression: "*" },
          authentication: {
            type: "S3BucketAuthentication",
            awsId: "AKIAEXAMPLEEXAMPLE01",
            awsKey: "aws-secret-key-example",
          },
        },
      ],
    },
  });
  await source(web, {
    sourceType: "Universal",
    name: "okta",
    schemaRef: { type: "Okta" },
    config: {
      name: "okta",
      domain: "example.okta.com",
      apiKey: "00Okta-api-key",
      collectAll: true,
    },
  });
}

/** `run` on the example account, in a fresh local service and a temporary folder. */
async function onExampleAccount<T>(
  run: (client: CollectorsClient, folder: string) => Promise<T>,
): Promise<T> {
  const emulator = await startEmulator({
    host: "127.0.0.1",
    port: 0,
    logger: false,
    ...ACCESS,
    rateLimit: 0,
    maxConcurrent: 0,
    authPerMinute: 0,
  });
  const folder = mkdtempSync(join(tmpdir(), "collectors-export-example-"));
  try {
    const client = new CollectorsClient({ ...ACCESS, endpoint: emulator.url, env: {} });
    await seed(client, async (name) => {
      const res = await fetch(`${emulator.origin}/_emulator/installed-collectors`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name,
          collectorVersion: "19.440-7",
          osName: "Linux",
          osVersion: "6.1",
          osArch: "amd64",
          ephemeral: false,
          ...(name === "db-01.prod" ? { hostName: "db-01" } : {}),
        }),
      });
      return ((await res.json()) as { collector: { id: number } }).collector.id;
    });
    return await run(client, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await emulator.close();
  }
}

/** What the export prints, and the folder it wrote to. */
async function exportTo(
  client: CollectorsClient,
  folder: string,
  options: ExportOptions,
): Promise<{ printed: string; out: string }> {
  const out = join(folder, "my-collectors");
  const printed: string[] = [];
  const output = {
    out: (text: string) => printed.push(text),
    err: (text: string) => printed.push(text),
  };
  await runExport(
    client,
    { out, stack: "prod", ...options },
    output,
    { COLLECTORS_ACCESS_ID: ACCESS.accessId },
    new AbortController().signal,
  );
  return { printed: printed.join("\n").replaceAll(out, "my-collectors"), out };
}

/** docs/guides/export.md's text between the markers: the command's output, then the index.ts it wrote. */
export function exportExample(): Promise<string> {
  return onExampleAccount(async (client, folder) => {
    // Run where the package was installed from the tarball `npm pack` makes, as the README's
    // quick start does.
    writeFileSync(join(folder, "pulumi-collectors-0.1.0.tgz"), "");
    const { printed: shown, out } = await exportTo(client, folder, {
      packageSpec: join(folder, "pulumi-collectors-0.1.0.tgz"),
    });
    const program = readFileSync(join(out, "index.ts"), "utf8");
    return [
      "```",
      "$ collectors export --out my-collectors --stack prod",
      shown,
      "```",
      "",
      "and the `index.ts` it writes:",
      "",
      "```ts",
      program.trimEnd(),
      "```",
    ].join("\n");
  });
}

/** docs/guides/export.md's YAML example: the Pulumi.yaml `--language yaml` writes for the same account. */
export function yamlExportExample(): Promise<string> {
  return onExampleAccount(async (client, folder) => {
    const { out } = await exportTo(client, folder, { language: "yaml" });
    return ["```yaml", readFileSync(join(out, "Pulumi.yaml"), "utf8").trimEnd(), "```"].join("\n");
  });
}

if (require.main === module) {
  Promise.all([exportExample(), yamlExportExample()]).then(
    ([text, yaml]) =>
      console.log(
        `${EXAMPLE_START}\n${text}\n${EXAMPLE_END}\n\n${YAML_EXAMPLE_START}\n${yaml}\n${YAML_EXAMPLE_END}`,
      ),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
