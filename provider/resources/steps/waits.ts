// The waits of the provider process (an upgrade task, a Universal source's delete) and the
// signals that end them: when the engine shuts its plugins down (SIGINT, SIGTERM) every wait in
// progress ends at once, so its resource can say what goes on on the service, and the process
// then exits as Node would.
import { inProviderHost } from "./engine-address";
import type { Runtime } from "./runtime";

/** Why a wait stopped early. */
class Interrupted extends Error {}

/** Ends every wait of the runtime in progress (its process is being stopped); they fail saying so. */
export function abortWaits(runtime: Runtime, reason: string): void {
  for (const controller of runtime.waits) controller.abort(new Interrupted(reason));
}

const withSignals = new WeakSet<Runtime>();

function installSignalHandlers(runtime: Runtime) {
  // Only in the engine's provider process: a test runner or a program keeps its own handling.
  if (withSignals.has(runtime) || !inProviderHost()) return;
  withSignals.add(runtime);
  const onSignal = (signal: NodeJS.Signals) => {
    const code = signal === "SIGINT" ? 130 : 143;
    // What Node does without a handler: exit. With waits in progress, first let their answers go.
    if (runtime.waits.size === 0) process.exit(code);
    abortWaits(runtime, `the Pulumi engine stopped the provider (${signal})`);
    setTimeout(() => process.exit(code), 1_000);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
}

/** Runs `wait` with a signal that abortWaits() (a stop of the provider process) aborts. */
export async function interruptible<T>(
  runtime: Runtime,
  wait: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  runtime.waits.add(controller);
  installSignalHandlers(runtime);
  try {
    return await wait(controller.signal);
  } finally {
    runtime.waits.delete(controller);
  }
}

/** Why an interrupted wait stopped: "because the Pulumi engine stopped the provider (SIGINT)". */
export function becauseOf(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return `because ${reason instanceof Error ? reason.message : String(reason)}`;
}
