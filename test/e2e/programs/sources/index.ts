// The program of test/e2e/sources.test.ts: one source of every typed source class, from the table
// of bodies the resource tests use too (bodies.json: each class's args and collector kind), on a
// Hosted Collector it makes and on the Installed Collector the test registered (config
// `installedId`). The secrets in the bodies are plain strings, as a careless program would give
// them: the classes must make them secret.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

interface Body {
  collector: "Hosted" | "Installed";
  args: Record<string, unknown>;
}

const config = new pulumi.Config();
const installedId = config.requireNumber("installedId");
const bodies = JSON.parse(readFileSync(join(__dirname, "bodies.json"), "utf8")) as Record<
  string,
  Body
>;

const hosted = new collectors.HostedCollector("cloud", { category: "e2e/sources" });

type SourceClass = new (name: string, args: Record<string, unknown>) => collectors.LocalFileSource;

const sources = Object.entries(bodies).map(([kind, body]) => {
  const Class = (collectors as unknown as Record<string, SourceClass>)[kind];
  if (!Class) throw new Error(`pulumi-collectors exports no class ${kind}`);
  return new Class(kind, {
    collectorId: body.collector === "Hosted" ? hosted.id : installedId,
    ...body.args,
  });
});

export const hostedId = hosted.id;
export const sourceCount = sources.length;
export const sourceNames = sources.map((s) => s.name);
