// The OpenTelemetry Collector Management API: OT collectors register themselves, so the client
// reads, searches, edits (name, time zone, tags, description, category) and deletes them; it
// never creates one.
import { ApiError, InputError, isNotFound, ResponseFormatError } from "./errors";
import type { RequestOptions, Transport } from "./http";
import { hexIdSegment } from "./names";
import { errorEnvelope, NAME_MAX } from "./schemas/common";
import {
  OT_SEARCH_LIMIT_DEFAULT,
  type OtCollector,
  type OtCollectorPage,
  type OtCollectorSearch,
  type OtCollectorUpdate,
  otCollectorCountSchema,
  otCollectorListSchema,
  otCollectorSchema,
  otCollectorSearchSchema,
  otCollectorUpdateSchema,
  SERVICE_TAG_PREFIX,
} from "./schemas/ot-collector";
import { checkFields, parseResponse } from "./validate";

export interface OtCollectorWithEtag {
  collector: OtCollector;
  /** Entity tag, quoted as received; pass it to update(). */
  etag: string | undefined;
}

/** One page of a search: `next` is the token of the page after it (none on the last). */
export interface OtCollectorSearchPage {
  data: OtCollector[];
  next?: string;
  /** With `includeCount`: how many match in all. */
  count?: number;
}

/** What iterate() searches for: a search without its paging, and the page size. */
export type OtCollectorIterate = Omit<OtCollectorSearch, "next" | "limit"> & {
  /** OT collectors per request, 1–1000; default 100 (the service's). */
  pageSize?: number;
};

// Names go in the query, one `names=` each: batches keep the request line well under what
// servers and proxies accept (the local service refuses headers over 16 KiB).
const NAMES_QUERY_BUDGET = 4000;

