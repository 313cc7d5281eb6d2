// Per-object evidence for the invariant matrix: the stack's resources by logical name (from
// `pulumi stack export`), the service path of the object each manages, the requests of the log on
// one object or one collection, what each collection's writes look like on the wire, and the
// service's objects by path (collectors, sources, OpenTelemetry collectors, source templates).
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
 * `/collectors/{collectorId}/sources/{id}` (the plugin's id of a source is `collectorId/id`), or
 * `/otCollectors/{id}` and `/sourceTemplates/{id}` (16-hex ids).
 */
export function objectPath(kind: EntityKind, resource: StateResource): string {
  const id = resource.id.split("/").at(-1);
  if (kind.collection === "sources") {
    return `/collectors/${String(resource.outputs.collectorId)}/sources/${id}`;
  }
  return `/${kind.collection}/${id}`;
}

/** The collection a POST creates the object of this path in (numeric or hex ids alike). */
export const collectionOf = (path: string): string => path.replace(/\/[^/]+$/, "");

/** A logged request's path without the API prefix (the log keeps no query string). */
export const apiPath = (request: LoggedRequest): string => request.path.replace(/^\/api\/v1/, "");

/**
 * The requests on an object that are not on its own path, with the word its summary gets. An OT
 * collector's update is `PUT /otCollectors?id={id}`, and the log keeps no query: a PUT on the
 * collection is the update of the one OT collector the matrix's stack holds (the collection's
 * POST is the read-only search, never a write). A source template is disabled (before a delete)
 * through `/status` and moved to a new version through `/upgrade`.
 */
function otherAddresses(path: string): { path: string; method?: string; label: string }[] {
  const [, collection] = path.split("/");
  if (collection === "otCollectors")
    return [{ path: collectionOf(path), method: "PUT", label: "" }];
  if (collection === "sourceTemplates") {
    return [
      { path: `${path}/status`, label: " status" },
      { path: `${path}/upgrade`, label: " upgrade" },
    ];
  }
  return [];
}

/** Whether a request is on the object at `path`, and the word its summary gets. */
function addressed(request: LoggedRequest, path: string): string | undefined {
  const at = apiPath(request);
  if (at === path) return "";
  return otherAddresses(path).find(
    (a) => a.path === at && (a.method === undefined || a.method === request.method),
  )?.label;
}

/** "PUT 200 If-Match" style summaries of the requests on the object at this path. */
export function requestsOn(requests: readonly LoggedRequest[], path: string): string[] {
  return requests.flatMap((r) => {
    const label = addressed(r, path);
    return label === undefined
      ? []
      : [`${r.method} ${r.status}${r.ifMatch ? " If-Match" : ""}${label}`];
  });
}

/** The requests that write (anything but GET) on the object at this path. */
export const writesOn = (requests: readonly LoggedRequest[], path: string): string[] =>
  requestsOn(requests, path).filter((r) => !r.startsWith("GET "));

/** The writes on none of the objects at `paths`, as "METHOD path status". */
export function writesElsewhere(
  requests: readonly LoggedRequest[],
  paths: readonly string[],
): string[] {
  return requests
    .filter((r) => r.method !== "GET" && !paths.some((path) => addressed(r, path) !== undefined))
    .map((r) => `${r.method} ${apiPath(r)} ${r.status}`);
}

/**
 * What a collection's writes look like in requestsOn's summaries. An update of a collector,
 * source or OT collector is one PUT with the object's ETag; a source template has none (the
 * steps compare its modifiedAt by a GET first) and is updated by a POST on its path. A create
 * answers 201, a source template's 200. A delete answers 200; a source template is disabled
 * first (the service refuses to delete an enabled one), and its DELETE answers 204.
 */
export const WIRE: Readonly<
  Record<EntityKind["collection"], { update: string[]; created: number; deleted: string[] }>
> = {
  collectors: { update: ["PUT 200 If-Match"], created: 201, deleted: ["DELETE 200"] },
  sources: { update: ["PUT 200 If-Match"], created: 201, deleted: ["DELETE 200"] },
  otCollectors: { update: ["PUT 200 If-Match"], created: 201, deleted: ["DELETE 204"] },
  sourceTemplates: {
    update: ["POST 200"],
    created: 200,
    deleted: ["PUT 200 status", "DELETE 204"],
  },
};

/** The collection of an object's path, as the kind table names it. */
export function wireOf(path: string): (typeof WIRE)[EntityKind["collection"]] {
  const [, first, , sub] = path.split("/");
  const collection = sub === "sources" ? "sources" : first;
  if (!collection || !Object.hasOwn(WIRE, collection)) throw new Error(`no collection for ${path}`);
  return WIRE[collection as EntityKind["collection"]];
}

/** Every collector and source on the service by its path, collectors without their sources. */
export function objectsByPath(inventory: readonly InventoryCollector[]): Map<string, Json> {
  const objects = new Map<string, Json>();
  for (const { sources, ...collector } of inventory) {
    objects.set(`/collectors/${collector.id}`, collector);
    for (const source of sources)
      objects.set(`/collectors/${collector.id}/sources/${source.id}`, source);
  }
  return objects;
}

/**
 * Every object on the service by its path: collectors and sources (objectsByPath), OpenTelemetry
 * collectors, and source templates, disabled ones included (a template left disabled is still
 * on the service). Read as the operator, outside Pulumi's log and limits.
 */
export async function serviceObjects(service: Service): Promise<Map<string, Json>> {
  const objects = objectsByPath(await service.inventory());
  const ot = (await service.apiOk("POST", "/otCollectors", { limit: 1000 })).json as {
    data: Json[];
    next?: string;
  };
  if (ot.next) throw new Error("more than 1000 OT collectors: the matrix reads one page");
  for (const collector of ot.data) objects.set(`/otCollectors/${collector.id}`, collector);
  const templates = (await service.apiOk("GET", "/sourceTemplates?showDisabled=true")).json
    .data as Json[];
  for (const template of templates) objects.set(`/sourceTemplates/${template.id}`, template);
  return objects;
}

/** The operator deletes the object at `path` (a source template is disabled first). */
export async function deleteAsOperator(service: Service, path: string): Promise<void> {
  if (path.startsWith("/sourceTemplates/")) {
    await service.apiOk("PUT", `${path}/status`, { status: "disable" });
  }
  await service.apiOk("DELETE", path);
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
