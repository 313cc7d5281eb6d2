// The import invariant's comparison: a resource's inputs after `pulumi import` against the inputs
// the program gave, key by key. Every input the program gave must come back equal, except where
// the kind table says the service cannot show it as given (EXCUSES, each named and printed with
// the cells it excused); inputs only the import has are fields the program left to the service
// (unmanaged: the provider never diffs them), listed apart.
import { type FieldSpec, MASK } from "../../../provider/resources/kinds/fields";
import type { EntityKind } from "../../../provider/resources/kinds/kind";
import { valueAt } from "../../resources/sourceBodies.helpers";
import { differingPaths } from "./evidence";

/** Whether `path` (a dotted path with [i] indexes, from the field) holds a credential. */
function isCredential(kind: EntityKind, path: string): boolean {
  const [field = "", ...rest] = path.replace(/\[\d+\]/g, ".[]").split(".");
  const spec = fieldSpec(kind, field);
  if (!spec) return false;
  if (spec.secret || spec.spread) return true;
  const inner = rest.join(".").replace(/\.\[\]/g, "[]");
  if (spec.secretPaths?.includes(inner)) return true;
  const leaf = rest.at(-1);
  return Boolean(spec.secretKeys && leaf && spec.secretKeys.test(leaf));
}

function fieldSpec(kind: EntityKind, field: string): FieldSpec | undefined {
  return Object.hasOwn(kind.fields, field) ? kind.fields[field] : undefined;
}

interface Difference {
  kind: EntityKind;
  path: string;
  /** The top-level input. */
  field: string;
  given: unknown;
  imported: unknown;
}

export const MASKED = "masked credential";
export const KEEP_INPUT = "keepInput, not shown by the service";
export const ADDED_MEMBER = "member the service adds to a subset field";

/** The differences the kind table explains, by name: the first that applies excuses one. */
export const EXCUSES: Readonly<Record<string, (d: Difference) => boolean>> = {
  // A credential (secret, secretPaths, secretKeys) the import shows as the service's mask, or not
  // at all: the service never returns it.
  [MASKED]: (d) =>
    isCredential(d.kind, d.path) && (d.imported === MASK || d.imported === undefined),
  // The parent control names the same collector: the import writes its id as a string (YAML would
  // write the number as 1.00000001e+08), the program's check made it a number.
  "parent id as a string": (d) =>
    d.field === d.kind.parent && d.given !== undefined && String(d.given) === String(d.imported),
  // keepInput (cutoffRelativeTime): the service does not show the value a create was given.
  [KEEP_INPUT]: (d) => Boolean(fieldSpec(d.kind, d.field)?.keepInput) && d.imported === undefined,
  // A control that is not a service field and not the parent (an InstalledCollector's adopt):
  // the import names the object by its id instead.
  "control, not a service field": (d) =>
    Object.hasOwn(d.kind.controls, d.field) &&
    d.field !== d.kind.parent &&
    d.imported === undefined,
  // subset (schemaRef, config): members the service adds (schemaRef.version, config.name); such a
  // field is compared only in the members the program gave.
  [ADDED_MEMBER]: (d) =>
    Boolean(fieldSpec(d.kind, d.field)?.subset) && d.path !== d.field && d.given === undefined,
};

export interface ImportComparison {
  /** Paths that differ with no excuse: the cell fails. */
  differs: string[];
  /** "path (excuse)" of each difference the table explains. */
  excused: { path: string; excuse: string }[];
  /** Fields only the import has: the program left them to the service. */
  unmanaged: string[];
}

export function compareImported(
  kind: EntityKind,
  given: Record<string, unknown>,
  imported: Record<string, unknown>,
): ImportComparison {
  const result: ImportComparison = { differs: [], excused: [], unmanaged: [] };
  for (const path of differingPaths(given, imported)) {
    const dotted = path.replace(/\[(\d+)\]/g, ".$1");
    const field = dotted.split(".")[0] ?? "";
    const difference: Difference = {
      kind,
      path,
      field,
      given: valueAt(given, dotted),
      imported: valueAt(imported, dotted),
    };
    const excuse = Object.entries(EXCUSES).find(([, applies]) => applies(difference))?.[0];
    if (excuse) result.excused.push({ path, excuse });
    else if (!Object.hasOwn(given, field)) result.unmanaged.push(field);
    else result.differs.push(path);
  }
  return result;
}

/** How `pulumi preview --json` shows a secret value (with `--show-secrets` too). */
export const SHOWN_SECRET = "[secret]";

/** The step's value with each SHOWN_SECRET replaced by `secrets`' value at its path, if any. */
function withSecrets(value: unknown, secrets: unknown): unknown {
  if (value === SHOWN_SECRET) return secrets === undefined ? value : secrets;
  if (Array.isArray(value)) {
    return value.map((v, i) => withSecrets(v, Array.isArray(secrets) ? secrets[i] : undefined));
  }
  if (value !== null && typeof value === "object") {
    const from = secrets !== null && typeof secrets === "object" ? secrets : {};
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        withSecrets(v, (from as Record<string, unknown>)[k]),
      ]),
    );
  }
  return value;
}

/**
 * The leaves a preview step's diff comes down to. The engine names properties (diffReasons, and
 * the keys of the provider's detailedDiff: top-level inputs with this package's plugin, whose
 * Diff names fields, never a path inside one); under each, the paths (`a.b[0].c`) where the
 * inputs the step gives the resource differ from the state's inputs, leaf by leaf. The step shows
 * each secret as SHOWN_SECRET: compared is the value at its path in `secrets` (the same program's
 * inputs on a stack that shows them), or SHOWN_SECRET itself, a difference, where it has none. A
 * named property under which nothing differs comes back as "<path> (no leaf differs)": a change
 * no leaf explains, which no excuse names.
 */
export function changedLeaves(
  named: readonly string[],
  state: Record<string, unknown>,
  inputs: Record<string, unknown>,
  secrets: Record<string, unknown>,
): string[] {
  const given = withSecrets(inputs, secrets);
  return [...new Set(named)].sort().flatMap((path) => {
    const dotted = path.replace(/\[(\d+)\]/g, ".$1");
    const leaves = differingPaths(valueAt(state, dotted), valueAt(given, dotted), path);
    return leaves.length > 0 ? leaves : [`${path} (no leaf differs)`];
  });
}

/**
 * The changed leaves the comparison does not excuse as a masked credential (MASKED: that leaf
 * itself) or as a member the service adds (ADDED_MEMBER: that member or a path under it).
 */
export function unexcusedLeaves(
  leaves: readonly string[],
  excused: ImportComparison["excused"],
): string[] {
  const masked = new Set(excused.filter((e) => e.excuse === MASKED).map((e) => e.path));
  const added = excused.filter((e) => e.excuse === ADDED_MEMBER).map((e) => e.path);
  const underAdded = (leaf: string) =>
    added.some((p) => leaf === p || leaf.startsWith(`${p}.`) || leaf.startsWith(`${p}[`));
  return leaves.filter((leaf) => !masked.has(leaf) && !underAdded(leaf));
}
