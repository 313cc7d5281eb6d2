// The command line of `npm run bench:pulumi`: what to measure, checked before anything starts,
// so a mistake costs no service, workspace or engine run.
import { resolve } from "node:path";
import { COLLECTORS } from "./program";

/** The front ends: the dynamic provider of the TypeScript classes, the native plugin. */
export const PROVIDERS = ["dynamic", "native"] as const;
export type Provider = (typeof PROVIDERS)[number];

export interface Options {
  providers: Provider[];
  /** The sizes to run, one after the other (--resources 1000,2000). */
  sizes: number[];
  /** The size being run. */
  resources: number;
  limits: boolean;
  pacingMarginMs: number | undefined;
  skipPreview: boolean;
  skipCheckpoints: boolean;
  parallel: number | undefined;
  save: string | undefined;
  /** The plugin archive the native front end installs; default the launcher tarball. */
  pluginArchive: string | undefined;
}

const USAGE =
  "usage: npm run bench:pulumi -- [--provider dynamic|native|both (default dynamic)] " +
  "[--resources N[,N…] (default 200, each at least 4)] [--no-limits] " +
  "[--skip-preview] [--parallel P] [--pacing-margin MS] [--skip-checkpoints] [--save DIR] " +
  "[--plugin-archive FILE]";

/** A mistake on the command line: reported by its message alone, without a stack. */
export class UsageError extends Error {}

export function parseArgs(argv: string[]): Options {
  const opts: Options = {
    providers: ["dynamic"],
    sizes: [200],
    resources: 200,
    limits: true,
    pacingMarginMs: undefined,
    skipPreview: false,
    skipCheckpoints: false,
    parallel: undefined,
    save: undefined,
    pluginArchive: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value; ${USAGE}`);
      return v;
    };
    const count = (name: string, v: string, min: number) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        throw new UsageError(`${name} must be an integer of at least ${min}, got "${v}"; ${USAGE}`);
      }
      return n;
    };
    if (arg === "--provider") {
      const v = value();
      if (v === "both") opts.providers = [...PROVIDERS];
      else if ((PROVIDERS as readonly string[]).includes(v)) opts.providers = [v as Provider];
      else throw new UsageError(`--provider must be dynamic, native or both, got "${v}"; ${USAGE}`);
    } else if (arg === "--resources") {
      // At least one source besides the collectors, so every command has sources to work on.
      opts.sizes = value()
        .split(",")
        .map((v) => count(arg, v, COLLECTORS + 1));
    } else if (arg === "--no-limits") opts.limits = false;
    else if (arg === "--pacing-margin") opts.pacingMarginMs = count(arg, value(), 0);
    else if (arg === "--skip-preview") opts.skipPreview = true;
    else if (arg === "--skip-checkpoints") opts.skipCheckpoints = true;
    else if (arg === "--parallel") opts.parallel = count(arg, value(), 1);
    else if (arg === "--save") opts.save = value();
    else if (arg === "--plugin-archive") opts.pluginArchive = resolve(value());
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else throw new UsageError(`unknown argument "${arg}"; ${USAGE}`);
  }
  if (opts.providers.includes("native") && (!opts.limits || opts.pacingMarginMs !== undefined)) {
    throw new UsageError(
      "--no-limits and --pacing-margin change the client's pacing through a preload in the " +
        "dynamic provider's process; the plugin is one bundled file a preload cannot reach: " +
        "use them with --provider dynamic",
    );
  }
  return opts;
}
