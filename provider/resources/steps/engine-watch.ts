// Whether the Pulumi engine that started this process is still there. An engine killed outright
// (SIGKILL: a cancelled CI job) never stops its plugins, and nothing else does: our plugin and
// the engine's Node.js dynamic-provider host would serve an empty port for ever. The engine passes
// every plugin the address of its own gRPC server (engine-address.ts) and serves gRPC's health
// service there (sdk/go/common/util/rpcutil/serve.go). Pulumi's Go plugins poll it and stop when
// a check fails (sdk/go/common/util/rpcutil/health.go, every 5 minutes); this polls it every
// second, so an orphaned process notices within GONE_AFTER_MS (and ends within EXIT_WITHIN_MS,
// engine-gone.ts).
import * as grpc from "@grpc/grpc-js";

/** From the end of one check to the start of the next. */
export const CHECK_INTERVAL_MS = 1_000;
/** How long one check may take. */
export const CHECK_DEADLINE_MS = 2_000;
/** Misses since the last answer before the engine counts as gone. */
export const GONE_AFTER_MISSES = 3;
/**
 * The longest from the engine's death to onGone: the next check starts within an interval, and a
 * check of a port nobody listens on fails at once (the connection refused), so each of the
 * misses takes at most an interval. (A check that runs out of time instead, on a machine too
 * busy to connect at once, takes its deadline more.)
 */
export const GONE_AFTER_MS = CHECK_INTERVAL_MS * GONE_AFTER_MISSES;

export interface WatchOptions {
  /** From the end of one check to the start of the next; default CHECK_INTERVAL_MS. */
  intervalMs?: number;
  /** How long one check may take; default CHECK_DEADLINE_MS. */
  deadlineMs?: number;
  /** Misses since the last answer before the engine counts as gone; default GONE_AFTER_MISSES. */
  misses?: number;
}

const CHECK = "/grpc.health.v1.Health/Check";
/** HealthCheckRequest{service: ""}: every field at its default, so no bytes. */
const EMPTY_REQUEST = Buffer.alloc(0);

/** What one check found. */
export type CheckOutcome =
  /** Any answer: SERVING, NOT_SERVING, UNIMPLEMENTED, any error the server sends. */
  | "answered"
  /** UNAVAILABLE: the connection refused or dropped, nothing listening on the port. */
  | "refused"
  /** No answer within the deadline. */
  | "late";

/**
 * The misses after a check, given the misses before it. An answer proves the engine alive and
 * clears them. A refusal is a miss: the process is gone, its port closed. A check out of time
 * proves nothing alone: a stopped engine (Ctrl-Z, a debugger) still accepts connections without
 * answering, and a busy machine or a blocked event loop of ours makes checks late; so it is a
 * miss only after a refusal since the last answer (the engine's port was closed: it cannot be
 * the engine that keeps the check waiting), and it never clears the misses, or checks that run
 * late between refusals would keep an engine that is gone from ever counting as gone.
 */
export function missesAfter(missed: number, outcome: CheckOutcome): number {
  if (outcome === "answered") return 0;
  if (outcome === "refused" || missed > 0) return missed + 1;
  return missed;
}

function outcomeOf(error: grpc.ServiceError | null): CheckOutcome {
  if (error?.code === grpc.status.UNAVAILABLE) return "refused";
  if (error?.code === grpc.status.DEADLINE_EXCEEDED) return "late";
  return "answered";
}

/**
 * Checks the engine at `address` every interval and calls `onGone` (once) when `misses` checks
 * since the last answer missed it (missesAfter). The timer is unref'd: the watch never keeps a
 * process alive by itself. Returns a function that stops the watch.
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
        missed = missesAfter(missed, outcomeOf(error));
        if (missed < misses) return next();
        stop();
        onGone();
      },
    );
  };
  next();
  return stop;
}
