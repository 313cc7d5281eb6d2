// Sources on an Installed Collector: the collector runs on a host (installed there, not created
// by Pulumi); the program finds it by name and manages what it collects.
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

const config = new pulumi.Config();
const host = collectors.getCollectorOutput({ name: config.get("collectorName") ?? "web-01.prod" });

const appLogs = new collectors.LocalFileSource("app-logs", {
  collectorId: host.id,
  category: "prod/web/app",
  pathExpression: "/var/log/app/*.log",
  denylist: ["/var/log/app/*.gz"],
});

const metrics = new collectors.SystemStatsSource("host-metrics", {
  collectorId: host.id,
  category: "prod/web/metrics",
  interval: 60_000,
});

const syslog = new collectors.SyslogSource("syslog", {
  collectorId: host.id,
  category: "prod/web/syslog",
  protocol: "UDP",
  port: 514,
});

export const collectorId = host.id;
export const collectorVersion = host.collectorVersion;
export const sourceIds = [appLogs.id, metrics.id, syslog.id];
