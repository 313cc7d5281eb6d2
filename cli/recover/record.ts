// The stack's state with the objects found recorded in it, as Pulumi's troubleshooting guide has
// one do by hand: each pending create whose object was found leaves
// `deployment.pending_operations`, and the resource it was creating joins `deployment.resources`
// with the object's id. Everything else in the export stays as it is: the other pending operations,
// the resources, the manifest, the secrets provider, and every secret as the ciphertext the
// export holds.
import { isObject } from "../../provider/resources/kinds/fields";
import type { StackExport } from "../shared/stack-export";
import { type Finding, STATUSES } from "./statuses";

type Json = Record<string, unknown>;

/** The findings whose objects are recorded: found, offered, with an id. */
export function toRecord(findings: readonly Finding[]): (Finding & { id: string })[] {
  return findings.filter(
    (f): f is Finding & { id: string } => STATUSES[f.status].recorded && f.id !== undefined,
  );
}

/**
 * The pending create's resource as a resource of the state. The engine leaves a pending create's
 * outputs empty; its inputs stand in for them until the refresh that follows replaces them with
 * what the service holds. A dynamic-provider resource needs them there: its inputs carry the
 * `__provider` the engine must find in the state to call its provider.
 */
function recorded(resource: Json, id: string): Json {
  const outputs = isObject(resource.outputs) ? resource.outputs : undefined;
  const hasOutputs = outputs !== undefined && Object.keys(outputs).length > 0;
  return { ...resource, id, outputs: hasOutputs ? outputs : (resource.inputs ?? {}) };
}

/**
 * The stack's state with the found objects recorded: a new deployment for `pulumi stack
 * import`, as text. A finding to record whose URN is not exactly one pending create's is a
 * mistake upstream (the state check offers one object per URN), so it throws.
 */
export function recordFound(exported: StackExport, findings: readonly Finding[]): string {
  const ids = new Map(toRecord(findings).map((f) => [f.urn, f.id]));
  const { document } = exported;
  const kept: unknown[] = [];
  const added: Json[] = [];
  const done = new Set<string>();
  exported.pending.forEach((operation, index) => {
    const id = operation.operation === "creating" ? ids.get(operation.urn) : undefined;
    if (id === undefined) {
      kept.push(document.deployment.pending_operations[index]);
      return;
    }
    if (done.has(operation.urn)) {
      throw new Error(`recordFound: two pending creates of ${operation.urn}`);
    }
    done.add(operation.urn);
    added.push(recorded(operation.resource, id));
  });
  const missing = [...ids.keys()].find((urn) => !done.has(urn));
  if (missing !== undefined) throw new Error(`recordFound: no pending create of ${missing}`);
  // Appended: a resource comes after its parent, provider and dependencies, which the state
  // already held when the engine started the create.
  const deployment = {
    ...document.deployment,
    resources: [...document.deployment.resources, ...added],
    pending_operations: kept,
  };
  return `${JSON.stringify({ ...document, deployment }, null, 4)}\n`;
}
