// The stack's state with the objects found recorded in it, as Pulumi's troubleshooting guide has
// one do by hand: each pending create whose object was found leaves
// `deployment.pending_operations`, and the resource it recorded joins `deployment.resources` with
// the object's id. Everything else in the export stays as it is: the other pending operations,
// the resources, the manifest, the secrets provider, and every secret as the ciphertext the
// export holds.
import type { Finding } from "./finding";

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The findings whose objects are recorded: found, offered, with an id. */
export function toRecord(findings: readonly Finding[]): (Finding & { id: string })[] {
  return findings.filter(
    (f): f is Finding & { id: string } => f.status === "import" && f.id !== undefined,
  );
}

/**
 * The pending create's resource as a resource of the state. The engine leaves a pending create's
 * outputs empty; the inputs stand in for them until the refresh that follows replaces them with
 * what the service holds. A dynamic-provider resource needs them there: its inputs carry the
 * `__provider` the engine must find in the state to call its provider.
 */
function recorded(resource: Json, id: string): Json {
  const outputs = isRecord(resource.outputs) ? resource.outputs : undefined;
  const hasOutputs = outputs !== undefined && Object.keys(outputs).length > 0;
  return { ...resource, id, outputs: hasOutputs ? outputs : (resource.inputs ?? {}) };
}

/**
 * The export text with the found objects recorded: a new deployment for `pulumi stack import`.
 * `text` is an export parseStackExport has read; a finding to record whose URN is not exactly
 * one pending create's is a mistake upstream (settle offers one object per URN), so it throws.
 */
export function recordFound(text: string, findings: readonly Finding[]): string {
  const ids = new Map(toRecord(findings).map((f) => [f.urn, f.id]));
  const document: unknown = JSON.parse(text);
  const deployment = isRecord(document) ? document.deployment : undefined;
  if (!isRecord(deployment)) throw new Error("recordFound: not a stack export");
  const pending = Array.isArray(deployment.pending_operations) ? deployment.pending_operations : [];
  const kept: unknown[] = [];
  const added: Json[] = [];
  const done = new Set<string>();
  for (const operation of pending) {
    const creating = isRecord(operation) && operation.type === "creating";
    const resource = creating ? operation.resource : undefined;
    const urn = isRecord(resource) && typeof resource.urn === "string" ? resource.urn : undefined;
    const id = urn === undefined ? undefined : ids.get(urn);
    if (!isRecord(resource) || urn === undefined || id === undefined) {
      kept.push(operation);
      continue;
    }
    if (done.has(urn)) throw new Error(`recordFound: two pending creates of ${urn}`);
    done.add(urn);
    added.push(recorded(resource, id));
  }
  const missing = [...ids.keys()].find((urn) => !done.has(urn));
  if (missing !== undefined) throw new Error(`recordFound: no pending create of ${missing}`);
  const resources = Array.isArray(deployment.resources) ? deployment.resources : [];
  // Appended: a resource comes after its parent, provider and dependencies, which the state
  // already held when the engine started the create.
  deployment.resources = [...resources, ...added];
  deployment.pending_operations = kept;
  return `${JSON.stringify(document, null, 4)}\n`;
}
