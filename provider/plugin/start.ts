// Serves the provider on a free port of 127.0.0.1 and prints the port: the first line the
// engine reads. The engine passes its own address and flags (--logtostderr, -v=N, --tracing):
// none is needed here. The engine stops the process when the deployment ends.
import { CollectorsProvider } from "./provider";
import { serve } from "./server";

export async function start(): Promise<void> {
  const { port } = await serve(new CollectorsProvider());
  process.stdout.write(`${port}\n`);
}
