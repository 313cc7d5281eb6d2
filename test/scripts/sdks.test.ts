// The SDK generator (scripts/sdkgen through scripts/build-sdks.ts) on a hand-written schema shaped
// like the plugin's (a resource with secret inputs, nested object types, an invoke, secret config):
// each language's SDK is checked as far as this machine allows (docs/sdks.md). Slow: one sdkgen
// build and one generation shared by every test; the Go build dominates (about a minute cold).
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
import { buildSdkgen, generateSdks, goCommand, packTypeScriptSdk } from "../../scripts/build-sdks";
import { repoRoot, runProcess } from "../../scripts/pulumi-workspace";

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

describe("SDKs generated from a schema", () => {
  // Inside the repository, so that the TypeScript SDK resolves @pulumi/pulumi from node_modules.
  let tmp: string;
  let sdkgen: string;
  let sdk: string;
  let messages: string;

  beforeAll(async () => {
    mkdirSync(join(ROOT, "node_modules", ".cache"), { recursive: true });
    tmp = mkdtempSync(join(ROOT, "node_modules", ".cache", "sdks-test-"));
    sdkgen = await buildSdkgen(join(tmp, "sdkgen"));
    sdk = join(tmp, "sdk");
    messages = await generateSdks(sdkgen, SCHEMA, sdk);
  }, SLOW);

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

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
      const cliModule = join(ROOT, "scripts", "pulumi-cli", "go.mod");
      const engine = required(cliModule, "github.com/pulumi/pulumi/pkg/v3");
      expect(engine).toMatch(/^v3\./);
      // The generators are the engine's own version.
      expect(
        required(join(ROOT, "scripts", "sdkgen", "go.mod"), "github.com/pulumi/pulumi/pkg/v3"),
      ).toBe(engine);
      const goSdk = join(sdk, "go");
      expect(readFileSync(join(goSdk, "go.mod"), "utf8")).toMatch(
        /^module github\.com\/pulumi-collectors\/sdk\/go$/m,
      );
      expect(required(join(goSdk, "go.mod"), "github.com/pulumi/pulumi/sdk/v3")).toBe(engine);

      // -mod=mod completes go.mod and writes go.sum from the module cache (or the proxy).
      const build = await runProcess(goCommand(), ["build", "./..."], {
        cwd: goSdk,
        env: { ...process.env, GOFLAGS: "-mod=mod" },
        timeoutMs: SLOW,
      });
      expect(build.code, build.stderr).toBe(0);
      expect(required(join(goSdk, "go.mod"), "github.com/pulumi/pulumi/sdk/v3")).toBe(engine);
    },
    SLOW,
  );

  it("Python: every file passes py_compile", async () => {
    const files = filesUnder(join(sdk, "python"), [".py", ".pyi"]);
    expect(files.length).toBeGreaterThan(10);
    const compiled = await runProcess("python3", ["-m", "py_compile", ...files], {
      cwd: tmp,
      env: process.env,
      timeoutMs: 60_000,
    });
    expect(compiled.code, compiled.stderr).toBe(0);
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
