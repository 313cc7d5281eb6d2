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
