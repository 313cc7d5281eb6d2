import type { OtCollectorDoc } from "../model/ot-collector";
import { type Selectable, selectorLinks } from "../model/selector";
import type { SourceTemplateDoc } from "../model/source-template";
import type { State } from "../state";

/**
 * Links between source templates and OT collectors are never stored: they are computed from
 * both on every read, so a tag edit, a rename or a disabled template shows at once everywhere.
 */
export function enabledTemplates(state: State, account: string): SourceTemplateDoc[] {
  return state.store
    .list<SourceTemplateDoc>("sourceTemplate", account)
    .map((r) => r.doc)
    .filter((doc) => doc.isEnabled);
}

export function otCollectorsOf(state: State, account: string): OtCollectorDoc[] {
  return state.store.list<OtCollectorDoc>("otCollector", account).map((r) => r.doc);
}

/** sourceTemplateLinkedCount for each collector, from the account's enabled templates. */
export function linkedCounter(state: State, account: string): (doc: Selectable) => number {
  const templates = enabledTemplates(state, account);
  return (doc) => templates.filter((t) => selectorLinks(t.selector, doc)).length;
}

/** totalCollectorLinked of a template (0 when disabled: a disabled template links nothing). */
export function totalLinked(state: State, account: string, template: SourceTemplateDoc): number {
  if (!template.isEnabled) return 0;
  return otCollectorsOf(state, account).filter((c) => selectorLinks(template.selector, c)).length;
}
