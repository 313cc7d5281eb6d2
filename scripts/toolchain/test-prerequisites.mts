/**
 * `npm test`'s first step: the Debian packages some tests use are there, or installed now, or the
 * run stops at once naming the one command that installs them.
 *
 * Each package is looked for by what the tests use from it (a command, a file, a Python module),
 * so a machine that has them some other way passes too. Missing ones are installed with apt-get
 * when this runs as root on a machine that has it (CI, containers); otherwise nothing is
 * installed behind the user's back: the run stops with the line to run.
 *
 * Run by Node.js's own type stripping (`node scripts/toolchain/test-prerequisites.mts`), before the build,
 * so that a missing package stops the run before anything is compiled. It imports nothing of the
 * project's. With `--python`, only the packages a Python program's environment needs (those
 * marked `python`): what `npm run python-env` (scripts/toolchain/python-env.ts) asks for first.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

interface Needed {
  /** The Debian package. */
  package: string;
  /** What uses it, for the message. */
  usedBy: string;
  /** Whether what the tests use from it is on this machine. */
  present: () => boolean;
  /** Needed by `npm run python-env` too: the runtime of a Python program, or its SDK's build. */
  python?: true;
}

/** Debian's Python: what the release's `python -m build` and the pytest recipe run. */
const PYTHON = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";

const onPath = (command: string): boolean =>
  (process.env.PATH ?? "").split(delimiter).some((dir) => dir && existsSync(join(dir, command)));

/** Whether Debian's Python finds `module` (found, not imported: importing setuptools is slow). */
const pythonHas = (module: string): boolean =>
  spawnSync(
    PYTHON,
    ["-c", `import importlib.util as u, sys; sys.exit(u.find_spec("${module}") is None)`],
    {
      stdio: "ignore",
    },
  ).status === 0;

const ARM64_LIBS = "/usr/aarch64-linux-gnu/lib";

const NEEDED: readonly Needed[] = [
  {
    package: "qemu-user",
    usedBy: "the release test runs the linux-arm64 executables under qemu-aarch64",
    present: () => onPath("qemu-aarch64"),
  },
  {
    package: "libc6-arm64-cross",
    usedBy: "the arm64 C library those executables load",
    present: () => existsSync(join(ARM64_LIBS, "ld-linux-aarch64.so.1")),
  },
  {
    package: "libstdc++6-arm64-cross",
    usedBy: "the arm64 C++ library those executables load",
    present: () => existsSync(join(ARM64_LIBS, "libstdc++.so.6")),
  },
  {
    package: "python3-build",
    usedBy: "the release and python-env build the Python SDK's wheel with python3 -m build",
    present: () => pythonHas("build"),
    python: true,
  },
  {
    package: "python3-setuptools",
    usedBy: "the Python SDK's build backend",
    present: () => pythonHas("setuptools"),
    python: true,
  },
  {
    package: "python3-wheel",
    usedBy: "the Python SDK's wheel",
    present: () => pythonHas("wheel"),
    python: true,
  },
  {
    package: "python3-venv",
    usedBy: "python-env makes a Python program's virtual environment with python3 -m venv",
    present: () => pythonHas("ensurepip"),
    python: true,
  },
  {
    package: "python3-grpcio",
    usedBy: "the Pulumi Python SDK talks to the engine over gRPC",
    present: () => pythonHas("grpc"),
    python: true,
  },
  {
    package: "python3-protobuf",
    usedBy: "the Pulumi Python SDK's messages to the engine",
    present: () => pythonHas("google.protobuf"),
    python: true,
  },
  {
    package: "python3-dill",
    usedBy: "the Pulumi Python SDK's dynamic providers (pickled into the state)",
    present: () => pythonHas("dill"),
    python: true,
  },
  {
    package: "python3-semver",
    usedBy: "the Pulumi Python SDK and the generated Python SDK compare versions",
    present: () => pythonHas("semver"),
    python: true,
  },
  {
    package: "python3-yaml",
    usedBy: "the Pulumi Python SDK's Automation API reads Pulumi.yaml",
    present: () => pythonHas("yaml"),
    python: true,
  },
  {
    package: "python3-packaging",
    usedBy: "the Pulumi Python SDK's callbacks, and the stand-in for parver",
    present: () => pythonHas("packaging"),
    python: true,
  },
  {
    package: "python3-pytest",
    usedBy: "the pytest recipe of docs/guides/testing-your-programs.md",
    present: () => pythonHas("pytest"),
  },
  {
    package: "shellcheck",
    usedBy: "actionlint checks the release workflow's scripts with it",
    present: () => onPath("shellcheck"),
  },
];

function run(command: string, args: string[]): boolean {
  console.error(`$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

const pythonOnly = process.argv.includes("--python");
const asked = NEEDED.filter((needed) => !pythonOnly || needed.python);
const who = pythonOnly ? "npm run python-env" : "npm test";
const missing = asked.filter((needed) => !needed.present());
if (missing.length > 0) {
  const names = missing.map((needed) => needed.package);
  const install = ["install", "-y", "-qq", "--no-install-recommends", ...names];
  const canInstall = process.getuid?.() === 0 && onPath("apt-get");
  if (canInstall) {
    console.error(`${who}: installing the Debian packages it uses: ${names.join(" ")}`);
  }
  if (!canInstall || !run("apt-get", ["update", "-qq"]) || !run("apt-get", install)) {
    console.error(
      [
        `${who} needs these Debian packages, which are missing:`,
        ...missing.map((needed) => `  ${needed.package}: ${needed.usedBy}`),
        `Install them, then run ${who} again:`,
        `  sudo apt-get update && sudo apt-get install -y ${names.join(" ")}`,
      ].join("\n"),
    );
    process.exit(1);
  }
  const stillMissing = missing.filter((needed) => !needed.present());
  if (stillMissing.length > 0) {
    console.error(
      `${who}: apt-get installed ${names.join(" ")}, yet these are still not usable: ` +
        stillMissing.map((needed) => `${needed.package} (${needed.usedBy})`).join("; "),
    );
    process.exit(1);
  }
}
