// --no-limits and --pacing-margin change how the provider's client paces its requests. The
// provider has no setting for it (a user never needs one), so the benchmark reaches into the
// dynamic-provider process with a preload (client-pacing-preload.ts) and tells it the pacing
// through the environment of every `pulumi` command.
import { join } from "node:path";
import type { LimitOptions } from "../../../provider/api/throttle";
import type { Options } from "./options";

/** The environment that makes the provider process pace otherwise; none for the defaults. */
export function clientPacingEnv(opts: Options): Record<string, string> {
  let limits: LimitOptions | false | undefined;
  if (!opts.limits) limits = false;
  else if (opts.pacingMarginMs !== undefined) limits = { windowMarginMs: opts.pacingMarginMs };
  if (limits === undefined) return {};
  return {
    NODE_OPTIONS: `--require ${join(__dirname, "client-pacing-preload.js")}`,
    BENCH_PULUMI_CLIENT_LIMITS: JSON.stringify(limits),
  };
}
