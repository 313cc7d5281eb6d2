// The program of test/e2e/lifecycle.test.ts: two Hosted Collectors and four sources, each
// exercising one kind of change. The tests change it through stack config only.
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

const config = new pulumi.Config();

const a = new collectors.HostedCollector("a", {
  description: config.get("description") ?? "first",
  category: config.get("category") ?? "e2e/a",
  timeZone: "UTC",
});
const b = new collectors.HostedCollector("b", { description: "second" });

// An in-place update target, and the source deleted behind Pulumi's back.
const events = new collectors.HttpSource("events", {
  collectorId: a.id,
  category: "e2e/a/events",
  filters: [{ name: "no-health", filterType: "Exclude", regexp: ".*GET /health.*" }],
});

// Changing sourceType replaces it; no explicit name, so the new one is created first.
const flex = new collectors.Source("flex", {
  collectorId: a.id,
  sourceType: config.get("flexType") ?? "HTTP",
  category: "e2e/a/flex",
});

// Changing cutoffRelativeTime replaces it; its explicit name makes the old one go first.
const syslog = new collectors.CloudSyslogSource("syslog", {
  collectorId: a.id,
  name: "syslog",
  cutoffRelativeTime: config.get("syslogCutoff") ?? "-1h",
});

// Changing collectorId replaces it (explicit name: deleted first).
const mover = new collectors.HttpSource("mover", {
  collectorId: config.get("moverOn") === "b" ? b.id : a.id,
  name: "mover",
});

export const aId = a.id;
export const bId = b.id;
export const aName = a.name;
export const bName = b.name;
export const eventsUrl = events.url;
export const syslogToken = syslog.token;
export const flexId = flex.id;
export const moverId = mover.id;
