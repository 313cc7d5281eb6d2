// The SDK packages of a release (scripts/release/sdks.ts) from the plugin's own schema: each is
// opened and read as its registry or `go get` would see it, as far as this machine allows
// (docs/internals/sdks.md). Slow: the two generators are built once (a link each when Go's build cache holds
// them; the C# one compiles its own pkg/v3 the first time, minutes), the packages built once. The
// Go SDK's compile is sdks.test.ts's (the same schema's module); here its go.mod and go.sum are
// checked to resolve every import offline, as tagged.
import { execFileSync } from "node:child_process";
import {
  chmodSync,
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
import { packageSchema } from "../../provider/plugin/schema";
import { packageInfo, pluginVersion } from "../../provider/plugin/version";
import { buildSdkgen, buildSdkgenDotnet, goCommand } from "../../scripts/build/sdks";
import { goModuleTag } from "../../scripts/release/go-sdk";
import { defaultPython } from "../../scripts/release/python-sdk";
import { buildSdkPackages } from "../../scripts/release/sdks";
import { repoRoot, runProcess } from "../../scripts/toolchain/pulumi-workspace";

const ROOT = repoRoot(__dirname);
const SLOW = 10 * 60_000;
const PYTHON = defaultPython();

/** A zip member list, or one member's text, read with Python's zipfile (no unzip needed). */
function zip(archive: string, member?: string): string {
  const script = member
    ? "import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())"
    : "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))";
  return execFileSync(PYTHON, ["-c", script, archive, ...(member ? [member] : [])], {
    encoding: "utf8",
  });
}

const tarList = (archive: string): string[] =>
  execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).trim().split("\n");

