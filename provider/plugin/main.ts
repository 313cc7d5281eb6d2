// The plugin's entry (`pulumi-resource-collectors` runs it with `node`; the release's executables
// carry their own Node.js). The Node.js version is checked before anything else loads.
import { exitOnUnsupportedNode } from "../node-version";

exitOnUnsupportedNode(
  "pulumi-resource-collectors",
  "Put a newer node first on the PATH, or set PULUMI_COLLECTORS_NODE to its path.",
);
// Loaded only now, after the check (a require, not an import, which would load first).
const { start } = require("./start") as typeof import("./start");
start().catch((error: unknown) => {
  process.stderr.write(
    `pulumi-resource-collectors: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
