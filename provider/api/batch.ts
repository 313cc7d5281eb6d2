// Batched reads. The service allows 4 requests a second, and a Pulumi refresh reads every
// resource (twice: in its preview and in the refresh), so reads are coalesced per client:
//
// - Reads of one collector's sources that arrive within a short window become one
//   `GET /collectors/{id}/sources`; collector reads become `GET /collectors?filter=…` (paged),
//   or one GET by id when a collector is alone in its batch and no list of its group has come
//   back in one page yet (a GET is one request and carries the ETag; a list of a large fleet
//   takes several). Once one has, a list costs a lone read the same one request, and it serves
//   the other collectors read after it: a refresh's pass reads its C collectors in one request
//   however far apart their reads arrive. A batch stays open past its window until its request
//   may start (the client's pacer gives it a start slot): under the rate limit that wait is up to
//   one interval, longer behind other requests, and reads arriving meanwhile join it at no cost.
// - A list's answer then serves, for `reuseMs`, the reads that come after it, each object once:
//   the engine reads at most its --parallel resources at a time (4 per CPU by default), so
//   without this a window would never hold more than a handful of reads. A second read of the
//   same object (the next read phase) lists again; so does any write through the client to that
//   collector or its sources (what was listed before a write is not taken as current after it).
// - An object missing from a successful list is read by id: only the service's 404 for it says it
//   is gone, exactly as without batching (a list paged by offset while collectors come and go can
//   skip one; a vanished object costs one GET more). The service's 404 for the collector of a
//   source list says all its sources are gone, as a GET of each would. A failed list fails every
//   read it serves, with its error: none is dropped, none is taken for gone.
//
// Listed objects come without an ETag (only single-entity answers carry one): the caller decides
// whether what it knew is still current (read.ts keeps the state's ETag when the object is
// exactly as the state last saw it) or reads the object once for a fresh tag.
import type { CollectorsClient } from "./client";
import { COLLECTOR_PAGE_SIZE } from "./collectors";
import { isGone } from "./errors";
import type { RequestOptions } from "./http";
import type { Collector, CollectorFilter } from "./schemas/collector";
import type { Source } from "./schemas/source";
import type { StartSlot } from "./throttle";

export interface BatchOptions {
  /**
   * How long the first read of a group waits for others to join it (ms), before its request asks
   * the pacer for a start slot; default 5.
   */
  windowMs?: number;
  /** How long a list's answer serves later reads, each object once (ms); default 60 000. */
  reuseMs?: number;
  /** Milliseconds now; default Date.now. */
  now?: () => number;
}

export const DEFAULT_BATCH: Readonly<Required<Omit<BatchOptions, "now">>> = Object.freeze({
  windowMs: 5,
  reuseMs: 60_000,
});

/**
 * What a read found: the object, with its ETag when a single GET read it. A read of an object
 * the service says is gone rejects with the service's 404 for it, as the single GET would.
 */
export type Read<T> = { entity: T; etag: string | undefined };

/** A list's answer: the objects by id. */
interface Listing<T> {
  items: T[];
  byId: Map<string, T>;
  /** The service's 404 for the collector of a source list: everything of the group is gone. */
  gone?: unknown;
  /** The whole list came in one page. */
  onePage?: boolean;
}

interface Snapshot<T> extends Listing<T> {
  at: number;
  generation: number;
  /** forgetListedReads() calls when it was taken. */
  epoch: number;
  /** Ids already answered from it: a second read of one lists again. */
  served: Set<string>;
}

interface Waiter<T> {
  /** The object wanted, or undefined for the whole list. */
  id: string | undefined;
  resolve(value: Read<T> | Listing<T>): void;
  reject(error: unknown): void;
}

/** How one group's objects are read: by a list, or one by id; `slot` starts the request. */
interface GroupSource<T> {
  list(ids: ReadonlySet<string>, slot?: StartSlot): Promise<Listing<T>>;
  get(id: string, slot?: StartSlot): Promise<{ entity: T; etag: string | undefined }>;
  /** A single read alone in its batch uses get() instead of a list, until a list is one page. */
  singleWhenAlone: boolean;
  /** The signal of the read that opened the batch. */
  signal: AbortSignal | undefined;
}

class Group<T> {
  snapshot: Snapshot<T> | undefined;
  inFlight: Promise<unknown> | undefined;
  /** The open batch: reads waiting for its request to start. */
  pending: Waiter<T>[] = [];
  /** The open batch's request is scheduled (its window, then a start slot). */
  opened = false;
  /** Bumped by every write to the group's objects. */
  generation = 0;
  /**
   * The epoch (forgetListedReads) in which the group's last list came in one page: a list then
   * costs what a GET does. Undefined when it took more.
   */
  onePageEpoch: number | undefined;
}

const idOf = (item: { id?: unknown }): string | undefined =>
  item.id === undefined || item.id === null ? undefined : String(item.id);

