// The program every front end runs: 3 Hosted Collectors and N − 3 HTTP sources spread over them,
// so that both front ends send the same requests and their figures compare one to one.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Provider } from "./options";

/** What the program declares besides its sources. */
export const COLLECTORS = 3;

/**
 * The native front end's program: the resources of test/e2e/programs/many (same logical names,
 * categories and generated names), in Pulumi YAML. YAML has no loops, so it is written for N.
 */
function manyYaml(sources: number): string {
  const lines = [
    "name: bench-many-yaml",
    "runtime: yaml",
    "description: Benchmark; the resources of test/e2e/programs/many on the collectors plugin.",
    "resources:",
  ];
  for (let i = 0; i < COLLECTORS; i++) {
    lines.push(`  c${i}:`, "    type: collectors:index:HostedCollector");
    lines.push("    properties:", "      category: many");
  }
  for (let i = 0; i < sources; i++) {
    lines.push(`  s${i}:`, "    type: collectors:index:HttpSource", "    properties:");
    lines.push(`      collectorId: \${c${i % COLLECTORS}.id}`, `      category: many/s${i}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The program's folder for one front end, and the stack config it takes. The dynamic provider
 * runs the end-to-end tests' TypeScript program, sized by its `count` config; the plugin's YAML
 * program is written into `scratch`, a folder the caller removes.
 */
export function programFor(
  provider: Provider,
  resources: number,
  root: string,
  scratch: string,
): { program: string; config: Record<string, string> } {
  const sources = resources - COLLECTORS;
  if (provider === "native") {
    writeFileSync(join(scratch, "Pulumi.yaml"), manyYaml(sources));
    return { program: scratch, config: {} };
  }
  return {
    program: join(root, "test", "e2e", "programs", "many"),
    config: { count: String(sources) },
  };
}
