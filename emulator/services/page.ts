/** A window of a list: `limit` items from `offset` (both already validated). */
export interface Page {
  limit: number;
  offset: number;
}

export function page<T>(items: T[], { limit, offset }: Page): T[] {
  return items.slice(offset, offset + limit);
}
