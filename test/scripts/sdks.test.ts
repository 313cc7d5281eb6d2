// The SDK generator (scripts/build/sdkgen through scripts/build/sdks.ts) on a hand-written schema shaped
// like the plugin's (a resource with secret inputs, nested object types, an invoke, secret config)
// and on the plugin's own schema (so that a schema the generators cannot bind fails here): each
// language's SDK is checked as far as this machine allows (docs/internals/sdks.md). Slow: one sdkgen build
// shared by every test, one generation per schema; the Go builds dominate (a minute or more cold).
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTITY_KINDS } from "../../provider/plugin/layer";
import { packageSchema } from "../../provider/plugin/schema";
import { pluginVersion, pulumiSdkRange } from "../../provider/plugin/version";
import { buildSdkgen, generateSdks, goCommand, packTypeScriptSdk } from "../../scripts/build/sdks";
import { repoRoot, runProcess } from "../../scripts/toolchain/pulumi-workspace";

const ROOT = repoRoot(__dirname);
const FIXTURES = join(__dirname, "fixtures");
const SCHEMA = join(FIXTURES, "collectors-schema.json");
const SLOW = 10 * 60_000;

/** The version a go.mod requires of a module. */
function required(goMod: string, module: string): string | undefined {
  const text = readFileSync(goMod, "utf8");
  return new RegExp(`^\\s*(?:require\\s+)?${module.replaceAll(".", "\\.")} (v\\S+)`, "m").exec(
    text,
  )?.[1];
}

/** Every file under dir whose name ends with one of the suffixes. */
function filesUnder(dir: string, suffixes: string[]): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => suffixes.some((suffix) => name.endsWith(suffix)))
    .map((name) => join(dir, name));
}

/** `go build ./...` of a generated Go SDK succeeds. */
async function expectGoBuilds(goSdk: string): Promise<void> {
  // -mod=mod completes go.mod and writes go.sum from the module cache (or the proxy).
  const build = await runProcess(goCommand(), ["build", "./..."], {
    cwd: goSdk,
    env: { ...process.env, GOFLAGS: "-mod=mod" },
    timeoutMs: SLOW,
  });
  expect(build.code, build.stderr).toBe(0);
}

/** Every .py and .pyi file of a generated Python SDK passes py_compile. */
async function expectPythonCompiles(pythonSdk: string): Promise<void> {
  const files = filesUnder(pythonSdk, [".py", ".pyi"]);
  expect(files.length).toBeGreaterThan(10);
  const compiled = await runProcess("python3", ["-m", "py_compile", ...files], {
    cwd: pythonSdk,
    env: process.env,
    timeoutMs: 60_000,
  });
  expect(compiled.code, compiled.stderr).toBe(0);
}

// Inside the repository, so that the TypeScript SDKs resolve @pulumi/pulumi from node_modules.
let tmp: string;
let sdkgen: string;

