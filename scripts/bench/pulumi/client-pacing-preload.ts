// Preloaded (NODE_OPTIONS=--require) into the node processes `pulumi` starts when
// `npm run bench:pulumi` runs with --no-limits or --pacing-margin. In the dynamic-provider host
// only, it gives the process's Runtime the client pacing of BENCH_PULUMI_CLIENT_LIMITS ("false",
// or LimitOptions as JSON): with the service's limits off as well, the wall time is the engine's
// own work, not the client's queue. The program process and the `node -e` helpers are left
// alone. Benchmark tooling: the provider has no such setting.
if (process.argv.some((arg) => /dynamic-provider/.test(arg))) {
  const limits = JSON.parse(process.env.BENCH_PULUMI_CLIENT_LIMITS ?? "{}") as
    | false
    | import("../../../provider/api/throttle").LimitOptions;
  // The same module the shims reach through "pulumi-collectors/resources/runtime", whose first
  // call makes the process's runtime with Runtime.forProcess().
  const { Runtime } =
    require("../../../provider/resources/steps/runtime") as typeof import("../../../provider/resources/steps/runtime");
  const forProcess = Runtime.forProcess.bind(Runtime);
  Runtime.forProcess = (env) =>
    new Runtime({ defaults: forProcess(env).defaults, client: { limits } });
}
