// The stand-ins `npm run python-env` installs for what Debian 12 lacks
// (scripts/toolchain/python-env/_collectors_standins): each loads where the real package is missing, and
// none where the real one is importable, wherever it is on sys.path. Run with Debian's python3,
// the folder on PYTHONPATH as the environment's .pth file puts it to work.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultPython } from "../../scripts/release/python-sdk";
import { repoRoot } from "../../scripts/toolchain/pulumi-workspace";

const STANDINS = join(repoRoot(__dirname), "scripts", "toolchain", "python-env");
const folders: string[] = [];

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Runs `code` after importing the stand-ins, with `extra` folders on sys.path after them. */
function python(code: string, extra: string[] = []): string {
  const result = spawnSync(
    defaultPython(),
    ["-S", "-c", `import sys; sys.path[:0] = ${JSON.stringify(extra)}\n${code}`],
    {
      encoding: "utf8",
      env: { PATH: process.env.PATH, PYTHONPATH: STANDINS, PYTHONDONTWRITEBYTECODE: "1" },
    },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

/** A folder holding the given modules (path → source), as a real package's install would. */
function packages(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "collectors-standins-"));
  folders.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

// -S: no site-packages, so Debian's own copies (if any) stay out; what the test puts is all.
const WITH_SYSTEM = "import site; site.main()\n";

describe("the stand-ins of the Python environment", () => {
  it("load where the real packages are missing, and do what the SDKs ask of them", () => {
    const out = python(
      [
        // Debian's packages, for packaging (which the parver stand-in uses).
        WITH_SYSTEM,
        "import _collectors_standins",
        "import opentelemetry, parver",
        "from opentelemetry import context, propagate, trace",
        "from opentelemetry.sdk.trace import TracerProvider",
        "token = context.attach(propagate.extract({'traceparent': 'x'}))",
        "context.detach(token)",
        "v = parver.Version.parse('1.2.3a4')",
        "print(opentelemetry.__file__.endswith('modules/opentelemetry/__init__.py'),",
        "      parver.__file__.endswith('modules/parver.py'), v.release, v.pre_tag, v.pre)",
      ].join("\n"),
    );
    expect(out).toBe("True True (1, 2, 3) a 4");
  });

  it("give way to a real opentelemetry or parver anywhere on sys.path", () => {
    const real = packages({
      "opentelemetry/__init__.py": "REAL = True\n",
      "parver.py": "REAL = True\n",
    });
    const out = python(
      [
        "import _collectors_standins",
        "sys.path.remove(sys.path[0])",
        `sys.path.append(${JSON.stringify(real)})`,
        "import opentelemetry, parver",
        "print(opentelemetry.REAL, parver.REAL)",
      ].join("\n"),
    );
    expect(out).toBe("True True");
  });

  it("give Debian's semver 2 the Version of semver 3, and leave semver 3's own alone", () => {
    const semver2 = packages({
      "semver.py": "class VersionInfo:\n    @staticmethod\n    def parse(text): return text\n",
    });
    expect(
      python("import _collectors_standins, semver\nprint(semver.Version is semver.VersionInfo)", [
        semver2,
      ]),
    ).toBe("True");
    const semver3 = packages({
      "semver.py": "class Version: pass\nclass VersionInfo(Version): pass\n",
    });
    expect(
      python("import _collectors_standins, semver\nprint(semver.Version is semver.VersionInfo)", [
        semver3,
      ]),
    ).toBe("False");
  });

  it("are imported once, whatever imports them again", () => {
    const out = python(
      [
        WITH_SYSTEM,
        "import _collectors_standins, importlib",
        "importlib.reload(_collectors_standins)",
        "print(sum(type(f).__name__ == '_LastResortFinder' for f in sys.meta_path))",
      ].join("\n"),
    );
    expect(out).toBe("1");
  });
});
