// The client for a program's look-up functions (getCollector, getUpgradeTargets, …): the stack's
// collectors:* config as the program sees it, then the COLLECTORS_* environment, like the
// resources'. Its own file because it reads the config through the program's @pulumi/pulumi,
// which the provider's code (loaded by the engine's provider host) must not load.
import * as pulumi from "@pulumi/pulumi";
import type { CollectorsClient } from "../../api";
import { clientFor } from "./clients";
import { readStackConfig, resolveSettings } from "./settings";

export function programClient(): CollectorsClient {
  return clientFor(
    resolveSettings(
      readStackConfig((key) => pulumi.runtime.getConfig(key)),
      process.env,
    ),
  );
}