/** A python3 without Debian's dist-packages (-S: no site), so without `build`. */
function pythonWithoutBuild(dir: string): string {
  const file = join(dir, "python-without-build");
  writeFileSync(file, `#!/bin/sh\nexec ${PYTHON} -S "$@"\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A python3 whose `build` answers --version but fails to build. */
function pythonFailingBuild(dir: string): string {
  const file = join(dir, "python-failing-build");
  writeFileSync(
    file,
    `#!/bin/sh\n[ "$3" = "--version" ] && exec ${PYTHON} "$@"\necho "no compiler today" >&2\nexit 1\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

let tmp: string;
let schema: string;
let tools: { sdkgen: string; sdkgenDotnet: string };
let out: string;
let files: string[];
let sdk: string;
const version = pluginVersion();

beforeAll(async () => {
  mkdirSync(join(ROOT, "node_modules", ".cache"), { recursive: true });
  tmp = mkdtempSync(join(ROOT, "node_modules", ".cache", "release-sdks-test-"));
  tools = {
    sdkgen: await buildSdkgen(join(tmp, "sdkgen")),
    sdkgenDotnet: await buildSdkgenDotnet(join(tmp, "sdkgen-dotnet")),
  };
  schema = join(tmp, "schema.json");
  writeFileSync(schema, JSON.stringify(packageSchema()));
  out = join(tmp, "release");
  files = await buildSdkPackages({ schema, out, tools });
  sdk = join(out, "sdk");
}, SLOW);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("the SDK packages of a release", () => {
  it("writes each language's package under <out>/sdk and lists every file it wrote", () => {
    for (const file of [
      "nodejs/pulumi-collectors-collectors-0.1.0.tgz",
      "python/pulumi_collectors-0.1.0-py3-none-any.whl",
      "python/pulumi_collectors-0.1.0.tar.gz",
      "go/go.mod",
      "go/go.sum",
      "go/collectors/pulumi-plugin.json",
      "go.tag",
      "dotnet/PulumiCollectors.Collectors.csproj",
    ]) {
      expect(files, file).toContain(join(sdk, file));
    }
    const written = readdirSync(sdk, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    expect(files).toEqual(written);
    // The scratch folder was renamed into place: nothing else in the release folder.
    expect(readdirSync(out)).toEqual(["sdk"]);
  });

  it("TypeScript: the npm tarball carries the package's name and the plugin's version", () => {
    const tarball = join(sdk, "nodejs", `pulumi-collectors-collectors-${version}.tgz`);
    const manifest = JSON.parse(
      execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
    );
    expect(manifest).toMatchObject({ name: "@pulumi-collectors/collectors", version });
    expect(tarList(tarball)).toContain("package/index.d.ts");
  });

  it("Python: the wheel holds the package and says its name, version, dependency and plugin", () => {
    const wheel = join(sdk, "python", `pulumi_collectors-${version}-py3-none-any.whl`);
    const names = zip(wheel).trim().split("\n");
    for (const name of [
      "pulumi_collectors/__init__.py",
      "pulumi_collectors/hosted_collector.py",
      "pulumi_collectors/s3_source.py",
      "pulumi_collectors/get_collector.py",
      "pulumi_collectors/config/vars.py",
      "pulumi_collectors/py.typed",
      "pulumi_collectors/pulumi-plugin.json",
      `pulumi_collectors-${version}.dist-info/METADATA`,
    ]) {
      expect(names, name).toContain(name);
    }
    const metadata = zip(wheel, `pulumi_collectors-${version}.dist-info/METADATA`);
    expect(metadata).toMatch(/^Name: pulumi[-_]collectors$/m);
    expect(metadata).toMatch(new RegExp(`^Version: ${version.replaceAll(".", "\\.")}$`, "m"));
    expect(metadata).toMatch(/^Requires-Dist: pulumi \(<4\.0\.0,>=3\.\d+\.\d+\)$/m);
    // The long description (after the headers) is the README the sdist carries.
    const readme = execFileSync(
      "tar",
      [
        "-xzOf",
        join(sdk, "python", `pulumi_collectors-${version}.tar.gz`),
        `pulumi_collectors-${version}/README.md`,
      ],
      { encoding: "utf8" },
    );
    expect(readme).toContain("Collector Management fleet");
    expect(metadata.slice(metadata.indexOf("\n\n")).trim()).toBe(readme.trim());
    expect(JSON.parse(zip(wheel, "pulumi_collectors/pulumi-plugin.json"))).toEqual({
      resource: true,
      name: "collectors",
      version,
      server: packageInfo().pluginDownloadURL,
    });
  });

  it("Python: the sdist holds pyproject.toml, the README and every module of the wheel", () => {
    const base = `pulumi_collectors-${version}`;
    const names = tarList(join(sdk, "python", `${base}.tar.gz`));
    for (const name of ["pyproject.toml", "PKG-INFO", "README.md"]) {
      expect(names).toContain(`${base}/${name}`);
    }
    const wheel = join(sdk, "python", `${base}-py3-none-any.whl`);
    const modules = zip(wheel)
      .trim()
      .split("\n")
      .filter((name) => name.startsWith("pulumi_collectors/"));
    expect(modules.length).toBeGreaterThan(40);
    for (const module of modules) expect(names).toContain(`${base}/${module}`);
  });

  it(
    "Go: the module is at its folder's path, tagged <folder>/v<version>, complete for `go build`",
    async () => {
      const goMod = readFileSync(join(sdk, "go", "go.mod"), "utf8");
      expect(goMod).toMatch(/^module github\.com\/pulumi-collectors\/pulumi-collectors\/sdk\/go$/m);
      expect(goMod).toMatch(/^\s*github\.com\/pulumi\/pulumi\/sdk\/v3 v3\.\d+\.\d+$/m);
      expect(readFileSync(join(sdk, "go.tag"), "utf8")).toBe(`sdk/go/v${version}\n`);
      expect(
        JSON.parse(readFileSync(join(sdk, "go", "collectors", "pulumi-plugin.json"), "utf8")),
      ).toMatchObject({ name: "collectors", version });
      // Every package the SDK imports resolves from go.mod and go.sum alone, with no download:
      // what `go build` in the tagged module needs (sdks.test.ts compiles the same SDK).
      const listed = await runProcess(goCommand(), ["list", "-deps", "./..."], {
        cwd: join(sdk, "go"),
        env: { ...process.env, GOFLAGS: "-mod=readonly", GOPROXY: "off" },
        timeoutMs: 120_000,
      });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain("github.com/pulumi/pulumi/sdk/v3/go/pulumi\n");
    },
    SLOW,
  );

  it(".NET: the project's id, version, Pulumi reference, plugin file and one class per resource", () => {
    const dotnet = join(sdk, "dotnet");
    const csproj = readFileSync(join(dotnet, "PulumiCollectors.Collectors.csproj"), "utf8");
    expect(csproj).toContain(`<Version>${version}</Version>`);
    expect(csproj).not.toContain("<PackageId>");
    expect(csproj).toMatch(/<PackageReference Include="Pulumi" Version="\[3\.[\d.]+,4\)" \/>/);
    expect(csproj).toContain('<EmbeddedResource Include="pulumi-plugin.json" />');
    // No icon: the generator's is a download of Pulumi's logo (docs/internals/sdks.md).
    expect(csproj).not.toContain("logo.png");
    expect(existsSync(join(dotnet, "logo.png"))).toBe(false);
    expect(JSON.parse(readFileSync(join(dotnet, "pulumi-plugin.json"), "utf8"))).toEqual({
      resource: true,
      name: "collectors",
      version,
      server: packageInfo().pluginDownloadURL,
    });
    expect(readFileSync(join(dotnet, "version.txt"), "utf8")).toBe(version);
    const spec = packageSchema();
    const classes = readdirSync(dotnet).filter((name) => name.endsWith(".cs"));
    // Provider.cs and Utilities.cs besides one per resource and function.
    expect(classes.length).toBe(
      Object.keys(spec.resources).length + Object.keys(spec.functions).length + 2,
    );
    expect(readFileSync(join(dotnet, "HostedCollector.cs"), "utf8")).toContain(
      "namespace PulumiCollectors.Collectors",
    );
    // Typed as what they are: a look-up's id the string a resource id is, a nullable field of
    // the service its type, optional (not `object`, as pulumi.json#/Any gives).
    const lookup = readFileSync(join(dotnet, "GetCollector.cs"), "utf8");
    expect(lookup).toMatch(/public readonly string Id;/);
    expect(lookup).toMatch(/public readonly string\? Category;/);
    expect(lookup).toMatch(/public readonly double\? TargetCpu;/);
  });
});

describe("a release whose SDKs cannot all be built", () => {
  it("refuses a Python without `build` before generating anything, naming the fix", async () => {
    const other = join(tmp, "no-build");
    await expect(
      buildSdkPackages({ schema, out: other, tools, python: pythonWithoutBuild(tmp) }),
    ).rejects.toThrow(
      /^python: \S+ -m build is not installed \(.*No module named build.*\): apt-get install python3-build$/,
    );
    expect(existsSync(other)).toBe(false);
  });

  it(
    "names the language whose step failed, and leaves the previous sdk/ as it was",
    async () => {
      await expect(
        buildSdkPackages({ schema, out, tools, python: pythonFailingBuild(tmp) }),
      ).rejects.toThrow(/^python: .*-m build --no-isolation[\s\S]*no compiler today/);
      expect(readdirSync(out)).toEqual(["sdk"]);
      expect(
        readdirSync(sdk, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
          .sort(),
      ).toEqual(files);
    },
    SLOW,
  );

  it("places a module's tag at its folder, and refuses tags `go get` would not find", () => {
    const repository = "https://github.com/o/r";
    expect(goModuleTag("github.com/o/r/sdk/go", repository, "0.1.0").tag).toBe("sdk/go/v0.1.0");
    expect(goModuleTag("github.com/o/r/sdk/go/v2", repository, "2.0.1").tag).toBe("sdk/go/v2.0.1");
    expect(() => goModuleTag("github.com/o/r/sdk/go", repository, "2.0.0")).toThrow(
      /must end in \/v2|requires the module path to end in \/v2/,
    );
    expect(() => goModuleTag("github.com/other/sdk/go", repository, "0.1.0")).toThrow(
      /not in the repository/,
    );
  });
});
