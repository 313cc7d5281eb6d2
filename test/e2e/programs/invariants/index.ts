// The TypeScript program of test/e2e/invariants.test.ts: every resource of the plan file the test
// writes at each stage (config `planFile`, test/e2e/invariants/samples.ts): collectors first,
// then each source on the collector its `parent` names. The secrets in the samples are plain
// strings, as a careless program would give them: the classes must make them secret.
import { readFileSync } from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

interface Planned {
  kind: string;
  name: string;
  parent?: string;
  args: Record<string, unknown>;
}

type ResourceClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;

const planned = JSON.parse(
  readFileSync(new pulumi.Config().require("planFile"), "utf8"),
) as Planned[];

const made = new Map<string, pulumi.CustomResource>();
for (const { kind, name, parent, args } of planned) {
  const Class = (collectors as unknown as Record<string, ResourceClass>)[kind];
  if (!Class) throw new Error(`pulumi-collectors exports no class ${kind}`);
  const collector = parent === undefined ? undefined : made.get(parent);
  if (parent !== undefined && !collector)
    throw new Error(`${name}: no collector ${parent} before it`);
  made.set(name, new Class(name, collector ? { ...args, collectorId: collector.id } : args));
}

export const resourceCount = made.size;
