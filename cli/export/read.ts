// Reading the part of the account to export: the collectors (filtered by kind and name), then
// each one's sources (cli/shared/read-sources.ts, as `collectors list --sources` reads them).
import { type CollectorFilter, type CollectorsClient, collect } from "../../provider/api";
import { nameMatcher } from "../shared/name-glob";
import type { Progress } from "../shared/progress";
import { byNameThenId, type CollectorWithSources, readSourcesOf } from "../shared/read-sources";

export interface Selection {
  /** Only Hosted or only Installed collectors; all when undefined. */
  filter?: Extract<CollectorFilter, "hosted" | "installed"> | undefined;
  /** Shell-style globs on collector names; all when empty. */
  patterns: readonly string[];
}

export interface Account {
  collectors: CollectorWithSources[];
  /** Patterns that matched no collector. */
  unmatched: string[];
}

export async function readAccount(
  client: CollectorsClient,
  selection: Selection,
  progress: Progress,
  signal: AbortSignal,
): Promise<Account> {
  progress.note("Reading the collectors…");
  const all = await collect(client.collectors.iterate({ filter: selection.filter }, { signal }));
  const matcher = selection.patterns.length > 0 ? nameMatcher(selection.patterns) : undefined;
  const chosen = all.filter((c) => !matcher || matcher.matches(c.name)).sort(byNameThenId);
  const result = await readSourcesOf(client, chosen, progress, signal);
  return { collectors: result, unmatched: matcher?.unmatched() ?? [] };
}