function listing<T extends { id?: unknown }>(items: T[], gone?: unknown): Listing<T> {
  const byId = new Map<string, T>();
  for (const item of items) {
    const id = idOf(item);
    if (id !== undefined) byId.set(id, item);
  }
  return { items, byId, gone };
}

export class ReadBatcher {
  readonly #client: CollectorsClient;
  readonly #options: Required<BatchOptions>;
  readonly #groups = new Map<string, Group<unknown>>();

  constructor(client: CollectorsClient, options: BatchOptions = {}) {
    this.#client = client;
    this.#options = {
      windowMs: options.windowMs ?? DEFAULT_BATCH.windowMs,
      reuseMs: options.reuseMs ?? DEFAULT_BATCH.reuseMs,
      now: options.now ?? Date.now,
    };
    client.onWrite((path) => this.#written(path));
  }

  /** A collector by id; `filter` (its type) narrows the list it may be read from. */
  collector(
    id: number | string,
    filter?: Extract<CollectorFilter, "hosted" | "installed">,
    req: RequestOptions = {},
  ): Promise<Read<Collector>> {
    return this.#read(`collectors|${filter ?? "all"}`, this.#collectorSource(filter, req), id);
  }

  /** A source of a collector by id. */
  source(
    collectorId: number | string,
    id: number | string,
    req: RequestOptions = {},
  ): Promise<Read<Source>> {
    return this.#read(sourceGroup(collectorId), this.#sourceSource(collectorId, req), id);
  }

  /**
   * The source of this name on the collector, as listed (no ETag), or undefined. A recent list
   * answers when it has the name; otherwise (or when it lacks it) the collector's sources are
   * listed again, together with the other reads waiting for them.
   */
  async sourceNamed(
    collectorId: number | string,
    name: string,
    req: RequestOptions = {},
  ): Promise<Source | undefined> {
    const key = sourceGroup(collectorId);
    const group = this.#group<Source>(key);
    const fresh = this.#fresh(group);
    const hit = fresh?.items.find((source) => source.name === name);
    if (hit) return hit;
    const all = await this.#enqueue(group, this.#sourceSource(collectorId, req), undefined);
    return (all as Listing<Source>).items.find((source) => source.name === name);
  }

