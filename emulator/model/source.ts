import type { StoredRecord } from "../store";
import { masked, sourceSecretPaths } from "../validation/secrets";
import { RUNNING_STATE } from "../validation/universal";
import type { Json } from "../validation/values";
import { etagOf } from "./etag";

/** A source as stored: the client's configuration plus what the server assigned. */
export interface SourceDoc {
  id: number;
  collectorId: number;
  sourceType: string;
  /** Every field the client set (validated), defaults applied; never server-assigned ones. */
  config: Json;
  /** HTTP sources: the upload URL holding a secret token; Polling: the SNS notification URL. */
  url?: string;
  /** Cloudsyslog sources, and HTTP ones with auth-header ingestion: the secret token. */
  token?: string;
  /** HTTP sources with auth-header ingestion: where to send data with the token as a header. */
  baseUrl?: string;
  version: number;
  createdAt: number;
  /** Universal sources: deleted at this time and Stopping until they are gone. */
  stoppingSince?: number;
}

export type SourceRecord = StoredRecord<SourceDoc>;

export function sourceEtag(doc: SourceDoc): string {
  return etagOf("source", doc.id, doc.version);
}

/**
 * The source as the API shows it, secrets masked (sheet 9). `download` gives the shape for
 * registering a new collector: no `id`, no `alive` (docs/reference/service/collector-management-api.md §4.2) and no run-time `state`.
 */
export function renderSource(doc: SourceDoc, alive: boolean, download = false): Json {
  const { name, ...rest } = doc.config;
  const view: Json = download
    ? { name, sourceType: doc.sourceType, ...rest }
    : { id: doc.id, name, sourceType: doc.sourceType, ...rest };
  if (doc.url !== undefined) view.url = doc.url;
  if (doc.token !== undefined) view.token = doc.token;
  if (doc.baseUrl !== undefined) view.baseUrl = doc.baseUrl;
  if (!download) {
    if (doc.sourceType === "Universal")
      view.state = { state: doc.stoppingSince === undefined ? RUNNING_STATE : "Stopping" };
    view.alive = alive && doc.stoppingSince === undefined;
  }
  return masked(view, sourceSecretPaths(doc.sourceType, doc.config));
}
