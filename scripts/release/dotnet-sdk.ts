/**
 * The .NET SDK of a release: the generated C# project, ready for `dotnet pack` (which writes the
 * NuGet package). No .NET SDK and no NuGet feed are reachable here, so it is not built: it is
 * checked for what a pack would carry (id, version, the plugin's name, version and download URL)
 * and for a class per resource and function of the schema. See docs/internals/sdks.md.
 */
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

/** What the checks compare the project with: the schema's. */
export interface ExpectedPackage {
  name: string;
  version: string;
  pluginDownloadURL: string;
  /** Resource and function tokens, e.g. collectors:index:S3Source. */
  tokens: string[];
}

export interface DotnetProject {
  /** The project file, e.g. <dest>/PulumiCollectors.Collectors.csproj. */
  project: string;
  /** The NuGet package id: <PackageId>, else the project's name (MSBuild's default). */
  packageId: string;
  version: string;
}

const element = (xml: string, name: string): string | undefined =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/** A token's C# file: its name with a capital, as the generator names classes. */
function classFile(token: string): string {
  const [, module, name = ""] = token.split(":");
  const file = `${name.charAt(0).toUpperCase()}${name.slice(1)}.cs`;
  return module === "index" ? file : join(module ?? "", file);
}

/** Copies the generated project from `sdk` to `dest` and checks it against the schema. */
export function stageDotnetProject(
  sdk: string,
  dest: string,
  expected: ExpectedPackage,
): DotnetProject {
  cpSync(sdk, dest, { recursive: true });
  const projects = readdirSync(dest).filter((name) => name.endsWith(".csproj"));
  if (projects.length !== 1)
    throw new Error(`expected one .csproj, found ${projects.join(", ") || "none"}`);
  const project = join(dest, projects[0] as string);
  const xml = readFileSync(project, "utf8");
  const packageId = element(xml, "PackageId") ?? basename(project, ".csproj");
  const version = element(xml, "Version");
  if (version !== expected.version) {
    throw new Error(
      `${basename(project)} is version ${version ?? "(none: dotnet pack would make it 1.0.0)"}, not ` +
        `${expected.version}: set language.csharp.respectSchemaVersion in the schema`,
    );
  }
  if (!/<PackageReference Include="Pulumi" Version="[^"]+"/.test(xml)) {
    throw new Error(`${basename(project)} does not reference the Pulumi package`);
  }
  // Both are embedded resources: the SDK reads its version from one, the engine the plugin's
  // name, version and download URL from the other.
  const versionText = readFileSync(join(dest, "version.txt"), "utf8").trim();
  if (versionText !== expected.version)
    throw new Error(`version.txt says ${versionText}, not ${expected.version}`);
  const plugin = JSON.parse(readFileSync(join(dest, "pulumi-plugin.json"), "utf8"));
  const wanted = {
    resource: true,
    name: expected.name,
    version: expected.version,
    server: expected.pluginDownloadURL,
  };
  if (JSON.stringify(plugin) !== JSON.stringify(wanted)) {
    throw new Error(
      `pulumi-plugin.json is ${JSON.stringify(plugin)}, not ${JSON.stringify(wanted)}`,
    );
  }
  const missing = [
    "Provider.cs",
    "Utilities.cs",
    join("Config", "Config.cs"),
    ...expected.tokens.map(classFile),
  ].filter((file) => !existsSync(join(dest, file)));
  if (missing.length > 0) throw new Error(`the project lacks ${missing.join(", ")}`);
  return { project, packageId, version };
}
