// Where the exported project gets pulumi-collectors from (cli/export/package-spec.ts), so that
// the printed `npm install` works as printed: --package-spec as given, or how this command was
// installed, read from what npm recorded (test/e2e/export-safety.test.ts installs for real).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { givenSource, installedSource, registrySource } from "../../cli/export/package-spec";
import { releasePluginSetup } from "../../cli/export/plugin-source";
import { UsageError } from "../../cli/shared/output";

const top = mkdtempSync(join(tmpdir(), "collectors-package-spec-"));
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** A file or folder under the temporary folder. */
function made(path: string, folder = false): string {
  const full = join(top, path);
  mkdirSync(folder ? full : join(full, ".."), { recursive: true });
  if (!folder) writeFileSync(full, "x");
  return full;
}

describe("--package-spec", () => {
  const out = join(top, "work", "project");

  it("writes a tarball or folder path relative to the project, as npm install would", () => {
    made("work/dist/pulumi-collectors-0.1.0.tgz");
    made("src/pulumi-collectors", true);
    const cwd = join(top, "work");
    expect(givenSource("dist/pulumi-collectors-0.1.0.tgz", out, cwd)).toEqual({
      spec: "file:../dist/pulumi-collectors-0.1.0.tgz",
      folder: false,
      from: "the tarball ../dist/pulumi-collectors-0.1.0.tgz",
    });
    expect(givenSource("file:../src/pulumi-collectors", out, cwd)).toMatchObject({
      spec: "file:../../src/pulumi-collectors",
      folder: true,
    });
    expect(givenSource(join(top, "src/pulumi-collectors"), out, cwd).spec).toBe(
      "file:../../src/pulumi-collectors",
    );
  });

  it("takes anything else as npm's own spec", () => {
    for (const spec of ["^0.2.0", "latest", "git+https://example.com/pulumi-collectors.git"]) {
      expect(givenSource(spec, out, top)).toEqual({ spec, folder: false, from: `npm, as ${spec}` });
    }
  });

  it("refuses a path that is not there, naming the flag", () => {
    expect(() => givenSource("./missing.tgz", out, top)).toThrow(UsageError);
    expect(() => givenSource("./missing.tgz", out, top)).toThrow(
      /^--package-spec .*missing\.tgz: no such file or folder; give the tarball `npm pack` made/,
    );
  });
});

describe("how this command was installed", () => {
  /** A project with the package in node_modules and npm's hidden lockfile saying where from. */
  function installed(name: string, resolved: string | undefined): string {
    const root = made(`${name}/node_modules/pulumi-collectors`, true);
    const entry = resolved === undefined ? { version: "0.1.0" } : { version: "0.1.0", resolved };
    writeFileSync(
      join(top, name, "node_modules", ".package-lock.json"),
      JSON.stringify({ packages: { "node_modules/pulumi-collectors": entry } }),
    );
    return root;
  }

  it("from a tarball: that tarball", () => {
    made("pkg/pulumi-collectors-0.1.0.tgz");
    const root = installed("cli", "file:../pkg/pulumi-collectors-0.1.0.tgz");
    expect(installedSource(root, "0.1.0", join(top, "exported"))).toEqual({
      spec: "file:../pkg/pulumi-collectors-0.1.0.tgz",
      folder: false,
      from: "the tarball ../pkg/pulumi-collectors-0.1.0.tgz",
    });
  });

  it("from a registry: the version range", () => {
    const root = installed("from-registry", undefined);
    expect(installedSource(root, "0.1.0", top)).toEqual({
      spec: "^0.1.0",
      folder: false,
      from: "the registry (npm recorded no tarball or folder for this installation)",
    });
    const url = installed("with-url", "https://registry.npmjs.org/pulumi-collectors/-/x.tgz");
    expect(installedSource(url, "0.1.0", top).spec).toBe("^0.1.0");
  });

  it("from a tarball since deleted: the version range, saying so", () => {
    const root = installed("gone", "file:../nowhere/pulumi-collectors-0.1.0.tgz");
    expect(installedSource(root, "0.1.0", top)).toMatchObject({
      spec: "^0.1.0",
      from: expect.stringMatching(
        /^the registry \(it was installed from .*nowhere.*, which is gone\)$/,
      ),
    });
  });

  it("a folder outside node_modules (a checkout): that folder, installed as a copy", () => {
    const root = made("checkout/pulumi-collectors", true);
    expect(installedSource(root, "0.1.0", join(top, "checkout", "exported"))).toEqual({
      spec: "file:../pulumi-collectors",
      folder: true,
      from: "the folder ../pulumi-collectors",
    });
  });
});

describe("the self-contained executable, which was installed from no package", () => {
  it("depends on the registry's version range, saying why", () => {
    expect(
      registrySource("0.1.0", " (this `collectors` is the self-contained executable)"),
    ).toEqual({
      spec: "^0.1.0",
      folder: false,
      from: "the registry (this `collectors` is the self-contained executable)",
    });
  });

  it("installs the YAML program's plugin from the release page", () => {
    const server = "github://api.github.com/pulumi-collectors/pulumi-collectors";
    expect(releasePluginSetup("0.1.0", server)).toMatchObject({
      language: "yaml",
      steps: [`pulumi plugin install resource collectors 0.1.0 --server ${server}`],
    });
  });
});
