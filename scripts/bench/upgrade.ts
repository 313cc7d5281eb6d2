// Benchmark (not a test): upgrade N registered Installed Collectors with the `collectors` CLI
// against the local service under the service's default limits (4 requests/s per user, 10 in
// flight per key), and compare the wall time with the floor the rate limit sets.
//
//   npm run bench:upgrade -- [--count 200] [--poll-interval 10] [--select all-upgradable|name]
//
// The emulator runs in this process, the CLI (dist/cli/main.js, compiled with this script) in a
// child process, exactly as a user runs it. The figures come from the emulator's request log
// (API requests only). Not a test: it asserts nothing, but exits 1 if the CLI did.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { type LoggedRequest, startEmulator } from "../../emulator/index";
import { countBy, floorMs, loggedRequests, RATE } from "./shared/service-requests";

/** This file runs as dist/scripts/bench/upgrade.js; the CLI is dist/cli/main.js. */
const CLI = join(__dirname, "..", "..", "cli", "main.js");

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ?? fallback;
}

const count = Number(flag("count", "200"));
const pollInterval = flag("poll-interval", "10");
const select = flag("select", "all-upgradable");

async function control(origin: string, path: string, method = "GET", body?: unknown) {
  const res = await fetch(`${origin}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

function kind(r: LoggedRequest): string {
  const p = r.path.replace(/^.*\/api\/v1/, "");
  if (r.method === "POST" && p === "/collectors/upgrades") return "POST task";
  if (/^\/collectors\/upgrades\/\d+$/.test(p)) return "GET task status";
  if (p === "/collectors/upgrades/targets") return "GET build targets";
  if (p === "/collectors/upgrades/collectors") return "GET upgradable list";
  if (p === "/collectors") return "GET collector list";
  return `${r.method} ${p}`;
}

async function main(): Promise<void> {
  if (!(count > 0)) throw new Error("--count must be a positive number");
  const emu = await startEmulator({ port: 0, logger: false }); // the default limits
  const creds = emu.credentials[0];
  if (!creds) throw new Error("the emulator reported no credentials");
  try {
    for (let i = 1; i <= count; i++) {
      await control(emu.origin, "/installed-collectors", "POST", {
        name: `bench-${String(i).padStart(4, "0")}`,
        collectorVersion: "19.403-1",
        osName: "Linux",
        osVersion: "6.1",
        osArch: "amd64",
        ephemeral: false,
        autoHeartbeat: true,
      });
    }
    const selection = select === "name" ? ["--name", "bench-*"] : ["--all-upgradable"];
    const args = [CLI, "upgrade", "--to", "latest", ...selection];
    args.push("--poll-interval", pollInterval);
    process.stderr.write(
      `${count} collectors registered; running: collectors ${args.slice(1).join(" ")}\n`,
    );

    const started = performance.now();
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        COLLECTORS_ENDPOINT: emu.url,
        COLLECTORS_ACCESS_ID: creds.accessId,
        COLLECTORS_ACCESS_KEY: creds.accessKey,
      },
      // On a terminal the CLI draws its live bar; elsewhere only its summary lines are shown.
      stdio: ["ignore", "pipe", process.stderr.isTTY ? "inherit" : "pipe"],
    });
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (/^(progress|failed|Upgrading|warning|error)/.test(line))
          process.stderr.write(`  cli> ${line}\n`);
      }
    });
    const exitCode = await new Promise<number | null>((resolve) => child.on("close", resolve));
    const wallS = (performance.now() - started) / 1000;

    const requests = await loggedRequests(emu.origin);
    const byKind = countBy(requests, kind);
    const limited = requests.filter((r) => r.status === 429).length;
    const floorS = floorMs(requests.length) / 1000;
    const summary = stdout.trim().split("\n").at(-1) ?? "";

    const rows: [string, string][] = [
      ["collectors", String(count)],
      ["CLI exit code", String(exitCode)],
      ["CLI summary", summary],
      ["API requests", String(requests.length)],
      ...[...byKind].sort().map(([k, n]): [string, string] => [`  ${k}`, String(n)]),
      ["answered 429", String(limited)],
      ["requests per collector", (requests.length / count).toFixed(2)],
      ["wall time", `${wallS.toFixed(1)} s`],
      [`floor (requests ÷ ${RATE}/s)`, `${floorS.toFixed(1)} s`],
      ["wall ÷ floor", (wallS / floorS).toFixed(2)],
      ["achieved rate", `${(requests.length / wallS).toFixed(2)} requests/s`],
      [
        "lowest possible (1 POST + 1 GET per collector)",
        `${2 * count} requests, ${((2 * count) / RATE).toFixed(1)} s`,
      ],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    process.stdout.write(`\n${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n")}\n`);
    if (exitCode !== 0) process.exitCode = 1;
  } finally {
    await emu.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
