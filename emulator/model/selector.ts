/** One tag condition: the collector's tag `key` has one of `values`. */
export interface OtTag {
  key: string;
  values: string[];
}

/** Which OT collectors a source template (or a search) selects. */
export interface Selector {
  /** Inner lists are ANDed, the lists ORed. */
  tags: OtTag[][];
  names: string[];
}

/** What linking needs to know of an OT collector. */
export interface Selectable {
  name: string;
  tags: Record<string, string>;
  isRemotelyManaged: boolean;
}

/**
 * Whether every condition of one inner list holds. An empty list holds for nobody: a selector
 * of `[[]]` (or Terraform's `selector: {}`) must not link every collector of the account.
 */
export function tagListHolds(list: readonly OtTag[], tags: Record<string, string>): boolean {
  return (
    list.length > 0 &&
    list.every((tag) => Object.hasOwn(tags, tag.key) && tag.values.includes(tags[tag.key] ?? ""))
  );
}

/** Whether some inner list holds (the lists are ORed); no lists select nothing. */
export function tagsSelect(lists: readonly OtTag[][], tags: Record<string, string>): boolean {
  return lists.some((list) => tagListHolds(list, tags));
}

/** The inner lists that hold, as the impact endpoint's reasonTags: [[{key, value}]]. */
export function reasonTags(
  lists: readonly OtTag[][],
  tags: Record<string, string>,
): { key: string; value: string }[][] {
  return lists
    .filter((list) => tagListHolds(list, tags))
    .map((list) => list.map((tag) => ({ key: tag.key, value: tags[tag.key] ?? "" })));
}

/**
 * A template's selector links a collector when the collector is remotely managed (a locally
 * managed one takes no configuration from the service) and its name is listed or a tag list holds.
 */
export function selectorLinks(selector: Selector, collector: Selectable): boolean {
  if (!collector.isRemotelyManaged) return false;
  return selector.names.includes(collector.name) || tagsSelect(selector.tags, collector.tags);
}
