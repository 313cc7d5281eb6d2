// Checks the objects found against the stack's state: one the state already holds under a
// resource of the same type is "held", not imported a second time; one two pending creates both
// found is nobody's for sure (the state would hold it twice); one a resource of another type (the
// other front end) holds is still offered, with a warning. A state holds one live resource per
// URN (`pulumi stack import` refuses two), so a found object whose URN a live resource (or
// another offer) already has is not offered either: which of the two is the resource's cannot be
// told here.
import { IdError } from "../../provider/api/ids";
import { splitSourcePluginId } from "../../provider/plugin/ids";
import { kindNamed } from "../../provider/resources/kinds";
import { logicalNameOf } from "../../provider/resources/steps/urn";
import type { StateResource } from "../shared/stack-export";
import { serviceIdOf } from "./objects";
import { ourType } from "./pending";
import { CLEAR_ADVICE, type Finding } from "./statuses";

type ObjectRef = NonNullable<Finding["object"]>;

const key = (object: ObjectRef) => `${object.collection}/${object.id}`;

/** The object a resource of ours in the state stands for (a plugin source's id is `<c>/<s>`). */
function objectOf(resource: StateResource): ObjectRef | undefined {
  const ours = ourType(resource.type);
  const kind = ours && kindNamed(ours.kindName);
  if (!kind || resource.id === undefined) return undefined;
  try {
    const source = splitSourcePluginId(resource.id);
    const id = source ? String(source.sourceId) : serviceIdOf(kind, resource.id, "id");
    return { collection: kind.collection, id };
  } catch (error) {
    if (error instanceof IdError) return undefined; // no object of the service has such an id
    throw error;
  }
}

function sameObject(resource: StateResource, object: ObjectRef | undefined): boolean {
  const its = objectOf(resource);
  return its !== undefined && object !== undefined && key(its) === key(object);
}

function held(finding: Finding, holder: StateResource): Finding {
  const as = holder.urn === finding.urn ? "this resource" : logicalNameOf(holder.urn);
  return {
    ...finding,
    status: "held",
    note: `found, id ${finding.id}, which the state already holds as ${as}: skipped; ${CLEAR_ADVICE}`,
  };
}

/** The findings with the offers the state rules out turned into "held" or "unresolved". */
export function checkAgainstState(
  findings: Finding[],
  resources: readonly StateResource[],
): Finding[] {
  const checked = findings.map((finding) => {
    if (finding.status !== "import") return finding;
    // The same object under the same type, its id written alike or not (an OT id's case).
    const holder = resources.find(
      (r) => r.type === finding.type && (r.id === finding.id || sameObject(r, finding.object)),
    );
    return holder ? held(finding, holder) : finding;
  });
  const offers = new Map<string, number>();
  const urns = new Map<string, number>();
  for (const { status, object, urn } of checked) {
    if (status !== "import") continue;
    if (object) offers.set(key(object), (offers.get(key(object)) ?? 0) + 1);
    urns.set(urn, (urns.get(urn) ?? 0) + 1);
  }
  return checked.map((finding) => {
    if (finding.status !== "import" || !finding.object) return finding;
    const object = finding.object;
    const sharing = offers.get(key(object)) ?? 0;
    if (sharing > 1) {
      return {
        ...finding,
        status: "unresolved",
        note: `ambiguous: ${sharing} pending creates found the same object (id ${finding.id}); not offered: import it for the one it belongs to by hand`,
      };
    }
    const live = resources.find((r) => r.urn === finding.urn && !r.deleting);
    if (live) {
      return {
        ...finding,
        status: "unresolved",
        note: `found, id ${finding.id}, but the state already has a resource of this URN (id ${live.id ?? "none"}): not offered, as which of the two objects is this resource's cannot be told; ${CLEAR_ADVICE}`,
      };
    }
    const sameUrn = urns.get(finding.urn) ?? 0;
    if (sameUrn > 1) {
      return {
        ...finding,
        status: "unresolved",
        note: `ambiguous: ${sameUrn} pending creates of this URN found objects (this one id ${finding.id}); not offered: import the one it belongs to by hand`,
      };
    }
    const other = resources.find((r) => sameObject(r, object));
    if (!other) return finding;
    return {
      ...finding,
      note: `${finding.note}; warning: the state also holds this object as ${logicalNameOf(other.urn)} (${other.type})`,
    };
  });
}
