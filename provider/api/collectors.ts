// Spec 4.1 (docs/reference/service/collector-management-api.md): Collectors.
import { InputError, isGone } from "./errors";
import type { RequestOptions, Transport } from "./http";
import { collectorNamePath, idSegment, isNameLookupSupported } from "./names";
import { checkPaging, type PageOptions, paginate } from "./paging";
import {
  COLLECTOR_FILTERS,
  type Collector,
  type CollectorFilter,
  type CollectorUpdate,
  collectorEnvelope,
  collectorListEnvelope,
  collectorUpdateSchema,
  type HostedCollectorInput,
  hostedCollectorInputSchema,
} from "./schemas/collector";
import { checkInput, parseResponse } from "./validate";

/** Spec 8 (docs/reference/service/collector-management-api.md): default `limit` of the collector lists. */
export const COLLECTOR_PAGE_SIZE = 1000;
/** Spec 8 (docs/reference/service/collector-management-api.md): default and minimum of `aliveBeforeDays`. */
export const DEFAULT_ALIVE_BEFORE_DAYS = 100;

export interface CollectorWithEtag {
  collector: Collector;
  /** Entity tag, quoted as received; pass it to update(). */
  etag: string | undefined;
}

export interface ListCollectorsOptions {
  filter?: CollectorFilter;
  limit?: number;
  offset?: number;
}

export interface OfflineOptions {
  /** Installed Collectors last seen alive more than this many days ago; default 100, minimum 1. */
  aliveBeforeDays?: number;
}

function checkFilter(filter: string | undefined): void {
  if (filter !== undefined && !(COLLECTOR_FILTERS as readonly string[]).includes(filter)) {
    throw new InputError(
      "filter",
      `filter must be one of ${COLLECTOR_FILTERS.join(", ")}, got ${JSON.stringify(filter)}`,
    );
  }
}

function checkAliveBeforeDays(days: number | undefined): void {
  if (days !== undefined && !(Number.isSafeInteger(days) && days >= 1)) {
    throw new InputError("aliveBeforeDays", `aliveBeforeDays must be an integer ≥ 1, got ${days}`);
  }
}

export class CollectorsApi {
  constructor(private readonly http: Transport) {}

  /** One page of Collectors. */
  async list(options: ListCollectorsOptions = {}, req: RequestOptions = {}): Promise<Collector[]> {
    checkFilter(options.filter);
    checkPaging(options.limit, options.offset);
    const res = await this.http.send({
      method: "GET",
      path: "/collectors",
      query: { filter: options.filter, limit: options.limit, offset: options.offset },
      ...req,
    });
    return parseResponse(collectorListEnvelope, res, "GET").collectors;
  }

  /** Every Collector, page by page. */
  iterate(
    options: { filter?: CollectorFilter } & PageOptions = {},
    req: RequestOptions = {},
  ): AsyncGenerator<Collector, void, undefined> {
    checkFilter(options.filter);
    return paginate(
      (limit, offset) => this.list({ filter: options.filter, limit, offset }, req),
      COLLECTOR_PAGE_SIZE,
      options,
      "/collectors",
    );
  }

  /** One Collector by id, with its ETag (for update()). */
  async get(id: number | string, req: RequestOptions = {}): Promise<CollectorWithEtag> {
    const res = await this.http.send({
      method: "GET",
      path: `/collectors/${idSegment(id, "id")}`,
      ...req,
    });
    return { collector: parseResponse(collectorEnvelope, res, "GET").collector, etag: res.etag };
  }

  /**
   * Look-up by name. Spaces and periods work; names with ; / % or \ are refused before any
   * request (the service cannot look them up): use findByName() for those.
   */
  async getByName(name: string, req: RequestOptions = {}): Promise<CollectorWithEtag> {
    const res = await this.http.send({
      method: "GET",
      path: collectorNamePath(name),
      ...req,
    });
    return { collector: parseResponse(collectorEnvelope, res, "GET").collector, etag: res.etag };
  }

