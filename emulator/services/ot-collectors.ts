import { fail } from "../errors";
import { checkOptionalIfMatch } from "../model/etag";
import { hexId } from "../model/hex-id";
import {
  compareVersions,
  isOtAlive,
  isUpgradeAvailable,
  OT_LATEST,
  type OtCollectorDoc,
  type OtCollectorRecord,
  otCollectorEtag,
} from "../model/ot-collector";
import { tagsSelect } from "../model/selector";
import type { State } from "../state";
import type { Store } from "../store";
import { parseOtRegistration, parseOtUpdate, serviceTags } from "../validation/ot-collector-body";
import { nextToken, type OtFilters, type OtSearch, parseOtSearch } from "../validation/ot-search";
import { linkedCounter, otCollectorsOf } from "./linking";
import { scheduleOtEphemeralExpiry } from "./timers";

export function saveOtCollector(store: Store, account: string, doc: OtCollectorDoc): void {
  store.put<OtCollectorDoc>({
    kind: "otCollector",
    id: doc.id,
    account,
    parent: null,
    name: doc.name,
    doc,
  });
}

/** The account's OT collector with this id, or 404 (other accounts' ids too). */
export function requireOtCollector(state: State, account: string, id: number): OtCollectorRecord {
  const record = state.store.get<OtCollectorDoc>("otCollector", id);
  if (!record || record.account !== account)
    fail("invalidOtCollector", `No OT collector ${hexId(id)} in this account.`);
  return record;
}

/** Names are unique among an account's OT collectors (`self` may keep its own). */
function ensureUniqueOtName(store: Store, account: string, name: string, self?: number): void {
  const other = store.findByName<OtCollectorDoc>("otCollector", account, null, name);
  if (other && other.id !== self) {
    fail(
      "duplicateName",
      `A resource with the same name exists: OT collector ${hexId(other.id)} is named "${name}".`,
    );
  }
}

/**
 * What an OpenTelemetry collector does when it first connects (control API): it appears in the
 * account, alive, with one heartbeat, made by no user.
 */
export function registerOtCollector(
  state: State,
  account: string,
  by: string,
  body: unknown,
): OtCollectorDoc {
  const input = parseOtRegistration(body);
  const { store, clock } = state;
  const now = clock.now();
  const doc = store.transaction(() => {
    ensureUniqueOtName(store, account, input.name);
    const doc: OtCollectorDoc = {
      id: store.nextId("otCollector"),
      name: input.name,
      description: input.description,
      category: input.category,
      timeZone: input.timeZone,
      tags: input.tags,
      ephemeral: input.ephemeral,
      isRemotelyManaged: input.isRemotelyManaged,
      currentVersion: input.version ?? OT_LATEST,
      systemInfo: input.systemInfo,
      createdAt: now,
      createdBy: by,
      modifiedAt: now,
      modifiedBy: by,
      lastHeartbeat: now,
      autoHeartbeat: input.autoHeartbeat || undefined,
      version: 1,
    };
    saveOtCollector(store, account, doc);
    return doc;
  });
  scheduleOtEphemeralExpiry(state, doc);
  return doc;
}

/** A heartbeat: alive again, and the 12-hour ephemeral countdown restarts. */
export function otHeartbeat(state: State, id: number): { account: string; doc: OtCollectorDoc } {
  const record = state.store.get<OtCollectorDoc>("otCollector", id);
  if (!record) fail("invalidOtCollector", `No OT collector ${hexId(id)}.`);
  const doc = { ...record.doc, lastHeartbeat: state.clock.now() };
  saveOtCollector(state.store, record.account, doc);
  return { account: record.account, doc };
}

/**
 * PUT /otCollectors?id=: only the fields sent change; sent tags replace the user's tags while
 * the service's own (`sumo.disco*`) stay. If-Match is optional; a stale one is a 412.
 */
export function updateOtCollector(
  state: State,
  account: string,
  by: string,
  id: number,
  ifMatch: string | string[] | undefined,
  body: unknown,
): OtCollectorDoc {
  const { store } = state;
  const current = requireOtCollector(state, account, id).doc;
  checkOptionalIfMatch(ifMatch, otCollectorEtag(current));
  const changes = parseOtUpdate(body);
  return store.transaction(() => {
    if (changes.name !== undefined) ensureUniqueOtName(store, account, changes.name, id);
    const { tags, ...rest } = changes;
    const doc: OtCollectorDoc = {
      ...current,
      ...rest,
      tags: tags === undefined ? current.tags : { ...tags, ...serviceTags(current.tags) },
      modifiedAt: state.clock.now(),
      modifiedBy: by,
      version: current.version + 1,
    };
    saveOtCollector(store, account, doc);
    return doc;
  });
}

