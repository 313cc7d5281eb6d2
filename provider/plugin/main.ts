// The plugin's entry (`pulumi-resource-collectors` runs it with `node`). The Node.js version is
// checked before anything else loads: the HTTP client needs 22.19 or newer, and an older `node`
// on the PATH would otherwise fail with an error about a missing zstd function.
const MINIMUM = [22, 19] as const;
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  process.stderr.write(
    `pulumi-resource-collectors needs Node.js ${MINIMUM.join(".")} or newer; ` +
      `${process.execPath} is ${process.version}. Put a newer node first on the PATH, or set ` +
      "PULUMI_COLLECTORS_NODE to its path.\n",
  );
  process.exit(1);
}
// Loaded only now, after the check (a require, not an import, which would load first).
const { start } = require("./start") as typeof import("./start");
start().catch((error: unknown) => {
  process.stderr.write(
    `pulumi-resource-collectors: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
