// The runtime of the engine's Node.js dynamic-provider host, which runs the classes' provider
// methods (dispatch.ts). The engine starts that host with its own address (engine-address.ts);
// the host checks only that an argument was given and serves until it is killed. An engine
// killed outright leaves it serving for ever, our calls' retries and waits (an upgrade's, up to
// half an hour) still going. So in that process, and only there, the runtime's requests can be
// cancelled and the engine's address is watched: once nothing listens there, the process ends
// as our plugin does (engine-gone.ts). The process serves every dynamic provider of the
// deployment, ours and any other: all of them have lost the only caller they can have (no one
// else knows the host's port), as every plugin of Pulumi's own does when its engine fails a
// health check. A test runner, a program and the SDK's mocks run another script: they get the
// plain runtime.
import { type CancellableRuntime, cancellableRuntime } from "./cancellable";
import { hostEngineAddress } from "./engine-address";
import { exitWhenEngineGone } from "./engine-gone";
import { InFlight } from "./in-flight";
import type { Runtime } from "./runtime";

export interface HostRuntime {
  runtime: Runtime;
  /** The provider calls in progress (dispatch.ts tracks them). */
  calls: InFlight;
}

/**
 * In the dynamic-provider host: the process's runtime, whose requests stop when the engine is
 * gone, with the watch of the engine started. Undefined in any other process. Call it once.
 */
export function hostRuntime(argv: readonly string[] = process.argv): HostRuntime | undefined {
  const address = hostEngineAddress(argv);
  if (!address) return undefined;
  const { runtime, cancel }: CancellableRuntime = cancellableRuntime();
  const calls = new InFlight();
  exitWhenEngineGone(address, { name: "pulumi-collectors (dynamic-provider host)", cancel, calls });
  return { runtime, calls };
}