  /**
   * Like getByName(), but undefined when there is no such Collector (the service's 404 for an
   * unknown collector; any other 404 is thrown), and it works for every name: names the service
   * cannot look up are found by scanning the list (then read by id).
   */
  async findByName(name: string, req: RequestOptions = {}): Promise<CollectorWithEtag | undefined> {
    if (isNameLookupSupported(name)) {
      try {
        return await this.getByName(name, req);
      } catch (error) {
        if (isGone(error)) return undefined;
        throw error;
      }
    }
    for await (const collector of this.iterate({}, req)) {
      if (collector.name === name) return this.get(collector.id, req);
    }
    return undefined;
  }

  /** Creates a Hosted Collector (the only kind the API creates). */
  async create(body: HostedCollectorInput, req: RequestOptions = {}): Promise<CollectorWithEtag> {
    const collector = checkInput(hostedCollectorInputSchema, body, "collector");
    const res = await this.http.send({
      method: "POST",
      path: "/collectors",
      body: { collector },
      ...req,
    });
    return { collector: parseResponse(collectorEnvelope, res, "POST").collector, etag: res.etag };
  }

  /**
   * Replaces a Collector. `body` is the whole Collector (send back what get() returned, changed:
   * unknown fields are kept); `etag` is the one get() returned, sent as If-Match.
   */
  async update(
    id: number | string,
    body: CollectorUpdate | Collector,
    etag: string,
    req: RequestOptions = {},
  ): Promise<CollectorWithEtag> {
    const segment = idSegment(id, "id");
    if (body.id !== undefined && String(body.id) !== segment) {
      throw new InputError(
        "collector.id",
        `collector.id ${body.id} does not match the id ${segment}`,
      );
    }
    if (typeof etag !== "string" || etag.length === 0) {
      throw new InputError("etag", "update needs the ETag returned by get() (sent as If-Match)");
    }
    const collector = checkInput(
      collectorUpdateSchema,
      { ...body, id: Number(segment) },
      "collector",
    );
    const res = await this.http.send({
      method: "PUT",
      path: `/collectors/${segment}`,
      body: { collector },
      ifMatch: etag,
      ...req,
    });
    return { collector: parseResponse(collectorEnvelope, res, "PUT").collector, etag: res.etag };
  }

  /** Deletes a Collector and its Sources. An Installed Collector registers again only when its software is installed again. */
  async delete(id: number | string, req: RequestOptions = {}): Promise<void> {
    await this.http.send({
      method: "DELETE",
      path: `/collectors/${idSegment(id, "id")}`,
      ...req,
    });
  }

  /** One page of Installed Collectors last seen alive before `aliveBeforeDays`. */
  async listOffline(
    options: OfflineOptions & { limit?: number; offset?: number } = {},
    req: RequestOptions = {},
  ): Promise<Collector[]> {
    checkAliveBeforeDays(options.aliveBeforeDays);
    checkPaging(options.limit, options.offset);
    const res = await this.http.send({
      method: "GET",
      path: "/collectors/offline",
      query: {
        aliveBeforeDays: options.aliveBeforeDays,
        limit: options.limit,
        offset: options.offset,
      },
      ...req,
    });
    return parseResponse(collectorListEnvelope, res, "GET").collectors;
  }

  /** Every Installed Collector last seen alive before `aliveBeforeDays`, page by page. */
  iterateOffline(
    options: OfflineOptions & PageOptions = {},
    req: RequestOptions = {},
  ): AsyncGenerator<Collector, void, undefined> {
    checkAliveBeforeDays(options.aliveBeforeDays);
    return paginate(
      (limit, offset) =>
        this.listOffline({ aliveBeforeDays: options.aliveBeforeDays, limit, offset }, req),
      COLLECTOR_PAGE_SIZE,
      options,
      "/collectors/offline",
    );
  }

  /**
   * Starts the asynchronous deletion of offline Installed Collectors; resolves with the
   * service's message. Check with listOffline() to see it done.
   */
  async deleteOffline(
    options: OfflineOptions = {},
    req: RequestOptions = {},
  ): Promise<{ message: string | undefined }> {
    checkAliveBeforeDays(options.aliveBeforeDays);
    const res = await this.http.send({
      method: "DELETE",
      path: "/collectors/offline",
      query: { aliveBeforeDays: options.aliveBeforeDays },
      ...req,
    });
    const body = res.body;
    const message =
      typeof body === "string"
        ? body
        : body && typeof body === "object" && "message" in body && typeof body.message === "string"
          ? body.message
          : undefined;
    return { message };
  }
}
