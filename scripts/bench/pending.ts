// What a TypeScript program holds per resource while the engine has not yet answered its
// registration, the part of its memory that grows with the stack. The resources register under
// the SDK's mocks in a plain Node.js process (no engine, no ts-node): 3 Hosted Collectors,
// answered at once, and N HTTP sources on them, answered only after every one is registered, as
// the engine answers most resources of a large `up` at 4 requests/s. The heap is read after a
// full collection (the npm script runs Node with --expose-gc), once with the sources pending and
// once after they are answered; each size runs in a process of its own. The resources are the
// package's classes, and with --sdk DIR also those of the plugin's generated TypeScript SDK
// (`npm run build:sdks` writes it to dist/sdk/nodejs/bin): the same program on the plugin.
// Repository tooling: not published.
//
//   npm run bench:pending -- --resources 1000,2000 [--sdk dist/sdk/nodejs/bin]
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve as resolvePath } from "node:path";
import { parseArgs } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { markdownTable } from "./shared/markdown-table";

const MiB = 1024 * 1024;

/** What both front ends' modules export, as far as this program uses it. */
interface Classes {
  HostedCollector: new (name: string, args: object) => pulumi.CustomResource;
  HttpSource: new (
    name: string,
    args: { collectorId: pulumi.Input<string>; category: string },
  ) => pulumi.CustomResource;
}

/** Heap used and resident set size after a full collection (MiB). */
interface Memory {
  heap: number;
  rss: number;
}

interface Figures {
  frontEnd: string;
  resources: number;
  constructSeconds: number;
  /** With the collectors answered and no source yet. */
  baseline: Memory;
  pending: Memory;
  answered: Memory;
}

function memory(): Memory {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc (npm run bench:pending does)");
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed / MiB, rss: rss / MiB };
}

const settle = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One size, in this process: the package's classes, or those of the SDK in `sdk`. Only the one
 * measured is loaded, so that the baseline is its own.
 */
async function measure(resources: number, sdk: string | undefined): Promise<Figures> {
  const held: (() => void)[] = [];
  let registered = 0;
  await pulumi.runtime.setMocks(
    {
      newResource: async (args) => {
        const state = { ...args.inputs, name: args.name, etag: '"0"' };
        if (args.type.endsWith(":HttpSource")) {
          registered++;
          await new Promise<void>((resolve) => held.push(resolve));
          Object.assign(state, { url: "https://endpoint.example/receiver/v1/http/TOKEN" });
        }
        return { id: `${args.name}-id`, state };
      },
      call: () => ({}),
    },
    "bench",
    "pending",
    false,
  );
  const collectors = require(sdk ?? "../provider") as Classes;
  const hosts = [0, 1, 2].map((i) => new collectors.HostedCollector(`host-${i}`, {}));
  await Promise.all(hosts.map((h) => new Promise((resolve) => h.id.apply(resolve))));
  await settle();
  const baseline = memory();

  const started = performance.now();
  const sources = Array.from(
    { length: resources },
    (_, i) =>
      new collectors.HttpSource(`http-${i}`, {
        collectorId: (hosts[i % hosts.length] as pulumi.CustomResource).id,
        category: `app/${i}`,
      }),
  );
  const constructSeconds = (performance.now() - started) / 1000;
  while (registered < resources) await settle(50);
  const pending = memory();

  for (const release of held) release();
  await Promise.all(sources.map((s) => new Promise((resolve) => s.id.apply(resolve))));
  await settle();
  const answered = memory();
  const frontEnd = sdk ? "plugin's TypeScript SDK" : "classes";
  return { frontEnd, resources, constructSeconds, baseline, pending, answered };
}

function table(runs: Figures[]): string {
  const kib = (mib: number, n: number) => ((mib * 1024) / n).toFixed(1);
  const rows = runs.map((r) => [
    r.frontEnd,
    String(r.resources),
    kib(r.pending.heap - r.baseline.heap, r.resources),
    r.pending.heap.toFixed(0),
    r.pending.rss.toFixed(0),
    kib(r.answered.heap - r.baseline.heap, r.resources),
    r.baseline.rss.toFixed(0),
    r.constructSeconds.toFixed(1),
  ]);
  const head = [
    "front end",
    "pending HTTP sources",
    "retained per resource, pending (KiB)",
    "heap (MiB)",
    "RSS (MiB)",
    "retained once answered (KiB)",
    "RSS before any source (MiB)",
    "constructing (s)",
  ];
  return markdownTable(head, rows);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      resources: { type: "string", default: "1000,2000" },
      sdk: { type: "string" },
      one: { type: "string" },
    },
  });
  const sdk = values.sdk === undefined ? undefined : resolvePath(values.sdk);
  if (sdk && !existsSync(join(sdk, "index.js"))) {
    throw new Error(
      `--sdk ${values.sdk}: no compiled SDK there; npm run build:sdks writes it to dist/sdk/nodejs/bin`,
    );
  }
  if (values.one) {
    console.log(JSON.stringify(await measure(Number(values.one), sdk)));
    return;
  }
  const sizes = values.resources.split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(
      `--resources takes positive whole numbers, comma-separated: ${values.resources}`,
    );
  }
  const runs: Figures[] = [];
  for (const from of sdk ? [undefined, sdk] : [undefined]) {
    for (const size of sizes) runs.push(runChild(size, from));
  }
  console.log(table(runs));
}

/** One size in a process of its own: the SDK's mocks and the heap start fresh. */
function runChild(size: number, sdk: string | undefined): Figures {
  const args = [...process.execArgv, __filename, "--one", String(size)];
  if (sdk) args.push("--sdk", sdk);
  const child = spawnSync(process.execPath, args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 16 * MiB,
  });
  if (child.status !== 0) throw new Error(`the run of ${size} failed (exit ${child.status})`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "") as Figures;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
