// A Hosted Collector with an HTTP source and a Cloud Syslog source.
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

const config = new pulumi.Config();
const env = config.get("env") ?? pulumi.getStack();

const web = new collectors.HostedCollector("web", {
  description: `Front door (${env})`,
  category: `${env}/web`,
  timeZone: "UTC",
});

const events = new collectors.HttpSource("events", {
  collectorId: web.id,
  category: `${env}/web/events`,
  filters: [{ name: "no-health-checks", filterType: "Exclude", regexp: ".*GET /health.*" }],
});

const syslog = new collectors.CloudSyslogSource("syslog", {
  collectorId: web.id,
  category: `${env}/web/syslog`,
});

export const collectorId = web.id;
export const collectorName = web.name;
/** Where to POST log lines; a secret, since the URL carries the source's token. */
export const eventsUrl = events.url;
export const syslogSourceId = syslog.id;
