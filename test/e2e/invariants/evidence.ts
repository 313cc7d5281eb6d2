// Per-object evidence for the invariant matrix: the stack's resources by logical name (from
// `pulumi stack export`), the service path of the object each manages, the requests of the log on
// one path or one collection, and the service's objects by path.
import type { EntityKind } from "../../../provider/resources/kinds/kind";
import { logicalNameOf } from "../../../provider/resources/steps/urn";
import type { Json } from "../../helpers/http";
import type {
  InventoryCollector,
  LoggedRequest,
  PulumiWorkspace,
  Service,
} from "../../helpers/pulumi";

export interface StateResource {
  urn: string;
  name: string;
  id: string;
  inputs: Record<string, Json>;
  outputs: Record<string, Json>;
}

/** What `pulumi stack export` prints, as far as the tests read it. */
export interface Exported {
  deployment: {
    resources?: (StateResource & { type: string; custom?: boolean })[];
    pending_operations?: { type: string; resource: { urn: string } }[];
  };
}

/** `pulumi stack export` (with secrets shown, `showSecrets`), parsed. */
export async function exportOf(
  ws: PulumiWorkspace,
  opts: { showSecrets?: boolean } = {},
): Promise<Exported> {
  const args = ["stack", "export", ...(opts.showSecrets ? ["--show-secrets"] : [])];
  return JSON.parse((await ws.pulumi(args)).stdout) as Exported;
}

/** The stack's own resources (no stack, no provider) by logical name. */
export async function stateOf(
  ws: PulumiWorkspace,
  opts: { showSecrets?: boolean } = {},
): Promise<Map<string, StateResource>> {
  return stateIn(await exportOf(ws, opts));
}

/** stateOf, from an export already read. */
export function stateIn(exported: Exported): Map<string, StateResource> {
  const resources = (exported.deployment.resources ?? []).filter(
    (r) => r.custom && !r.type.startsWith("pulumi:providers:"),
  );
  return new Map(
    resources.map((r) => [
      logicalNameOf(r.urn),
      {
        urn: r.urn,
        name: logicalNameOf(r.urn),
        id: String(r.id),
        inputs: revealed(r.inputs ?? {}),
        outputs: revealed(r.outputs ?? {}),
      },
    ]),
  );
}

/** The engine's mark of a secret value in a checkpoint. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/**
 * The value with each secret that `stack export --show-secrets` shows as `{sig, plaintext}`
 * replaced by its value; encrypted ones (`{sig, ciphertext}`) stay as they are.
 */
function revealed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(revealed) as T;
  if (!isPlainObject(value)) return value;
  if (value[SECRET_SIG] !== undefined && typeof value.plaintext === "string") {
    return revealed(JSON.parse(value.plaintext));
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revealed(v)])) as T;
}

/**
 * Where the service keeps the object a resource manages: `/collectors/{id}`, or
 * `/collectors/{collectorId}/sources/{id}` (the plugin's id of a source is `collectorId/id`).
 */
export function objectPath(kind: EntityKind, resource: StateResource): string {
  const id = resource.id.split("/").at(-1);
  return kind.collection === "collectors"
    ? `/collectors/${id}`
    : `/collectors/${String(resource.outputs.collectorId)}/sources/${id}`;
}

/** The collection a POST creates the object of this path in. */
export const collectionOf = (path: string): string => path.replace(/\/\d+$/, "");

/** A logged request's path without the API prefix. */
export const apiPath = (request: LoggedRequest): string => request.path.replace(/^\/api\/v1/, "");

/** "PUT 200 If-Match" style summaries of the requests on exactly this path. */
export function requestsOn(requests: readonly LoggedRequest[], path: string): string[] {
  return requests
    .filter((r) => apiPath(r) === path)
    .map((r) => `${r.method} ${r.status}${r.ifMatch ? " If-Match" : ""}`);
}

/** The requests that write (anything but GET) on exactly this path. */
export const writesOn = (requests: readonly LoggedRequest[], path: string): string[] =>
  requestsOn(requests, path).filter((r) => !r.startsWith("GET "));

/** Every object on the service by its path, collectors without their sources. */
export function objectsByPath(inventory: readonly InventoryCollector[]): Map<string, Json> {
  const objects = new Map<string, Json>();
  for (const { sources, ...collector } of inventory) {
    objects.set(`/collectors/${collector.id}`, collector);
    for (const source of sources)
      objects.set(`/collectors/${collector.id}/sources/${source.id}`, source);
  }
  return objects;
}

export async function serviceObjects(service: Service): Promise<Map<string, Json>> {
  return objectsByPath(await service.inventory());
}

/**
 * The paths (`a.b[0].c`) where two JSON values differ, without the values themselves: what a
 * failure prints must not hold a credential.
 */
export function differingPaths(a: unknown, b: unknown, path = ""): string[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    const length = Math.max(a.length, b.length);
    return Array.from({ length }, (_, i) => differingPaths(a[i], b[i], `${path}[${i}]`)).flat();
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) => differingPaths(a[key], b[key], path ? `${path}.${key}` : key));
  }
  return Object.is(a, b) ? [] : [path || "(the whole value)"];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