beforeAll(async () => {
  mkdirSync(join(ROOT, "node_modules", ".cache"), { recursive: true });
  tmp = mkdtempSync(join(ROOT, "node_modules", ".cache", "sdks-test-"));
  sdkgen = await buildSdkgen(join(tmp, "sdkgen"));
}, SLOW);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("SDKs generated from a schema", () => {
  let sdk: string;
  let messages: string;

  beforeAll(async () => {
    sdk = join(tmp, "sdk");
    messages = await generateSdks(sdkgen, SCHEMA, sdk);
  }, SLOW);

  it("generates the three SDKs from a schema that binds, with nothing undescribed", () => {
    expect(messages).not.toMatch(/warning|error/);
    expect(messages).toMatch(/nodejs SDK: \d+ files/);
    for (const file of [
      "nodejs/s3source.ts",
      "nodejs/getCollector.ts",
      "nodejs/types/input.ts",
      "go/collectors/s3source.go",
      "go/collectors/getCollector.go",
      "go/collectors/pulumiTypes.go",
      "python/pulumi_collectors/s3_source.py",
      "python/pulumi_collectors/get_collector.py",
      "python/pulumi_collectors/_inputs.py",
    ]) {
      expect(existsSync(join(sdk, file)), file).toBe(true);
    }
  });

  it(
    "TypeScript: compiles with tsc, packs, and runs installed in a program on @pulumi/pulumi's mocks",
    async () => {
      const tarball = await packTypeScriptSdk(join(sdk, "nodejs"), tmp);
      const { name, version } = JSON.parse(
        readFileSync(join(sdk, "nodejs", "package.json"), "utf8"),
      );
      expect(tarball).toBe(join(tmp, "pulumi-collectors-collectors-0.1.0.tgz"));
      expect(version).toBe("0.1.0");

      // What `npm install <tarball>` puts in a program's node_modules (the program's own
      // @pulumi/pulumi, here the repository's, is the one both resolve).
      const program = join(tmp, "program");
      const installed = join(program, "node_modules", ...name.split("/"));
      mkdirSync(installed, { recursive: true });
      execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
      expect(existsSync(join(installed, "index.d.ts"))).toBe(true);
      copyFileSync(join(FIXTURES, "use-typescript-sdk.cjs"), join(program, "index.cjs"));

      const run = await runProcess(process.execPath, ["index.cjs", name], {
        cwd: program,
        env: process.env,
        timeoutMs: 60_000,
      });
      expect(run.code, run.stderr).toBe(0);
      const seen = JSON.parse(run.stdout);
      expect(seen.registered.map((r: { type: string }) => r.type)).toEqual([
        "collectors:index:HostedCollector",
        "collectors:index:S3Source",
      ]);
      const source = seen.registered[1].inputs;
      // The schema's secret input leaves the program as a secret (@pulumi/pulumi's signature).
      expect(source.accessKey).toEqual({
        "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
        value: "AKIA-not-a-real-key",
      });
      expect(seen.accessKeyIsSecret).toBe(true);
      // The schema's default, and the nested object types, as sent.
      expect(source.scanInterval).toBe(300000);
      expect(seen.scanInterval).toBe(300000);
      expect(source.thirdPartyRef).toEqual({
        serviceType: "AwsS3Bucket",
        path: { bucketName: "b", pathExpression: "*" },
      });
      expect(seen.collectorId).toBe("c-id");
      expect(seen.urn).toBe("urn:pulumi:dev::sdk-test::collectors:index:S3Source::s");
      expect(seen.found).toEqual({ collector: { id: 7, name: "c1" } });
    },
    SLOW,
  );

  it(
    "Go: builds against github.com/pulumi/pulumi/sdk/v3 at the version the CLI is built from",
    async () => {
      const cliModule = join(ROOT, "scripts", "toolchain", "pulumi-cli", "go.mod");
      const engine = required(cliModule, "github.com/pulumi/pulumi/pkg/v3");
      expect(engine).toMatch(/^v3\./);
      // The generators are the engine's own version.
      expect(
        required(
          join(ROOT, "scripts", "build", "sdkgen", "go.mod"),
          "github.com/pulumi/pulumi/pkg/v3",
        ),
      ).toBe(engine);
      const goSdk = join(sdk, "go");
      expect(readFileSync(join(goSdk, "go.mod"), "utf8")).toMatch(
        /^module github\.com\/pulumi-collectors\/sdk\/go$/m,
      );
      expect(required(join(goSdk, "go.mod"), "github.com/pulumi/pulumi/sdk/v3")).toBe(engine);

      await expectGoBuilds(goSdk);
      expect(required(join(goSdk, "go.mod"), "github.com/pulumi/pulumi/sdk/v3")).toBe(engine);
    },
    SLOW,
  );

  it("Python: every file passes py_compile", async () => {
    await expectPythonCompiles(join(sdk, "python"));
  });

  it("refuses a schema that does not bind, naming the type, and lists what has no description", async () => {
    const schema = JSON.parse(readFileSync(SCHEMA, "utf8"));
    const s3 = schema.resources["collectors:index:S3Source"];
    s3.inputProperties.thirdPartyRef.$ref = "#/types/collectors:index:ThirdPartyReference";
    delete schema.resources["collectors:index:HostedCollector"].properties.alive.description;
    const broken = join(tmp, "broken-schema.json");
    writeFileSync(broken, JSON.stringify(schema));
    const out = join(tmp, "broken-sdk");

    const run = await runProcess(sdkgen, ["-schema", broken, "-out", out], {
      cwd: tmp,
      env: process.env,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "collectors:index:HostedCollector.properties.alive has no description",
    );
    expect(run.stderr).toMatch(/error: .*collectors:index:ThirdPartyReference/);
    expect(run.stderr).toMatch(/does not bind: 1 error/);
    expect(existsSync(out)).toBe(false);
  });
});

describe("the SDKs of the plugin's own schema", () => {
  let sdk: string;
  let messages: string;

  beforeAll(async () => {
    const schema = join(tmp, "plugin-schema.json");
    writeFileSync(schema, JSON.stringify(packageSchema()));
    sdk = join(tmp, "plugin-sdk");
    messages = await generateSdks(sdkgen, schema, sdk);
  }, SLOW);

  it("binds without an error, for every kind", () => {
    expect(messages).not.toMatch(/^error:/m);
    const index = readFileSync(join(sdk, "nodejs", "index.ts"), "utf8");
    for (const kind of Object.keys(ENTITY_KINDS)) {
      expect(index).toContain(`case "collectors:index:${kind}":`);
    }
  });

  it(
    "TypeScript: compiles, carries the plugin's version and peers on the program's @pulumi/pulumi",
    async () => {
      const tarball = await packTypeScriptSdk(join(sdk, "nodejs"), tmp);
      const manifest = JSON.parse(
        execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
      );
      expect(manifest.version).toBe(pluginVersion());
      expect(manifest.pulumi).toMatchObject({ resource: true, name: "collectors" });
      expect(manifest.peerDependencies).toEqual({ "@pulumi/pulumi": pulumiSdkRange() });
      expect(manifest.dependencies?.["@pulumi/pulumi"]).toBeUndefined();
    },
    SLOW,
  );

  it(
    "Go: builds, and says the plugin's version",
    async () => {
      const plugin = JSON.parse(
        readFileSync(join(sdk, "go", "collectors", "pulumi-plugin.json"), "utf8"),
      );
      expect(plugin.version).toBe(pluginVersion());
      await expectGoBuilds(join(sdk, "go"));
    },
    SLOW,
  );

  it("Python: every file passes py_compile, and says the plugin's version", async () => {
    const plugin = JSON.parse(
      readFileSync(join(sdk, "python", "pulumi_collectors", "pulumi-plugin.json"), "utf8"),
    );
    expect(plugin.version).toBe(pluginVersion());
    await expectPythonCompiles(join(sdk, "python"));
  });
});
