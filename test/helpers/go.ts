// Go programs on the plugin: the SDK generated from the built schema, and the Go settings of
// every command that builds one.
import { join } from "node:path";
import { buildSdkgen, generateSdks, goCommand } from "../../scripts/build/sdks";
import { runOrFail } from "../../scripts/toolchain/pulumi-workspace";
import { ROOT } from "./pulumi";

/** The Go SDK's module path, which programs require at the package's version. */
export const SDK_MODULE = "github.com/pulumi-collectors/pulumi-collectors/sdk/go";

/**
 * -mod=readonly (Go's default, said here because GOFLAGS replaces the go env file's): a program's
 * go.mod and go.sum must be complete as committed, as its README says; a change of the SDK's
 * requirements that they miss fails here. -trimpath keys Go's build cache on module paths rather
 * than folders: the SDK and the programs live in a new temporary folder on each run, and without
 * it each run would compile the SDK's ~50 files again (minutes here).
 */
export const GO_ENV = { GOFLAGS: "-mod=readonly -trimpath" };

/** Generates the SDKs from dist/plugin/schema.json under `root`; returns the Go module's folder. */
export async function generateGoSdk(root: string): Promise<string> {
  const sdkgen = await buildSdkgen(join(root, "sdkgen"));
  await generateSdks(sdkgen, join(ROOT, "dist", "plugin", "schema.json"), join(root, "sdk"));
  return join(root, "sdk", "go");
}

/** Points the Go module in `dir` at the generated SDK, as docs/reference/plugin.md tells users to. */
export async function useGeneratedSdk(dir: string, sdk: string): Promise<void> {
  await runOrFail(goCommand(), ["mod", "edit", "-replace", `${SDK_MODULE}=${sdk}`], dir, {
    ...process.env,
    ...GO_ENV,
  });
}
