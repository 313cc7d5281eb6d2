// The client: one resolved configuration, one transport, one object per API area.
import { CollectorsApi } from "./collectors";
import { type ClientOptions, resolveConfig } from "./config";
import { Transport } from "./http";
import { OtCollectorsApi } from "./ot-collectors";
import { type RetryOptions, resolveRetry } from "./retry";
import { SearchJobsApi } from "./search-jobs";
import { SourceTemplatesApi } from "./source-templates";
import { SourcesApi } from "./sources";
import type { StartSlot } from "./throttle";
import { UpgradesApi } from "./upgrades";

export class CollectorsClient {
  readonly collectors: CollectorsApi;
  readonly sources: SourcesApi;
  readonly upgrades: UpgradesApi;
  readonly searchJobs: SearchJobsApi;
  /** OpenTelemetry collectors: read, search, edit and delete (they register themselves). */
  readonly otCollectors: OtCollectorsApi;
  /** Source templates: what configures the remotely managed OT collectors. */
  readonly sourceTemplates: SourceTemplatesApi;
  /** The deployment addressed (undefined for an endpoint that does not show one). */
  readonly deployment: string | undefined;
  /**
   * The retry policy in force (options over defaults), for callers that retry what the client
   * leaves to them (a create after an answer that may have been acted on), in the same budget.
   */
  readonly retryPolicy: Readonly<Required<RetryOptions>>;
  readonly #http: Transport;

  constructor(options: ClientOptions = {}) {
    const config = resolveConfig(options);
    this.deployment = config.deployment;
    this.retryPolicy = Object.freeze(resolveRetry(options.retry));
    this.#http = new Transport(config, {
      retry: this.retryPolicy,
      limits: options.limits ?? {},
      logger: options.logger,
      signal: options.signal,
    });
    this.collectors = new CollectorsApi(this.#http);
    this.sources = new SourcesApi(this.#http);
    this.upgrades = new UpgradesApi(this.#http);
    this.searchJobs = new SearchJobsApi(this.#http);
    this.otCollectors = new OtCollectorsApi(this.#http);
    this.sourceTemplates = new SourceTemplatesApi(this.#http);
  }

  /**
   * Calls `listener` with the path of every write (POST, PUT, DELETE) as it is sent and once it
   * has settled; returns the function that stops it.
   */
  onWrite(listener: (path: string) => void): () => void {
    return this.#http.onWrite(listener);
  }

  /**
   * Waits for a start slot of the credential's pacer and holds it for one request, given as
   * RequestOptions.startSlot: for a caller that decides what to send only once it may start (the
   * read batcher keeps a batch open until then).
   */
  takeStartSlot(signal?: AbortSignal): Promise<StartSlot> {
    return this.#http.takeStartSlot(signal);
  }

  /** The base URL requests go to (after a 301 moved, the new one). */
  get baseUrl(): string {
    return this.#http.baseUrl;
  }
}