function nameBatches(names: readonly string[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let size = 0;
  for (const name of names) {
    const cost = encodeURIComponent(name).length + "&names=".length;
    if (batch.length > 0 && size + cost > NAMES_QUERY_BUDGET) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(name);
    size += cost;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

function checkName(name: unknown, field: string): string {
  if (typeof name !== "string" || name.length === 0 || name.length > NAME_MAX) {
    throw new InputError(
      field,
      `${field} must be an OT collector's name, 1–${NAME_MAX} characters, got ${JSON.stringify(name)}`,
    );
  }
  return name;
}

/** The wire body of an update: only the fields given; the service's own tags left out. */
function updateBody(changes: OtCollectorUpdate | OtCollector): Record<string, unknown> {
  const checked = checkFields(otCollectorUpdateSchema, changes, "changes");
  const body: Record<string, unknown> = {};
  if (checked.name != null) body.name = checked.name;
  if (checked.description != null) body.description = checked.description;
  if (checked.category != null) body.category = checked.category;
  // The spec reads `timeZone`, but the update the Terraform provider sends (and so the one
  // known to work on the live service) spells it `timezone`; the local service takes both.
  if (checked.timeZone != null) body.timezone = checked.timeZone;
  if (checked.tags != null) {
    body.tags = Object.fromEntries(
      Object.entries(checked.tags).filter(([key]) => !key.startsWith(SERVICE_TAG_PREFIX)),
    );
  }
  return body;
}

export class OtCollectorsApi {
  constructor(private readonly http: Transport) {}

  /** One OT collector by id, with its ETag (for update()). */
  async get(id: string, req: RequestOptions = {}): Promise<OtCollectorWithEtag> {
    const res = await this.http.send({
      method: "GET",
      path: `/otCollectors/${hexIdSegment(id, "id")}`,
      ...req,
    });
    return { collector: parseResponse(otCollectorSchema, res, "GET"), etag: res.etag };
  }

  /**
   * The OT collector of this exact name with its ETag, or undefined: a look-up by name
   * (otCollectorsByName), then a read by id, whose answer carries the ETag the list does not.
   */
  async findByName(
    name: string,
    req: RequestOptions = {},
  ): Promise<OtCollectorWithEtag | undefined> {
    const match = (await this.byNames([checkName(name, "name")], req)).find((c) => c.name === name);
    if (!match) return undefined;
    try {
      return await this.get(match.id, req);
    } catch (error) {
      // Deleted between the two requests: as good as never found.
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The OT collectors of these exact names (unknown names are left out), in batches of a safe URL length. */
  async byNames(names: readonly string[], req: RequestOptions = {}): Promise<OtCollector[]> {
    if (!Array.isArray(names)) {
      throw new InputError("names", "names must be an array of OT collector names");
    }
    const unique = [...new Set(names.map((name, i) => checkName(name, `names[${i}]`)))];
    const found: OtCollector[] = [];
    for (const batch of nameBatches(unique)) {
      const res = await this.http.send({
        method: "GET",
        path: "/otCollectors/otCollectorsByName",
        query: { names: batch },
        ...req,
      });
      found.push(...parseResponse(otCollectorListSchema, res, "GET").data);
    }
    return found;
  }

  /**
   * One page of the OT collectors that match `request` (search text, filters, sort); pass the
   * page's `next` to get the one after it. `limit` is 1–1000 (default 100).
   */
  async search(
    request: OtCollectorSearch = {},
    req: RequestOptions = {},
  ): Promise<OtCollectorSearchPage> {
    const body = checkFields(otCollectorSearchSchema, request, "");
    const res = await this.http.send({
      method: "POST",
      path: "/otCollectors",
      body,
      readOnly: true,
      ...req,
    });
    return pageOf(parseResponse(otCollectorListSchema, res, "POST"));
  }

  /** Every OT collector that matches, page by page, following the service's `next` tokens. */
  iterate(
    request: OtCollectorIterate = {},
    req: RequestOptions = {},
  ): AsyncGenerator<OtCollector, void, undefined> {
    const { pageSize, ...search } = request;
    // Plain JavaScript callers can pass them anyway; the types already keep them out.
    for (const field of ["next", "limit"] as const) {
      if (field in search) {
        throw new InputError(
          field,
          `iterate() follows the pages itself: leave out ${field} (pageSize sets the page size)`,
        );
      }
    }
    const limit = pageSize ?? OT_SEARCH_LIMIT_DEFAULT;
    // Checked now, not at the first next(): a wrong filter fails where the call is.
    checkFields(otCollectorSearchSchema, { ...search, limit }, "");
    return this.#pages(search, limit, req);
  }

  async *#pages(
    search: OtCollectorSearch,
    limit: number,
    req: RequestOptions,
  ): AsyncGenerator<OtCollector, void, undefined> {
    const seen = new Set<string>();
    let next: string | undefined;
    for (;;) {
      const page = await this.search({ ...search, limit, ...(next ? { next } : {}) }, req);
      yield* page.data;
      if (!page.next) return;
      // A token handed out twice would page forever.
      if (seen.has(page.next)) {
        throw new ResponseFormatError({
          method: "POST",
          path: "/otCollectors",
          status: 200,
          issues: [
            `next: the token ${JSON.stringify(page.next)} came back a second time, so paging stopped`,
          ],
        });
      }
      seen.add(page.next);
      next = page.next;
    }
  }

  /** How many OT collectors the account has. */
  async totalCount(req: RequestOptions = {}): Promise<number> {
    const res = await this.http.send({ method: "GET", path: "/otCollectors/totalCount", ...req });
    return parseResponse(otCollectorCountSchema, res, "GET").totalCount;
  }

  /**
   * Changes an OT collector: only the fields given (name, timeZone, tags, description,
   * category; null leaves one as it is, other keys are left out, so what get() returned can be
   * passed back changed); `tags` replaces the user's tags, while the service keeps its own
   * (sumo.disco*).
   * `etag` is the one get() returned, sent as If-Match. Resolves with the collector as it is now.
   */
  async update(
    id: string,
    changes: OtCollectorUpdate | OtCollector,
    etag: string,
    req: RequestOptions = {},
  ): Promise<OtCollectorWithEtag> {
    const segment = hexIdSegment(id, "id");
    if (typeof etag !== "string" || etag.length === 0) {
      throw new InputError("etag", "update needs the ETag returned by get() (sent as If-Match)");
    }
    const res = await this.http.send({
      method: "PUT",
      path: "/otCollectors",
      query: { id: segment },
      body: updateBody(changes),
      ifMatch: etag,
      ...req,
    });
    // The Terraform provider reads this answer as {id, errors?}, errors possible with a 200:
    // those are failures, and an answer without the collector is followed by a read.
    const envelope = errorEnvelope.safeParse(res.body);
    const causes = envelope.success ? (envelope.data.errors ?? []) : [];
    if (causes.length > 0) {
      throw new ApiError({
        status: res.status,
        code: causes[0]?.code,
        serviceMessage: causes.map((c) => c.message ?? c.code ?? "").join("; "),
        errorId: envelope.data?.id,
        method: "PUT",
        path: res.path,
      });
    }
    const parsed = otCollectorSchema.safeParse(res.body);
    if (parsed.success) return { collector: parsed.data, etag: res.etag };
    return this.get(segment, req);
  }

  /** Deletes an OT collector. A running one registers again when it next reports. */
  async delete(id: string, req: RequestOptions = {}): Promise<void> {
    await this.http.send({
      method: "DELETE",
      path: `/otCollectors/${hexIdSegment(id, "id")}`,
      ...req,
    });
  }

  /** Deletes every OT collector that is not alive. */
  async deleteOffline(req: RequestOptions = {}): Promise<void> {
    await this.http.send({ method: "DELETE", path: "/otCollectors/offline", ...req });
  }
}

function pageOf(page: OtCollectorPage): OtCollectorSearchPage {
  return {
    data: page.data,
    ...(page.next ? { next: page.next } : {}),
    ...(typeof page.count === "number" ? { count: page.count } : {}),
  };
}
