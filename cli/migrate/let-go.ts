// The hand-off: how the old tool lets go of what the program took over, without deleting anything
// on the service: Terraform's `removed` blocks (1.7 and later, destroy = false) or `terraform
// state rm`, and Pulumi's `pulumi state delete`. Only for what was taken over: an object not
// taken stays the old tool's.
import { shellWord } from "../shared/shell";
import type { Candidate } from "./old-state";

/** `module.app.sumologic_http_source.web["eu"]` → `module.app.sumologic_http_source.web`. */
function resourceOf(address: string): string {
  return address.replace(/\[[^\]]*\]$/, "");
}

/**
 * `removed` blocks for the resources every instance of which was taken over (a block lets go of
 * all of a resource's instances), and the `terraform state rm` line for exactly the taken ones.
 * `addresses`: every address of the state, to tell which resources were taken whole.
 */
export function terraformLetGo(
  taken: readonly Candidate[],
  addresses: readonly string[],
): string[] {
  const takenAddresses = new Set(taken.map((t) => t.from));
  const resources = [...new Set(taken.map((t) => resourceOf(t.from)))];
  const whole = resources.filter((resource) =>
    addresses.filter((a) => resourceOf(a) === resource).every((a) => takenAddresses.has(a)),
  );
  const blocks = whole.flatMap((resource) => [
    "removed {",
    `  from = ${resource}`,
    "  lifecycle {",
    "    destroy = false",
    "  }",
    "}",
  ]);
  const lines = [
    "Hand-off: Terraform lets go of these objects and deletes none of them.",
    "",
    "With Terraform 1.7 or later, replace their resource blocks in the configuration with:",
    "",
    ...blocks.map((line) => `  ${line}`),
    "",
    'then `terraform plan` shows each as "will no longer be managed", and `terraform apply` forgets them.',
  ];
  const partial = resources.filter((resource) => !whole.includes(resource));
  if (partial.length > 0) {
    lines.push(
      "",
      `Not every instance of ${partial.join(", ")} was taken: for those, use \`terraform state rm\` below.`,
    );
  }
  lines.push(
    "",
    "With any Terraform, remove them from the state instead (then delete their blocks):",
    "",
    `  terraform state rm ${[...takenAddresses].map(shellWord).join(" ")}`,
  );
  return lines;
}

/**
 * The order the old stack forgets them in: sources before their collectors, and source templates
 * (whose selector may name an OT collector's output) before OT collectors.
 */
const FORGET_ORDER: Record<Candidate["kind"], number> = {
  source: 0,
  sourceTemplate: 1,
  collector: 2,
  otCollector: 3,
};

/**
 * `pulumi state delete` for each URN taken over, sources before their collectors (the engine refuses
 * to forget a resource something in the state still depends on), and what else depends on them.
 */
export function pulumiLetGo(
  taken: readonly Candidate[],
  dependents: ReadonlyMap<string, readonly string[]>,
): string[] {
  // Stable: within a kind, the state's order.
  const ordered = [...taken].sort((a, b) => FORGET_ORDER[a.kind] - FORGET_ORDER[b.kind]);
  const lines = [
    "Hand-off: the old stack forgets these objects and deletes none of them. In the old",
    "project, with its stack selected (add --force for a protected resource):",
    "",
    ...ordered.map((t) => `  pulumi state delete ${shellWord(t.from)} --yes`),
  ];
  const withDependents = ordered.filter((t) => (dependents.get(t.from) ?? []).length > 0);
  if (withDependents.length > 0) {
    lines.push(
      "",
      "Resources the migration did not take depend on some of them; the engine refuses to forget",
      "those until the dependents are gone from the old program, or forgets the dependents too",
      "with --target-dependents:",
    );
    for (const t of withDependents)
      lines.push(`  ${t.from}: ${(dependents.get(t.from) ?? []).join(", ")}`);
  }
  return lines;
}
