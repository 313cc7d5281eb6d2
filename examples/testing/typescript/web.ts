// The part of the program under test: a web tier's Hosted Collector with an HTTP source for its
// events, as a function so that tests can build it with the settings they choose.
import * as collectors from "pulumi-collectors";

export interface WebTierArgs {
  /** The category prefix of every log line: "<environment>/web". */
  environment: string;
  /** A regular expression for what the events must not show (card numbers, tokens): masked. */
  maskPattern?: string;
}

export function webTier(args: WebTierArgs) {
  const collector = new collectors.HostedCollector("web", {
    description: `Front door (${args.environment})`,
    category: `${args.environment}/web`,
    timeZone: "UTC",
  });
  const events = new collectors.HttpSource("events", {
    collectorId: collector.id,
    category: `${args.environment}/web/events`,
    filters: [
      { name: "no-health-checks", filterType: "Exclude", regexp: ".*GET /health.*" },
      ...(args.maskPattern === undefined
        ? []
        : [
            { name: "masked", filterType: "Mask" as const, regexp: args.maskPattern, mask: "****" },
          ]),
    ],
  });
  return { collector, events };
}
