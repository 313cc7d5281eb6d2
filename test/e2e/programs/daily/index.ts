// The program of test/e2e/daily.test.ts: what a user's first program looks like — a Hosted
// Collector with two sources, and a file source on an Installed Collector found by a look-up.
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

const config = new pulumi.Config();

const web = new collectors.HostedCollector("web", { category: "daily/web", timeZone: "UTC" });
const events = new collectors.HttpSource("events", {
  collectorId: web.id,
  category: "daily/events",
});
const syslog = new collectors.CloudSyslogSource("syslog", { collectorId: web.id });

const host = collectors.getCollectorOutput({ name: config.require("installedName") });
const appLogs = new collectors.LocalFileSource("app-logs", {
  collectorId: host.id,
  pathExpression: "/var/log/app/*.log",
});

export const webId = web.id;
export const eventsUrl = events.url;
export const syslogToken = syslog.token;
export const appLogsId = appLogs.id;
