// Spec 4.2 (docs/reference/service/collector-management-api.md): Sources of a Collector.
import { InputError } from "./errors";
import type { RequestOptions, Transport } from "./http";
import { idSegment } from "./names";
import {
  type Source,
  type SourceInput,
  type SourcesDownload,
  type SourceUpdate,
  sourceDownloadSchema,
  sourceEnvelope,
  sourceInputSchema,
  sourceListEnvelope,
  sourcesDownloadSchema,
  sourceUpdateSchema,
} from "./schemas/source";
import { checkInput, parseResponse } from "./validate";

export interface SourceWithEtag {
  source: Source;
  /** Entity tag, quoted as received; pass it to update(). */
  etag: string | undefined;
}

export interface DownloadOption {
  /**
   * The form used to register a new Collector: items without `id` and `alive`.
   * Default false.
   */
  download?: boolean;
}

function sourcesPath(collectorId: number | string): string {
  return `/collectors/${idSegment(collectorId, "collectorId")}/sources`;
}

export class SourcesApi {
  constructor(private readonly http: Transport) {}

  /** The Collector's Sources (all of them: the service does not page them); with `download`, as exportConfig() has them. */
  async list(
    collectorId: number | string,
    options: DownloadOption = {},
    req: RequestOptions = {},
  ): Promise<Source[]> {
    if (options.download) return (await this.exportConfig(collectorId, req)).sources;
    const res = await this.http.send({
      method: "GET",
      path: sourcesPath(collectorId),
      ...req,
    });
    return parseResponse(sourceListEnvelope, res, "GET").sources;
  }

  /**
   * The Collector's Sources as a document to register a new Collector with:
   * `{"api.version": "v1", "sources": [...]}` (list with download=true).
   */
  async exportConfig(
    collectorId: number | string,
    req: RequestOptions = {},
  ): Promise<SourcesDownload> {
    const res = await this.http.send({
      method: "GET",
      path: sourcesPath(collectorId),
      query: { download: true },
      ...req,
    });
    return parseResponse(sourcesDownloadSchema, res, "GET");
  }

  /** One Source by id, with its ETag (for update()); with `download`, in the form exportConfig() has. */
  async get(
    collectorId: number | string,
    id: number | string,
    options: DownloadOption = {},
    req: RequestOptions = {},
  ): Promise<SourceWithEtag> {
    const res = await this.http.send({
      method: "GET",
      path: `${sourcesPath(collectorId)}/${idSegment(id, "id")}`,
      query: { download: options.download ? true : undefined },
      ...req,
    });
    const schema = options.download ? sourceDownloadSchema : sourceEnvelope;
    return { source: parseResponse(schema, res, "GET").source, etag: res.etag };
  }

  /**
   * The Source of this name on the Collector, or undefined. The service has no look-up by name
   * for Sources: this scans the list, then reads the match by id (for its ETag).
   */
  async findByName(
    collectorId: number | string,
    name: string,
    req: RequestOptions = {},
  ): Promise<SourceWithEtag | undefined> {
    const match = (await this.list(collectorId, {}, req)).find((source) => source.name === name);
    return match?.id === undefined ? undefined : this.get(collectorId, match.id, {}, req);
  }

  /** Creates one Source (not possible while the Collector is in JSON mode). */
  async create(
    collectorId: number | string,
    body: SourceInput,
    req: RequestOptions = {},
  ): Promise<SourceWithEtag> {
    const source = checkInput(sourceInputSchema, body, "source");
    const res = await this.http.send({
      method: "POST",
      path: sourcesPath(collectorId),
      body: { source },
      ...req,
    });
    return { source: parseResponse(sourceEnvelope, res, "POST").source, etag: res.etag };
  }

  /**
   * Replaces a Source: the whole Source (send back what get() returned, changed; unknown fields
   * are kept) with the ETag get() returned, sent as If-Match.
   */
  async update(
    collectorId: number | string,
    id: number | string,
    body: SourceUpdate | Source,
    etag: string,
    req: RequestOptions = {},
  ): Promise<SourceWithEtag> {
    const segment = idSegment(id, "id");
    if (body.id !== undefined && String(body.id) !== segment) {
      throw new InputError("source.id", `source.id ${body.id} does not match the id ${segment}`);
    }
    if (typeof etag !== "string" || etag.length === 0) {
      throw new InputError("etag", "update needs the ETag returned by get() (sent as If-Match)");
    }
    const source = checkInput(sourceUpdateSchema, { ...body, id: Number(segment) }, "source");
    const res = await this.http.send({
      method: "PUT",
      path: `${sourcesPath(collectorId)}/${segment}`,
      body: { source },
      ifMatch: etag,
      ...req,
    });
    return { source: parseResponse(sourceEnvelope, res, "PUT").source, etag: res.etag };
  }

  /** Deletes one Source (not possible while the Collector is in JSON mode). */
  async delete(
    collectorId: number | string,
    id: number | string,
    req: RequestOptions = {},
  ): Promise<void> {
    await this.http.send({
      method: "DELETE",
      path: `${sourcesPath(collectorId)}/${idSegment(id, "id")}`,
      ...req,
    });
  }
}
