// `collectors ot list`: the account's OpenTelemetry collectors that match the service's search
// filters, in the service's order, as a table or as JSON.
import type { CollectorsClient, OtCollector, OtCollectorSearch } from "../../provider/api";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import { plural } from "../shared/table";
import { type OtFilterFlags, searchOf } from "./filters";
import { otTable } from "./table";

export interface OtListOptions extends OtFilterFlags {
  /** At most this many collectors (the service's first ones in its order). */
  limit?: number | undefined;
  json?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

export interface OtListResult {
  collectors: OtCollector[];
  /** How many match in all, when --limit may have left some out (the service's count). */
  matching?: number | undefined;
}

/** The service's largest page. */
const PAGE_MAX = 1000;

/**
 * The collectors that match `search`, page by page (1000 a request), stopping at `limit`. With a
 * limit the first page asks for the count of all that match, so the summary can say how many
 * were left out. Without one, the client's iterate() pages (and guards against a repeated token).
 */
export async function searchOt(
  client: CollectorsClient,
  search: OtCollectorSearch,
  options: { limit?: number | undefined; signal?: AbortSignal | undefined } = {},
): Promise<OtListResult> {
  const { limit, signal } = options;
  const collectors: OtCollector[] = [];
  if (limit === undefined) {
    for await (const c of client.otCollectors.iterate(
      { ...search, pageSize: PAGE_MAX },
      { signal },
    )) {
      collectors.push(c);
    }
    return { collectors };
  }
  let matching: number | undefined;
  let next: string | undefined;
  const seen = new Set<string>();
  do {
    const page = await client.otCollectors.search(
      {
        ...search,
        limit: Math.min(PAGE_MAX, limit - collectors.length),
        ...(next ? { next } : { includeCount: true }),
      },
      { signal },
    );
    matching ??= page.count;
    collectors.push(...page.data.slice(0, limit - collectors.length));
    // A token handed out twice would page forever: stop with what there is.
    next = page.next && !seen.has(page.next) ? page.next : undefined;
    if (next) seen.add(next);
  } while (next && collectors.length < limit);
  return { collectors, matching };
}

/** Whether the flags narrow the list (for the wording of an empty result). */
function filtered(search: OtCollectorSearch): boolean {
  return search.search !== undefined || search.filters !== undefined;
}

export async function runOtList(
  client: CollectorsClient,
  options: OtListOptions,
  output: Output,
): Promise<CommandResult<OtListResult>> {
  const search = searchOf(options);
  const result = await searchOt(client, search, options);
  const { collectors, matching } = result;
  if (options.json) {
    output.out(JSON.stringify(collectors, null, 2));
  } else if (collectors.length === 0) {
    output.out(
      filtered(search)
        ? "No OpenTelemetry collector matches these filters."
        : "No OpenTelemetry collectors.",
    );
  } else {
    output.out(otTable(collectors));
    const shown = plural(collectors.length, "OpenTelemetry collector");
    output.out(
      matching !== undefined && matching > collectors.length
        ? `${shown} of ${matching} (--limit ${options.limit})`
        : shown,
    );
  }
  return { result, exitCode: EXIT.ok };
}
