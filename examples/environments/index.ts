// One program for every environment: the stack's config says where the service is (deployment
// or endpoint) and how this environment differs (names, categories, time zone, filters).
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

const config = new pulumi.Config();
const prefix = config.require("prefix");
const timeZone = config.get("timeZone") ?? "UTC";
const services = config.requireObject<string[]>("services");
const dropDebug = config.getBoolean("dropDebug") ?? false;

const filters: collectors.SourceFilter[] = [
  {
    name: "mask-card-numbers",
    filterType: "Mask",
    regexp: "(\\d{4}-\\d{4}-\\d{4}-\\d{4})",
    mask: "####",
  },
];
if (dropDebug)
  filters.push({ name: "drop-debug", filterType: "Exclude", regexp: ".*\\bDEBUG\\b.*" });

const apps = new collectors.HostedCollector("apps", {
  name: `${prefix}-apps`,
  description: `Application logs (${prefix})`,
  category: `${prefix}/apps`,
  timeZone,
  fields: { environment: prefix },
});

const endpoints: Record<string, pulumi.Output<string>> = {};
for (const service of services) {
  const source = new collectors.HttpSource(service, {
    collectorId: apps.id,
    name: `${prefix}-${service}`,
    category: `${prefix}/apps/${service}`,
    timeZone,
    filters,
  });
  endpoints[service] = source.url;
}

export const collectorId = apps.id;
export const collectorName = apps.name;
/** Each service's HTTP endpoint (secrets). */
export const urls = endpoints;
