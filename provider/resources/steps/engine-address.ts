// Where the Pulumi engine that started this process serves gRPC, as the process's command line
// says. The engine starts every plugin with the address of its own gRPC server as the first
// argument that is not a flag (its flags come first: `--logtostderr`, `-v=N`, `--tracing
// <endpoint>`; pulumi/pulumi sdk/go/common/resource/plugin/plugin.go, buildPluginArguments). Our
// plugin reads it from its arguments; the engine's Node.js dynamic-provider host gets the same
// arguments (`pulumi-resource-pulumi-nodejs [flags] <engine address>`, a shell script running
// `node <@pulumi/pulumi>/cmd/dynamic-provider/index.js` with them). The address serves the
// health service the engine watch checks (engine-watch.ts) and the Log call that shows progress
// lines (progress.ts).

/** The engine's flags that take their value as the next argument (Go's flag package allows it). */
const VALUE_FLAGS = new Set(["tracing", "v"]);

/** host:port, [v6]:port. */
const ADDRESS = /^(?:\[[0-9A-Fa-f:.]+\]|[^\s/:[\]]+):\d{1,5}$/;

/** The host's script: <@pulumi/pulumi>/cmd/dynamic-provider/index.js (or the folder). */
const HOST_SCRIPT = /[\\/]cmd[\\/]dynamic-provider([\\/]index\.js)?$/;

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

/**
 * The engine's address when this process is the engine's dynamic-provider host; undefined in any
 * other process (a test runner, a program's language host, the SDK's mocks).
 */
export function hostEngineAddress(argv: readonly string[] = process.argv): string | undefined {
  return HOST_SCRIPT.test(argv[1] ?? "") ? engineAddressIn(argv.slice(2)) : undefined;
}

/** True inside the engine's dynamic-provider host process. */
export function inProviderHost(argv: readonly string[] = process.argv): boolean {
  return hostEngineAddress(argv) !== undefined;
}
