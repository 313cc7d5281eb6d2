/**
 * Generates the SDKs of the `collectors` provider plugin from its schema, and packs the
 * TypeScript one.
 *
 *   npm run build:sdks                      # dist/plugin/schema.json -> dist/sdk/
 *   node dist/scripts/build/sdks.js [--schema FILE] [--out DIR]
 *
 * The generators are those of the pkg/v3 module the Pulumi CLI is built from (scripts/build/sdkgen/,
 * a Go tool), but C#'s, which left pkg/v3 (scripts/build/sdkgen-dotnet/, at the last pkg/v3 having it).
 * It writes <out>/nodejs, <out>/go, <out>/python and <out>/dotnet; then the TypeScript SDK is
 * compiled with this repository's `typescript` and `@pulumi/pulumi` into <out>/nodejs/bin (an
 * npm package folder, as Pulumi's providers publish it) and packed into <out>/<name>-<version>.tgz,
 * which a program installs with `npm install <that file>`. <out> must be inside this repository,
 * where @pulumi/pulumi resolves. The release's packages: scripts/release/sdks.ts. See
 * docs/internals/sdks.md. Repository tooling: not published.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { repoRoot, runOrFail } from "../toolchain/pulumi-workspace";

const ROOT = repoRoot(__dirname);

/** The go command: $GO, else `go` on PATH, else Go's default install folder (as pulumi-cli.sh). */
export function goCommand(): string {
  if (process.env.GO) return process.env.GO;
  const onPath = (process.env.PATH ?? "")
    .split(delimiter)
    .some((dir) => dir !== "" && existsSync(join(dir, "go")));
  return onPath ? "go" : "/usr/local/go/bin/go";
}

/**
 * Builds the Go tool in scripts/<tool> (its package `pkg` of that module, the module's root by
 * default) into `binary` (Go's build cache makes a rebuild a link).
 */
export async function buildGoTool(tool: string, binary: string, pkg = "."): Promise<string> {
  await runOrFail(goCommand(), ["build", "-o", resolve(binary), pkg], join(ROOT, "scripts", tool), {
    ...process.env,
    GOFLAGS: "-mod=readonly",
  });
  return resolve(binary);
}

/** Builds scripts/build/sdkgen (the TypeScript, Go and Python generators) into `binary`. */
export const buildSdkgen = (binary: string): Promise<string> => buildGoTool("build/sdkgen", binary);

/**
 * Builds scripts/build/sdkgen-dotnet (the C# generator, at another pkg/v3 than sdkgen: its own
 * compiled packages, minutes the first time) into `binary`.
 */
export const buildSdkgenDotnet = (binary: string): Promise<string> =>
  buildGoTool("build/sdkgen-dotnet", binary);

function requireSchema(schema: string): void {
  if (!existsSync(schema)) {
    throw new Error(`no schema at ${schema}: \`npm run build\` writes dist/plugin/schema.json`);
  }
}

/**
 * Writes <out>/nodejs, <out>/go and <out>/python (or the `languages` named); returns sdkgen's
 * messages (warnings).
 */
export async function generateSdks(
  sdkgen: string,
  schema: string,
  out: string,
  languages: readonly ("nodejs" | "go" | "python")[] = ["nodejs", "go", "python"],
): Promise<string> {
  requireSchema(schema);
  const args = [
    "-schema",
    resolve(schema),
    "-out",
    resolve(out),
    "-languages",
    languages.join(","),
  ];
  return (await runOrFail(sdkgen, args, ROOT)).stderr;
}

/** Writes <out>/dotnet, a C# project; run after generateSdks, whose sdkgen checks the schema. */
export async function generateDotnetSdk(
  tool: string,
  schema: string,
  out: string,
): Promise<string> {
  requireSchema(schema);
  return (await runOrFail(tool, ["-schema", resolve(schema), "-out", resolve(out)], ROOT)).stderr;
}

/**
 * Compiles <sdk> (the generated TypeScript SDK) into <sdk>/bin, makes bin an npm package and
 * packs it into `packDir`; returns the tarball's path. <sdk> must sit inside this repository,
 * where `@pulumi/pulumi` and `@types/node` resolve from its node_modules.
 */
export async function packTypeScriptSdk(sdk: string, packDir: string): Promise<string> {
  await runOrFail(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", sdk], ROOT);
  const manifest = JSON.parse(readFileSync(join(sdk, "package.json"), "utf8"));
  // A schema without `version` and `respectSchemaVersion` leaves the generator's placeholder,
  // which npm refuses: the plugin is built from this package, so it carries this version.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the generator's literal placeholder
  if (manifest.version === "${VERSION}") {
    manifest.version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
  }
  writeFileSync(join(sdk, "bin", "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(join(sdk, "README.md"), join(sdk, "bin", "README.md"));
  const packed = await runOrFail(
    "npm",
    ["pack", join(sdk, "bin"), "--pack-destination", resolve(packDir), "--json"],
    ROOT,
  );
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  return join(resolve(packDir), filename);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      schema: { type: "string", default: join(ROOT, "dist", "plugin", "schema.json") },
      out: { type: "string", default: join(ROOT, "dist", "sdk") },
    },
  });
  const out = resolve(values.out);
  const sdkgen = await buildSdkgen(join(ROOT, "dist", "bin", "sdkgen"));
  process.stderr.write(await generateSdks(sdkgen, values.schema, out));
  const sdkgenDotnet = await buildSdkgenDotnet(join(ROOT, "dist", "bin", "sdkgen-dotnet"));
  process.stderr.write(await generateDotnetSdk(sdkgenDotnet, values.schema, out));
  const tarball = await packTypeScriptSdk(join(out, "nodejs"), out);
  console.log(
    `TypeScript SDK: ${tarball}\nGo SDK: ${join(out, "go")}\nPython SDK: ${join(out, "python")}\n` +
      `.NET SDK: ${join(out, "dotnet")}`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
