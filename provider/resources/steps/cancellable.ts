// A provider process's runtime that one call stops: its paced and retried requests fail at once,
// and its waits (an upgrade task, a Universal source's delete) end saying why. The plugin's
// Cancel and an engine gone (host-runtime.ts, the plugin's start) both end a process's work so.
import { Runtime, type RuntimeOptions } from "./runtime";
import { abortWaits } from "./waits";

export interface CancellableRuntime {
  runtime: Runtime;
  /** Stops what is in progress; no request of the runtime starts after it. */
  cancel(reason: string): void;
}

/** The process's runtime (Runtime.forProcess) with `options`, and the call that stops it. */
export function cancellableRuntime(
  options: RuntimeOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): CancellableRuntime {
  const controller = new AbortController();
  const runtime = Runtime.forProcess(env, {
    ...options,
    client: { ...options.client, signal: controller.signal },
  });
  return {
    runtime,
    cancel(reason) {
      controller.abort(new Error(reason));
      abortWaits(runtime, reason);
    },
  };
}
