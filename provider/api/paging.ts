// Async iteration over limit/offset lists: pages are fetched lazily until a short page.
import { InputError, ResponseFormatError } from "./errors";

export interface PageOptions {
  /** Items per request; default: the operation's own default limit. */
  pageSize?: number;
  /** Where to start; default 0. */
  offset?: number;
}

export function checkPaging(limit: number | undefined, offset: number | undefined): void {
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit > 0)) {
    throw new InputError("limit", `limit must be a positive integer, got ${limit}`);
  }
  if (offset !== undefined && !(Number.isSafeInteger(offset) && offset >= 0)) {
    throw new InputError("offset", `offset must be a non-negative integer, got ${offset}`);
  }
}

/**
 * Yields every item of every page; stops after the first page shorter than the page size.
 * `path` (the list's path) names the list in the error raised when a page repeats the one
 * before it: a service or proxy that ignores `offset` would otherwise be paged forever.
 */
export async function* paginate<T>(
  fetchPage: (limit: number, offset: number) => Promise<T[]>,
  defaultPageSize: number,
  options: PageOptions = {},
  path = "the list",
): AsyncGenerator<T, void, undefined> {
  const limit = options.pageSize ?? defaultPageSize;
  let offset = options.offset ?? 0;
  checkPaging(limit, offset);
  let previous: string | undefined;
  for (;;) {
    const page = await fetchPage(limit, offset);
    // Only full pages lead to another request, so only they can repeat.
    const full = page.length >= limit;
    const text = full ? JSON.stringify(page) : undefined;
    if (text !== undefined && text === previous) {
      throw new ResponseFormatError({
        method: "GET",
        path: `${path}?limit=${limit}&offset=${offset}`,
        status: 200,
        issues: [
          `the page at offset ${offset} is the same as the one at offset ${offset - page.length}: ` +
            "the service (or a proxy in front of it) ignored `offset`, so paging stopped here " +
            "instead of repeating the page forever",
        ],
      });
    }
    yield* page;
    if (!full) return;
    previous = text;
    offset += page.length;
  }
}

/** Collects an async iterable into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