  #group<T>(key: string): Group<T> {
    let group = this.#groups.get(key) as Group<T> | undefined;
    if (!group) {
      group = new Group<T>();
      this.#groups.set(key, group as Group<unknown>);
    }
    return group;
  }

  /** The group's last list answer, if it may still serve reads. */
  #fresh<T>(group: Group<T>): Snapshot<T> | undefined {
    const s = group.snapshot;
    if (!s) return undefined;
    if (
      s.generation !== group.generation ||
      s.epoch !== epoch ||
      this.#options.now() - s.at > this.#options.reuseMs
    ) {
      group.snapshot = undefined;
      return undefined;
    }
    return s;
  }

  /**
   * Answers from the last list (an object missing from it is read by id), or undefined when it
   * cannot: no list, too old, or this object already answered from it.
   */
  #fromSnapshot<T>(
    group: Group<T>,
    source: GroupSource<T>,
    id: string,
  ): Promise<Read<T>> | undefined {
    const s = this.#fresh(group);
    if (!s || s.served.has(id)) return undefined;
    s.served.add(id);
    return answerFrom(s, source, id);
  }

  async #read<T>(key: string, source: GroupSource<T>, rawId: number | string): Promise<Read<T>> {
    const id = String(rawId);
    const group = this.#group<T>(key);
    const served = this.#fromSnapshot(group, source, id);
    if (served) return served;
    // A list on its way: its answer is as recent as a new one would be for this read's purpose
    // (it was asked for a moment ago); wait for it, then try it before listing again.
    if (group.inFlight) {
      const generation = group.generation;
      await group.inFlight.catch(() => undefined);
      if (group.generation === generation) {
        const after = this.#fromSnapshot(group, source, id);
        if (after) return after;
      }
    }
    return (await this.#enqueue(group, source, id)) as Read<T>;
  }

  #enqueue<T>(
    group: Group<T>,
    source: GroupSource<T>,
    id: string | undefined,
  ): Promise<Read<T> | Listing<T>> {
    return new Promise((resolve, reject) => {
      group.pending.push({ id, resolve, reject });
      if (group.opened) return;
      group.opened = true;
      setTimeout(() => void this.#close(group, source), this.#options.windowMs);
    });
  }

  /** Closes the open batch once its request may start, and sends it with that start slot. */
  async #close<T>(group: Group<T>, source: GroupSource<T>): Promise<void> {
    let slot: StartSlot | { error: unknown };
    try {
      slot = await this.#client.takeStartSlot(source.signal);
    } catch (error) {
      slot = { error };
    }
    group.opened = false;
    const waiters = group.pending;
    group.pending = [];
    if ("error" in slot) {
      for (const w of waiters) w.reject(slot.error);
      return;
    }
    await this.#flush(group, source, waiters, slot);
  }

  async #flush<T>(
    group: Group<T>,
    source: GroupSource<T>,
    waiters: Waiter<T>[],
    slot: StartSlot,
  ): Promise<void> {
    const ids = new Set<string>();
    let whole = false;
    for (const w of waiters) {
      if (w.id === undefined) whole = true;
      else ids.add(w.id);
    }
    if (!whole && ids.size === 1 && source.singleWhenAlone && group.onePageEpoch !== epoch) {
      const id = [...ids][0] as string;
      let result: { read: Read<T> } | { error: unknown };
      try {
        result = { read: await source.get(id, slot) };
      } catch (error) {
        result = { error };
      }
      for (const w of waiters) {
        if ("error" in result) w.reject(result.error);
        else w.resolve(result.read);
      }
      return;
    }
    const generation = group.generation;
    const listed = source.list(ids, slot);
    group.inFlight = listed;
    let answer: Listing<T>;
    try {
      answer = await listed;
    } catch (error) {
      // A failed list fails every read it serves; none is dropped.
      for (const w of waiters) w.reject(error);
      return;
    } finally {
      if (group.inFlight === listed) group.inFlight = undefined;
    }
    group.onePageEpoch = answer.onePage ? epoch : undefined;
    if (group.generation === generation) {
      group.snapshot = {
        ...answer,
        at: this.#options.now(),
        generation,
        epoch,
        served: new Set(ids),
      };
    }
    for (const w of waiters) {
      if (w.id === undefined) {
        w.resolve(answer);
        continue;
      }
      answerFrom(answer, source, w.id).then(w.resolve, w.reject);
    }
  }

  #collectorSource(
    filter: CollectorFilter | undefined,
    req: RequestOptions,
  ): GroupSource<Collector> {
    const api = this.#client.collectors;
    return {
      singleWhenAlone: true,
      signal: req.signal,
      get: async (id, startSlot) => {
        const r = await api.get(id, { ...req, startSlot });
        return { entity: r.collector, etag: r.etag };
      },
      list: async (ids, startSlot) => {
        // Page until every wanted collector is found (at a page's end) or the list ends.
        const items: Collector[] = [];
        const missing = new Set(ids);
        for await (const c of api.iterate(filter ? { filter } : {}, { ...req, startSlot })) {
          items.push(c);
          missing.delete(String(c.id));
          if (missing.size === 0 && items.length % COLLECTOR_PAGE_SIZE === 0) break;
        }
        return { ...listing(items), onePage: items.length < COLLECTOR_PAGE_SIZE };
      },
    };
  }

  #sourceSource(collectorId: number | string, req: RequestOptions): GroupSource<Source> {
    const api = this.#client.sources;
    return {
      singleWhenAlone: false,
      signal: req.signal,
      get: async (id, startSlot) => {
        const r = await api.get(collectorId, id, {}, { ...req, startSlot });
        return { entity: r.source, etag: r.etag };
      },
      list: async (_ids, startSlot) => {
        try {
          return listing(await api.list(collectorId, {}, { ...req, startSlot }));
        } catch (error) {
          // The service's 404 for the collector: it is gone, and its sources with it.
          if (isGone(error)) return listing([], error);
          throw error;
        }
      },
    };
  }

  /**
   * A write under /collectors: earlier list answers about what it touched are not current. A
   * collector created, written, deleted or upgraded touches the collector lists; a source write
   * its collector's source list; an offline delete both. Other writes (search jobs) touch none.
   */
  #written(path: string): void {
    const match = /^\/collectors\/(\d+)(\/sources)?/.exec(path);
    const offline = path.startsWith("/collectors/offline");
    for (const [key, group] of this.#groups) {
      const affected = key.startsWith("collectors|")
        ? match
          ? !match[2]
          : path.startsWith("/collectors")
        : match
          ? key === sourceGroup(match[1] as string)
          : offline;
      if (affected) {
        group.snapshot = undefined;
        group.generation++;
      }
    }
  }
}

/** An object as a list shows it; one missing from it is read by id (the service's 404: gone). */
async function answerFrom<T>(
  listed: Listing<T>,
  source: GroupSource<T>,
  id: string,
): Promise<Read<T>> {
  const entity = listed.byId.get(id);
  if (entity !== undefined) return { entity, etag: undefined };
  if (listed.gone !== undefined) throw listed.gone;
  return source.get(id);
}

let epoch = 0;

/**
 * Every batcher forgets its list answers and their sizes (tests that reset the service;
 * resetSharedState).
 */
export function forgetListedReads(): void {
  epoch++;
}

const sourceGroup = (collectorId: number | string) => `sources|${String(collectorId)}`;

const batchers = new WeakMap<CollectorsClient, ReadBatcher>();

/** The batcher of a client (one per client, so per credential and address), made on first use. */
export function batcherFor(client: CollectorsClient, options: BatchOptions = {}): ReadBatcher {
  let batcher = batchers.get(client);
  if (!batcher) {
    batcher = new ReadBatcher(client, options);
    batchers.set(client, batcher);
  }
  return batcher;
}
