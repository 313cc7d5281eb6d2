/** One API request as `GET /_emulator/requests` shows it. */
export interface LoggedRequest {
  /** Virtual time the request arrived, ms since epoch. */
  time: number;
  method: string;
  /** The URL path as received (with any deployment prefix), without the query. */
  path: string;
  /** The status sent; 0 when the connection was dropped without an answer. */
  status: number;
  accessId: string | null;
  /**
   * Whether the request carried an If-Match header (any value): what tells an update sent with
   * the object's ETag from a blind one, without keeping the tag itself.
   */
  ifMatch: boolean;
  durationMs: number;
}

/** Keeps the most recent requests only, so a long benchmark cannot exhaust memory. */
const MAX_ENTRIES = 10_000;

export class RequestLog {
  private entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    // Trim in batches: dropping one entry per request would copy the whole array each time.
    if (this.entries.length >= 2 * MAX_ENTRIES) this.entries = this.entries.slice(-MAX_ENTRIES);
  }

  list(): LoggedRequest[] {
    return this.entries.slice(-MAX_ENTRIES);
  }

  clear(): void {
    this.entries = [];
  }
}