export function deleteOtCollector(state: State, account: string, id: number): void {
  state.store.delete("otCollector", requireOtCollector(state, account, id).id);
}

/** DELETE /otCollectors/offline: every OT collector of the account not alive, at once. */
export function deleteOfflineOtCollectors(state: State, account: string): number {
  const now = state.clock.now();
  const offline = otCollectorsOf(state, account).filter((doc) => !isOtAlive(doc, now));
  state.store.transaction(() => {
    for (const doc of offline) state.store.delete("otCollector", doc.id);
  });
  return offline.length;
}

export function otTotalCount(state: State, account: string): number {
  return state.store.list("otCollector", account).length;
}

/** The collectors with these exact names, in the order asked; unknown names are left out. */
export function otCollectorsByName(
  state: State,
  account: string,
  names: string[],
): OtCollectorDoc[] {
  const docs = [...new Set(names)].map(
    (name) => state.store.findByName<OtCollectorDoc>("otCollector", account, null, name)?.doc,
  );
  return docs.filter((doc): doc is OtCollectorDoc => doc !== undefined);
}

function inVersionRange(
  doc: OtCollectorDoc,
  range: NonNullable<OtFilters["collectorVersionRange"]>,
) {
  const v = doc.currentVersion;
  const within =
    (range.minVersion === undefined || compareVersions(v, range.minVersion) >= 0) &&
    (range.maxVersion === undefined || compareVersions(v, range.maxVersion) <= 0);
  return range.rangeType === "Outside" ? !within : within;
}

function matchesSearch(doc: OtCollectorDoc, search: string): boolean {
  if (hexId(doc.id) === search.toUpperCase()) return true;
  const needle = search.toLowerCase();
  return [doc.name, doc.description, doc.systemInfo.hostName].some(
    (text) => text?.toLowerCase().includes(needle) ?? false,
  );
}

function matches(
  doc: OtCollectorDoc,
  query: OtSearch,
  now: number,
  linked: (doc: OtCollectorDoc) => number,
): boolean {
  const f = query.filters;
  if (query.search !== undefined && !matchesSearch(doc, query.search)) return false;
  if (f.tags.length > 0 && !tagsSelect(f.tags, doc.tags)) return false;
  if (f.os !== undefined && doc.systemInfo.hostOsName?.toLowerCase() !== f.os.toLowerCase())
    return false;
  if (f.collectorVersionRange && !inVersionRange(doc, f.collectorVersionRange)) return false;
  if (f.alive !== undefined && isOtAlive(doc, now) !== f.alive) return false;
  if (f.isRemotelyManaged !== undefined && doc.isRemotelyManaged !== f.isRemotelyManaged)
    return false;
  if (f.isUpgradeAvailable !== undefined && isUpgradeAvailable(doc) !== f.isUpgradeAvailable)
    return false;
  if (f.hasNoSourceTemplateLinked !== undefined) {
    // "whether the remotely managed OT Collector has no source template linked"
    const none = doc.isRemotelyManaged && linked(doc) === 0;
    if (none !== f.hasNoSourceTemplateLinked) return false;
  }
  return true;
}

const SORTS: Record<OtSearch["sortBy"], (a: OtCollectorDoc, b: OtCollectorDoc) => number> = {
  name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
  lastModified: (a, b) => b.modifiedAt - a.modifiedAt || a.id - b.id,
};

export interface OtSearchPage {
  data: OtCollectorDoc[];
  next?: string;
  count?: number;
}

/** POST /otCollectors: filter, sort, then one page from the `next` token's offset. */
export function searchOtCollectors(state: State, account: string, body: unknown): OtSearchPage {
  const query = parseOtSearch(body);
  const now = state.clock.now();
  const linked = linkedCounter(state, account);
  const found = otCollectorsOf(state, account)
    .filter((doc) => matches(doc, query, now, linked))
    .sort(SORTS[query.sortBy]);
  const end = query.offset + query.limit;
  const page: OtSearchPage = { data: found.slice(query.offset, end) };
  if (end < found.length) page.next = nextToken(end);
  if (query.includeCount) page.count = found.length;
  return page;
}
