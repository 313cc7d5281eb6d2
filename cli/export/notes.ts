// What the export tells the user about the project it wrote, in the same words at the top of
// index.ts and in the summary it prints: what the first `pulumi up` writes, what `pulumi destroy`
// will and will not do, and how to let go of an object without deleting it.
import { plural } from "../shared/table";
import type { ExportPlan } from "./plan";

/** The objects the first `pulumi up` writes: those with a secret the service hides. */
function maskedOwners(plan: ExportPlan): string[] {
  return [...new Set(plan.secrets.filter((s) => s.value === undefined).map((s) => s.owner))];
}

/** What the first `pulumi up` does. */
export function firstUpNote(plan: ExportPlan): string {
  const writes = maskedOwners(plan).length;
  const puts =
    writes === 0
      ? "and writes nothing"
      : `and sends one PUT for each of the ${plural(writes, "object")} whose credential the ` +
        "service shows masked: no read can confirm that the value you set is the one it holds, " +
        "so it is written once";
  return (
    "The first `pulumi up` adopts every object: one GET each, nothing created or deleted, " +
    `${puts}. After it, \`pulumi preview --expect-no-changes\` passes.`
  );
}

const INSTALLED_RETAINED =
  "Installed Collectors are retained on delete (InstalledCollector's default: the API cannot " +
  "create one again), so whatever releases one from the stack leaves it registered on the " +
  "service; give one `retainOnDelete: false` to let Pulumi delete it.";

/** What `pulumi destroy` will and will not do, and how to release objects. */
export function destroyNotes(protect: boolean): string[] {
  if (protect) {
    return [
      "`pulumi destroy` deletes nothing: every resource here is protected (`protect: true`), so " +
        "destroy, or removing a resource from this program, fails before any object is deleted. " +
        INSTALLED_RETAINED,
      "To stop managing an object and keep it on the service: `pulumi state delete --force " +
        "'<urn>'` (add `--target-dependents` for a collector with its sources), then remove its " +
        "declaration. To let `pulumi destroy` delete: `pulumi state unprotect --all` (or one " +
        "'<urn>'), then `pulumi destroy`; remove their `protect: true` here too, or the next " +
        "`pulumi up` protects them again. `pulumi stack --show-urns` lists the URNs.",
    ];
  }
  return [
    "`pulumi destroy`, or removing a resource from this program, deletes its object from the " +
      "service (exported with --no-protect: nothing here is protected), except Installed " +
      `Collectors. ${INSTALLED_RETAINED}`,
    "To stop managing an object and keep it on the service: `pulumi state delete '<urn>'` (add " +
      "`--target-dependents` for a collector with its sources), then remove its declaration. " +
      "`pulumi stack --show-urns` lists the URNs.",
  ];
}
