// A fleet of Installed Collectors as code. Each collector registered itself on its host; this
// program takes them over by name, keeps their settings, pins the build they run (changing
// `fleet:version` upgrades or downgrades them, with progress in `pulumi up`), and manages a
// file source on each.
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

const config = new pulumi.Config();
const names = config.requireObject<string[]>("collectors");
const wanted = config.get("version") ?? "latest";
const env = pulumi.getStack();

// "latest" becomes a concrete build when the program runs, so the state (and every preview)
// says which build the fleet runs, and a new release shows up as a planned upgrade.
const version: pulumi.Input<string> =
  wanted === "latest" ? collectors.getUpgradeTargetsOutput().apply(collectors.latest) : wanted;

const fleet = names.map((name) => {
  // Logical names cannot hold spaces or periods; the collector's own name can.
  const logical = name.replace(/[^A-Za-z0-9-]+/g, "-");
  const host = new collectors.InstalledCollector(
    logical,
    {
      adopt: { name },
      category: `${env}/hosts`,
      timeZone: "UTC",
      version,
    },
    // The service ends every upgrade task within 30 minutes; wait at most that long per collector.
    { customTimeouts: { create: "35m", update: "35m" } },
  );
  const syslog = new collectors.LocalFileSource(`${logical}-syslog`, {
    collectorId: host.id,
    name: "syslog",
    pathExpression: "/var/log/syslog",
    category: `${env}/hosts/syslog`,
  });
  return { host, syslog };
});

/** Each collector's name, the build it runs and its source's id. */
export const collectorsRunning = pulumi
  .all(fleet.map(({ host, syslog }) => pulumi.all([host.name, host.collectorVersion, syslog.id])))
  .apply((rows) =>
    Object.fromEntries(rows.map(([name, build, sourceId]) => [name, { build, sourceId }])),
  );
export const targetVersion = version;
