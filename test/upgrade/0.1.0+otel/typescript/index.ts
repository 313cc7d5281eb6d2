// The TypeScript program of the recorded upgrade states: scripts/fixtures/record-states.ts copies it, with
// the source bodies (test/e2e/programs/sources/bodies.json), into test/upgrade/<version>/
// typescript/ and runs it there; that copy stays as it was, as a user's program does when they
// upgrade the package. A resource of every kind: a Hosted Collector, the Installed Collector the
// recorder registered (adopted, with a `version` to run), a generic Source, the OpenTelemetry
// collector the recorder registered (adopted, with tags) and a source template selecting it by
// them (both from otel.json, written by the recorder), and one source of each typed class on the collector
// kind its body names. The AWS key of the S3 source is secret config; `description` is the one
// setting the upgrade test changes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

interface Body {
  collector: "Hosted" | "Installed";
  args: Record<string, unknown>;
}

const config = new pulumi.Config();
const bodies = JSON.parse(readFileSync(join(__dirname, "bodies.json"), "utf8")) as Record<
  string,
  Body
>;

const hosted = new collectors.HostedCollector("hosted", {
  description: config.get("description") ?? "Recorded for the upgrade tests.",
  category: "upgrade/hosted",
});
const installed = new collectors.InstalledCollector("installed", {
  adopt: { name: config.require("installedName") },
  category: "upgrade/installed",
  version: config.require("installedVersion"),
});
const generic = new collectors.Source("generic", {
  collectorId: hosted.id,
  sourceType: "HTTP",
  category: "upgrade/generic",
});
const otel = JSON.parse(readFileSync(join(__dirname, "otel.json"), "utf8")) as {
  tags: Record<string, string>;
  template: collectors.SourceTemplateArgs;
};
const ot = new collectors.OtCollector("ot", {
  adopt: { name: config.require("otName") },
  category: "upgrade/ot",
  tags: otel.tags,
});
const template = new collectors.SourceTemplate("template", otel.template);

/** The S3 source's body with the AWS key from the stack's secret config. */
function withAwsKey(args: Record<string, unknown>): Record<string, unknown> {
  const ref = args.thirdPartyRef as { resources: { authentication: Record<string, unknown> }[] };
  const awsKey = config.requireSecret("awsSecretKey");
  return {
    ...args,
    thirdPartyRef: {
      ...ref,
      resources: ref.resources.map((r) => ({
        ...r,
        authentication: { ...r.authentication, awsKey },
      })),
    },
  };
}

type SourceClass = new (name: string, args: Record<string, unknown>) => collectors.LocalFileSource;

const typed = Object.entries(bodies).map(([kind, body]) => {
  const Class = (collectors as unknown as Record<string, SourceClass>)[kind];
  if (!Class) throw new Error(`pulumi-collectors exports no class ${kind}`);
  return new Class(kind, {
    collectorId: body.collector === "Hosted" ? hosted.id : installed.id,
    ...(kind === "S3Source" ? withAwsKey(body.args) : body.args),
  });
});

export const hostedId = hosted.id;
export const installedVersion = installed.collectorVersion;
export const genericId = generic.id;
export const otId = ot.id;
export const templateId = template.id;
export const sourceCount = typed.length + 1;
