// The program of test/e2e/scale.test.ts: `count` HTTP sources (default 60) spread over three
// Hosted Collectors. Names are generated (logical name + random suffix), so a create that was
// retried into a second object would show up as a duplicate rather than a name clash.
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

const config = new pulumi.Config();
const count = config.getNumber("count") ?? 60;

const hosts = [0, 1, 2].map((i) => new collectors.HostedCollector(`c${i}`, { category: "many" }));
const sources = Array.from(
  { length: count },
  (_, i) =>
    new collectors.HttpSource(`s${i}`, {
      collectorId: (hosts[i % hosts.length] as collectors.HostedCollector).id,
      category: `many/s${i}`,
    }),
);

export const collectorIds = hosts.map((h) => h.id);
export const sourceCount = sources.length;
