/**
 * Benchmark of the local service: requests per second and latency percentiles of GET by id and
 * of create, with every limit off, next to a bare Fastify route measured in the same run.
 *
 *   npm run bench:emulator -- [--requests N] [--seconds S] [--connections C]
 *
 * The servers run in a worker thread, the load generator (undici) in the main thread, so the two
 * do not share an event loop. Everything listens on 127.0.0.1; each scenario stops after N
 * requests or S seconds, whichever comes first. Not a test: it asserts nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import Fastify from "fastify";
import { Pool } from "undici";
import { DEV_ACCESS_ID, DEV_ACCESS_KEY, startEmulator } from "../../emulator/index";
import { quantile } from "./shared/quantile";

interface Targets {
  bare: string;
  memory: string;
  disk: string;
}

/** A body shaped like a collector, so the bare route serialises comparable JSON. */
const SAMPLE = {
  collector: {
    id: 100000001,
    name: "bench",
    links: [{ rel: "sources", href: "/v1/collectors/100000001/sources" }],
    ephemeral: false,
    targetCpu: -1,
    collectorType: "Hosted",
    collectorVersion: "",
    alive: true,
    cutoffTimestamp: 0,
  },
};

async function serve(): Promise<void> {
  const limitsOff = { port: 0, rateLimit: 0, maxConcurrent: 0, authPerMinute: 0, logger: false };
  const dataDir = mkdtempSync(join(tmpdir(), "collectors-bench-"));
  const memory = await startEmulator(limitsOff);
  const disk = await startEmulator({ ...limitsOff, dataDir });
  const bare = Fastify({ logger: false });
  bare.get("/bare/:id", async () => SAMPLE);
  await bare.listen({ host: "127.0.0.1", port: 0 });
  const address = bare.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const targets: Targets = {
    bare: `http://127.0.0.1:${port}`,
    memory: memory.origin,
    disk: disk.origin,
  };
  parentPort?.postMessage(targets);
  parentPort?.once("message", async () => {
    await Promise.all([memory.close(), disk.close(), bare.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    parentPort?.postMessage("closed");
  });
}

interface Options {
  requests: number;
  seconds: number;
  connections: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { requests: 5000, seconds: 10, connections: 10 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, "") as keyof Options;
    const value = Number(argv[i + 1]);
    if (!(key in options) || !Number.isFinite(value) || value <= 0) {
      throw new Error(
        `unknown or invalid option ${argv[i]} ${argv[i + 1] ?? ""}: use --requests N --seconds S --connections C`,
      );
    }
    options[key] = value;
  }
  return options;
}

type Request = { method: "GET" | "POST"; path: string; body?: string };

interface Result {
  name: string;
  count: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
}

const AUTH = `Basic ${Buffer.from(`${DEV_ACCESS_ID}:${DEV_ACCESS_KEY}`).toString("base64")}`;

/** Runs `next()` requests on `connections` parallel lanes until the count or time runs out. */
async function measure(
  name: string,
  origin: string,
  next: (i: number) => Request,
  options: Options,
  cookie = "",
): Promise<Result> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  const headers = { authorization: AUTH, "content-type": "application/json", cookie };
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const lane = async () => {
    while (issued < options.requests && performance.now() < deadline) {
      const request = next(issued++);
      const t0 = performance.now();
      const res = await pool.request({ ...request, headers });
      await res.body.dump();
      latencies.push(performance.now() - t0);
      if (res.statusCode >= 300) errors++;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, lane));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const p50 = quantile(latencies, 0.5);
  return { name, count: latencies.length, errors, seconds, p50, p99: quantile(latencies, 0.99) };
}

/** One authenticated request to get a session cookie (as real clients keep one) and a collector. */
async function prepare(origin: string): Promise<{ cookie: string; id: number }> {
  const pool = new Pool(origin);
  const res = await pool.request({
    method: "POST",
    path: "/api/v1/collectors",
    headers: { authorization: AUTH, "content-type": "application/json" },
    body: JSON.stringify({
      collector: { collectorType: "Hosted", name: `bench-target-${Date.now()}` },
    }),
  });
  const body = (await res.body.json()) as { collector: { id: number } };
  const setCookie = res.headers["set-cookie"];
  const first = (Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? "";
  const cookie = first.split(";")[0] ?? "";
  await pool.close();
  return { cookie, id: body.collector.id };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const worker = new Worker(__filename, { workerData: { role: "server" } });
  const targets = await new Promise<Targets>((resolve) => worker.once("message", resolve));
  const runs: Result[] = [];
  // Enough warm-up for the JIT to settle before each measured run.
  const warmup = { ...options, requests: Math.min(3000, options.requests), seconds: 3 };
  const run = async (
    name: string,
    origin: string,
    next: (i: number) => Request,
    cookie?: string,
  ) => {
    await measure(name, origin, next, warmup, cookie);
    runs.push(await measure(name, origin, next, options, cookie));
  };
  const createBody =
    (prefix: string) =>
    (i: number): Request => ({
      method: "POST",
      path: "/api/v1/collectors",
      body: JSON.stringify({
        collector: { collectorType: "Hosted", name: `${prefix}-${i}-${Math.random()}` },
      }),
    });

  // The bare route runs first and last: the spread between the two shows the machine's noise.
  const bare = () =>
    run("bare Fastify GET /bare/:id", targets.bare, (i) => ({ method: "GET", path: `/bare/${i}` }));
  // Warm the load generator itself (undici, this thread's JIT) before the first measured run.
  await measure("warm-up", targets.bare, (i) => ({ method: "GET", path: `/bare/${i}` }), {
    ...options,
    requests: 10_000,
    seconds: 5,
  });
  await bare();
  for (const store of ["memory", "disk"] as const) {
    const { cookie, id } = await prepare(targets[store]);
    await run(
      `emulator (${store}) GET /collectors/{id}`,
      targets[store],
      () => ({ method: "GET", path: `/api/v1/collectors/${id}` }),
      cookie,
    );
    await run(`emulator (${store}) POST /collectors`, targets[store], createBody(store), cookie);
  }
  await bare();

  worker.postMessage("close");
  await new Promise((resolve) => worker.once("message", resolve));
  await worker.terminate();

  console.log(
    `requests per scenario: up to ${options.requests} in ${options.seconds} s, ${options.connections} connections, limits off, loopback\n`,
  );
  console.log(
    `${"scenario".padEnd(40)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"n".padStart(6)} ${"errors".padStart(6)}`,
  );
  for (const r of runs) {
    console.log(
      `${r.name.padEnd(40)} ${(r.count / r.seconds).toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${String(r.count).padStart(6)} ${String(r.errors).padStart(6)}`,
    );
  }
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if ((workerData as { role?: string }).role === "server") {
  void serve();
}
