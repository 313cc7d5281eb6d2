// Serves the provider on a free port of 127.0.0.1 and prints the port: the first line the
// engine reads. The engine passes its flags (--logtostderr, -v=N, --tracing <endpoint>: none is
// needed here), then its own address. It stops the process when the deployment ends; an engine
// killed outright cannot, so the process watches the engine's address and exits on its own once
// nothing listens there (engine-gone.ts). Without an address (tests, a debugger's Attach) there
// is nothing to watch.

import { engineLog } from "./engine-log";
import { engineAddressIn, exitWhenEngineGone } from "./layer";
import { CollectorsProvider } from "./provider";
import { serve } from "./server";

export async function start(args: readonly string[] = process.argv.slice(2)): Promise<void> {
  const engine = engineAddressIn(args);
  // Lines under a resource go to the engine's display; without an engine, to stderr.
  const provider = new CollectorsProvider(engine ? { progress: engineLog(engine) } : {});
  const { port, calls } = await serve(provider);
  process.stdout.write(`${port}\n`);
  if (engine) {
    exitWhenEngineGone(engine, {
      name: "pulumi-resource-collectors",
      cancel: (reason) => provider.cancel(reason),
      calls,
    });
  }
}
