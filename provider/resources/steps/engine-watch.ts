// Whether the Pulumi engine that started this process is still there. An engine killed outright
// (SIGKILL: a cancelled CI job) never stops its plugins, and nothing else does: our plugin and
// the engine's Node.js dynamic-provider host would serve an empty port for ever. The engine starts
// every plugin with the address of its own gRPC server as the first argument that is not a flag
// (its flags come first: `--logtostderr`, `-v=N`, `--tracing <endpoint>`; pulumi/pulumi
// sdk/go/common/resource/plugin/plugin.go, buildPluginArguments) and serves gRPC's health service
// there (sdk/go/common/util/rpcutil/serve.go). Pulumi's Go plugins poll it and stop when a check
// fails (sdk/go/common/util/rpcutil/health.go, every 5 minutes); this polls it every second, so
// an orphaned process notices within GONE_AFTER_MS (and ends within EXIT_WITHIN_MS, engine-gone.ts).
import * as grpc from "@grpc/grpc-js";

/** The engine's flags that take their value as the next argument (Go's flag package allows it). */
const VALUE_FLAGS = new Set(["tracing", "v"]);

/** host:port, [v6]:port. */
const ADDRESS = /^(?:\[[0-9A-Fa-f:.]+\]|[^\s/:[\]]+):\d{1,5}$/;

/** The engine's address among a plugin's arguments (process.argv.slice(2)); undefined without one. */
export function engineAddressIn(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") return addressOrNone(args[i + 1]);
    if (arg.startsWith("-") && arg !== "-") {
      const flag = arg.replace(/^--?/, "");
      if (!flag.includes("=") && VALUE_FLAGS.has(flag)) i++;
      continue;
    }
    return addressOrNone(arg);
  }
  return undefined;
}

function addressOrNone(arg: string | undefined): string | undefined {
  return arg !== undefined && ADDRESS.test(arg) ? arg : undefined;
}

/** From the end of one check to the start of the next. */
export const CHECK_INTERVAL_MS = 1_000;
/** How long one check may take. */
export const CHECK_DEADLINE_MS = 2_000;
/** Checks in a row that find no server before the engine counts as gone. */
export const GONE_AFTER_MISSES = 3;
/**
 * The longest from the engine's death to onGone: the next check starts within an interval, and a
 * check of a port nobody listens on fails at once (the connection refused), so each of the
 * misses takes at most an interval.
 */
export const GONE_AFTER_MS = CHECK_INTERVAL_MS * GONE_AFTER_MISSES;

export interface WatchOptions {
  /** From the end of one check to the start of the next; default CHECK_INTERVAL_MS. */
  intervalMs?: number;
  /** How long one check may take; default CHECK_DEADLINE_MS. */
  deadlineMs?: number;
  /** Checks in a row that find no server before the engine counts as gone; default GONE_AFTER_MISSES. */
  misses?: number;
}

const CHECK = "/grpc.health.v1.Health/Check";
/** HealthCheckRequest{service: ""}: every field at its default, so no bytes. */
const EMPTY_REQUEST = Buffer.alloc(0);

/**
 * Checks the engine at `address` every interval and calls `onGone` (once) when `misses` checks in
 * a row found nothing listening there. Any answer proves the engine alive: SERVING, NOT_SERVING,
 * UNIMPLEMENTED (a server without the health service is still there), any error it sends. Only
 * UNAVAILABLE (the connection refused or dropped: the process is gone, its port closed) counts
 * as a miss; a check out of time does not, since a stopped engine (Ctrl-Z, a debugger) still
 * accepts connections without answering, and a busy machine or a blocked event loop of ours
 * makes checks late. The timer is unref'd: the watch never keeps a process alive by itself.
 * Returns a function that stops the watch.
 */
export function watchEngine(
  address: string,
  onGone: () => void,
  options: WatchOptions = {},
): () => void {
  const {
    intervalMs = CHECK_INTERVAL_MS,
    deadlineMs = CHECK_DEADLINE_MS,
    misses = GONE_AFTER_MISSES,
  } = options;
  const client = new grpc.Client(address, grpc.credentials.createInsecure(), {
    // The engine is on this machine: never through an HTTP proxy of the environment (grpc-js
    // honours http_proxy even for 127.0.0.1, and a proxy's refusal would read as a miss).
    "grpc.enable_http_proxy": 0,
  });
  let missed = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    client.close();
  };
  const next = () => {
    timer = setTimeout(check, intervalMs);
    timer.unref();
  };
  const check = () => {
    client.makeUnaryRequest(
      CHECK,
      () => EMPTY_REQUEST,
      (answer: Buffer) => answer,
      {},
      { deadline: Date.now() + deadlineMs },
      (error) => {
        if (stopped) return;
        missed = error?.code === grpc.status.UNAVAILABLE ? missed + 1 : 0;
        if (missed < misses) return next();
        stop();
        onGone();
      },
    );
  };
  next();
  return stop;
}
