// Preloaded (NODE_OPTIONS=--require) into the node processes `pulumi` starts when
// `npm run bench:pulumi` runs with --no-limits or --pacing-margin. In the dynamic-provider host
// only, it sets the client's pacing from BENCH_PULUMI_CLIENT_LIMITS ("false", or LimitOptions as
// JSON) through the seam the tests use (setClientDefaults): with the service's limits off as
// well, the wall time is the engine's own work, not the client's queue. The program process and
// the `node -e` helpers are left alone. Benchmark tooling: the provider has no such setting.
if (process.argv.some((arg) => /dynamic-provider/.test(arg))) {
  const limits = JSON.parse(process.env.BENCH_PULUMI_CLIENT_LIMITS ?? "{}") as
    | false
    | import("../provider/api/throttle").LimitOptions;
  // The same file the shims reach through "pulumi-collectors/resources/runtime", so one module.
  const clients =
    require("../provider/resources/core/clients") as typeof import("../provider/resources/core/clients");
  clients.setClientDefaults({ limits });
}
