/**
 * The Go SDK of a release: the generated module as the repository holds it at its folder when
 * tagged. Go has no package archive: `go get <module>@v<version>` reads the repository at the tag
 * `<folder>/v<version>` (the module's folder in the repository; Go's rule for a module that is
 * not at the repository's root). The release workflow commits this folder there and pushes the tag.
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { goCommand } from "../build/sdks";
import { runOrFail } from "../toolchain/pulumi-workspace";

export interface GoModule {
  /** The module path, from the generated go.mod. */
  module: string;
  /** The module's folder in the repository, e.g. sdk/go. */
  folder: string;
  /** The tag that publishes this version, e.g. sdk/go/v0.1.0. */
  tag: string;
}

/**
 * Where a module lives in `repository` (a URL, e.g. https://github.com/o/r) and the tag of
 * `version`. Throws when the module is not inside the repository, or lacks the /vN suffix that Go
 * requires of a version 2 or later: either tag would be one `go get` never finds.
 */
export function goModuleTag(module: string, repository: string, version: string): GoModule {
  const root = repository.replace(/^https?:\/\//, "").replace(/\/+$/, "");
  if (!module.startsWith(`${root}/`)) {
    throw new Error(
      `the module ${module} is not in the repository ${repository}: no tag can publish it`,
    );
  }
  const major = Number(version.split(".")[0]);
  const suffix = /\/v(\d+)$/.exec(module);
  if (major >= 2 && suffix?.[1] !== String(major)) {
    throw new Error(
      `version ${version} of ${module}: Go requires the module path to end in /v${major}`,
    );
  }
  // A /vN suffix names the major version, not a folder: the tag is the folder's.
  const folder = module.slice(root.length + 1).replace(/\/v\d+$/, "");
  return { module, folder, tag: `${folder}/v${version}` };
}

/**
 * Copies the generated Go SDK (go.mod, the package folder) from `sdk` to `dest` and completes its
 * go.mod and go.sum (`go mod tidy`, from Go's module cache or the module proxy), as the
 * repository must hold them for `go build` in the module to work as tagged.
 */
export async function stageGoModule(
  sdk: string,
  dest: string,
  repository: string,
  version: string,
): Promise<GoModule> {
  cpSync(sdk, dest, { recursive: true });
  const module = /^module\s+(\S+)/m.exec(readFileSync(join(dest, "go.mod"), "utf8"))?.[1];
  if (!module) throw new Error(`the generated ${join(sdk, "go.mod")} names no module`);
  const placed = goModuleTag(module, repository, version);
  await runOrFail(goCommand(), ["mod", "tidy"], dest, { ...process.env, GOFLAGS: "-mod=mod" });
  return placed;
}
