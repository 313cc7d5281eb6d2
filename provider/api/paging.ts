// Async iteration over limit/offset lists: pages are fetched lazily until a short page.
import { InputError } from "./errors";

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

/** Yields every item of every page; stops after the first page shorter than the page size. */
export async function* paginate<T>(
  fetchPage: (limit: number, offset: number) => Promise<T[]>,
  defaultPageSize: number,
  options: PageOptions = {},
): AsyncGenerator<T, void, undefined> {
  const limit = options.pageSize ?? defaultPageSize;
  let offset = options.offset ?? 0;
  checkPaging(limit, offset);
  for (;;) {
    const page = await fetchPage(limit, offset);
    yield* page;
    if (page.length < limit) return;
    offset += page.length;
  }
}

/** Collects an async iterable into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
