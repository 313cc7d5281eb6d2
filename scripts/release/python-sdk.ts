/**
 * The Python SDK of a release: the generated package (pyproject.toml, pulumi_collectors/) built
 * into an sdist and a wheel by `python -m build`, offline: no Python package index is reachable,
 * so `--no-isolation` builds with the setuptools and wheel installed beside that Python (Debian's
 * python3-build, python3-setuptools, python3-wheel). See docs/internals/sdks.md.
 */
import { copyFileSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { runOrFail, runProcess } from "../toolchain/pulumi-workspace";

/** Debian's Python, which apt's python3-build serves; a pyenv `python3` on PATH lacks it. */
export function defaultPython(): string {
  return existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

/** Throws unless `python -m build` runs, saying which package gives it. */
export async function requirePythonBuild(python: string): Promise<void> {
  const probe = await runProcess(python, ["-m", "build", "--version"], {
    cwd: process.cwd(),
    env: process.env,
    timeoutMs: 60_000,
  }).catch((error: Error) => ({ code: -1, stderr: error.message }));
  if (probe.code !== 0) {
    const cause = probe.stderr.trim().split("\n").at(-1);
    throw new Error(
      `${python} -m build is not installed (${cause}): apt-get install python3-build`,
    );
  }
}

/**
 * Builds the sdist and the wheel of the generated Python SDK in `sdk` into `dest`, and returns
 * their paths. The build writes into `sdk` (build/, *.egg-info): give it a scratch copy. The wheel
 * is built from the sdist (`build`'s default), so an sdist missing a file fails here.
 */
export async function buildPythonPackages(
  sdk: string,
  dest: string,
  python: string,
  version: string,
): Promise<{ sdist: string; wheel: string }> {
  // pyproject.toml names README.md beside it as the long description; the generator writes it
  // inside the package (Pulumi's providers copy it up the same way before building).
  copyFileSync(join(sdk, "pulumi_collectors", "README.md"), join(sdk, "README.md"));
  await runOrFail(python, ["-m", "build", "--no-isolation", "--outdir", dest, sdk], sdk, {
    ...process.env,
    // A build ignores the user's site-packages: what it sees is what apt installed.
    PYTHONNOUSERSITE: "1",
  });
  const built = readdirSync(dest);
  const sdist = built.filter((name) => name.endsWith(".tar.gz"));
  const wheel = built.filter((name) => name.endsWith(".whl"));
  if (sdist.length !== 1 || wheel.length !== 1 || built.length !== 2) {
    throw new Error(`expected one sdist and one wheel, python -m build wrote ${built.join(", ")}`);
  }
  // <name>-<version>-<tags>.whl. The generator writes 0.0.0 where it does not carry the
  // schema's version (without respectSchemaVersion); a pre-release's PEP 440 form differs from
  // semver's (0.2.0-alpha.1 is 0.2.0a1), its release part does not.
  const wheelVersion = (wheel[0] as string).split("-")[1] ?? "";
  const release = version.split(/[-+]/)[0] as string;
  if (!wheelVersion.startsWith(release) || /^\d/.test(wheelVersion.slice(release.length))) {
    throw new Error(
      `the wheel ${wheel[0]} is version ${wheelVersion}, not ${version}: ` +
        "set language.python.respectSchemaVersion in the schema",
    );
  }
  return { sdist: join(dest, sdist[0] as string), wheel: join(dest, wheel[0] as string) };
}
