// The small stack of the interruption tests: one Hosted Collector and two HTTP sources on it,
// unnamed as most programs leave them (or named, for the recovery of given names), written for
// either front end: a plan file for the TypeScript program test/e2e/programs/invariants, or a
// Pulumi YAML project on the plugin.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installPlugin } from "../../helpers/plugin";
import { type PulumiWorkspace, program, type Service, workspaceFor } from "../../helpers/pulumi";
import type { Planned } from "../invariants/samples";
import { yamlProgram } from "../invariants/yaml-program";

const FRONT_ENDS = ["TypeScript", "plugin"] as const;
export type FrontEndName = (typeof FRONT_ENDS)[number];

/** The stack's resources: its collector, and this many sources on it. */
export const SOURCES = 2;

/** What the program holds: the whole stack with a category, or nothing. */
export interface Stage {
  category?: string;
  /** Names the program gives (otherwise the provider names them from their URNs). */
  names?: boolean;
}

export const EMPTY: Stage = {};

export function plan(stage: Stage): Planned[] {
  const { category, names } = stage;
  if (category === undefined) return [];
  const named = (name: string) => (names ? { name: `given-${name}` } : {});
  return [
    { kind: "HostedCollector", name: "c", args: { category, ...named("c") } },
    ...Array.from({ length: SOURCES }, (_, i) => ({
      kind: "HttpSource",
      name: `s${i}`,
      parent: "c",
      args: { category: `${category}/s${i}`, ...named(`s${i}`) },
    })),
  ];
}

/** A stack of one front end: its workspace, and how it writes the program of a stage. */
export interface FrontEnd {
  name: FrontEndName;
  ws: PulumiWorkspace;
  write(stage: Stage): void;
  dispose(): void;
}

export async function frontEnd(name: FrontEndName, service: Service): Promise<FrontEnd> {
  if (name === "TypeScript") {
    const ws = await workspaceFor(service, program("invariants"));
    const planFile = join(ws.root, "plan.json");
    await ws.setConfig("planFile", planFile);
    return {
      name,
      ws,
      write: (stage) => writeFileSync(planFile, JSON.stringify(plan(stage))),
      dispose: () => ws.dispose(),
    };
  }
  const project = "e2e-interrupted";
  const dir = mkdtempSync(join(tmpdir(), `${project}-`));
  writeFileSync(join(dir, "Pulumi.yaml"), `name: ${project}\nruntime: yaml\n`);
  const ws = await workspaceFor(service, dir);
  await installPlugin(ws);
  return {
    name,
    ws,
    write: (stage) => writeFileSync(join(ws.dir, "Pulumi.yaml"), yamlProgram(project, plan(stage))),
    dispose: () => {
      ws.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
