import { fail } from "../errors";
import { hexId, parseHexId } from "../model/hex-id";
import { reasonTags, selectorLinks } from "../model/selector";
import {
  type SourceTemplateDoc,
  type SourceTemplateRecord,
  templateName,
} from "../model/source-template";
import type { State } from "../state";
import type { Store } from "../store";
import { serviceTags, userTags } from "../validation/ot-collector-body";
import {
  parseImpact,
  parseTemplateCreate,
  parseTemplateStatus,
  parseTemplateUpdate,
  parseTemplateUpgrade,
  type TemplateInput,
} from "../validation/source-template-body";
import { enabledTemplates } from "./linking";
import { requireOtCollector } from "./ot-collectors";

function save(store: Store, account: string, doc: SourceTemplateDoc): void {
  store.put<SourceTemplateDoc>({
    kind: "sourceTemplate",
    id: doc.id,
    account,
    parent: null,
    name: templateName(doc),
    doc,
  });
}

/**
 * The account's template with this id, disabled or not, or 404. The writes (update, status,
 * upgrade, delete) reach a disabled template, so it can be changed, and enabled again by an
 * update with `isEnabled: true`; only a read hides it (getTemplate).
 */
function requireTemplate(state: State, account: string, id: number): SourceTemplateRecord {
  const record = state.store.get<SourceTemplateDoc>("sourceTemplate", id);
  if (!record || record.account !== account)
    fail("invalidSourceTemplate", `No source template ${hexId(id)} in this account.`);
  return record;
}

/** Names are unique among the account's templates, disabled ones included. */
function ensureUniqueTemplateName(store: Store, account: string, name: string, self?: number) {
  const other = store.findByName("sourceTemplate", account, null, name);
  if (other && other.id !== self) {
    fail(
      "duplicateName",
      `A resource with the same name exists: source template ${hexId(other.id)} is named "${name}" (field 'inputJson.name').`,
    );
  }
}

/** GET /sourceTemplates/{id}: a disabled template reads as 404, as on the live service. */
export function getTemplate(state: State, account: string, id: number): SourceTemplateDoc {
  const { doc } = requireTemplate(state, account, id);
  if (!doc.isEnabled) {
    fail(
      "invalidSourceTemplate",
      `Source template ${hexId(id)} is disabled: enable it with PUT /v1/sourceTemplates/${hexId(id)}/status first.`,
    );
  }
  return doc;
}

export function listTemplates(
  state: State,
  account: string,
  showDisabled: boolean,
  name: string | undefined,
): SourceTemplateDoc[] {
  return state.store
    .list<SourceTemplateDoc>("sourceTemplate", account)
    .map((r) => r.doc)
    .filter(
      (doc) =>
        (showDisabled || doc.isEnabled) && (name === undefined || templateName(doc) === name),
    );
}

export function createTemplate(
  state: State,
  account: string,
  by: string,
  body: unknown,
): SourceTemplateDoc {
  const input = parseTemplateCreate(body);
  const { store } = state;
  const now = state.clock.now();
  return store.transaction(() => {
    ensureUniqueTemplateName(store, account, input.inputJson.name as string);
    const doc: SourceTemplateDoc = {
      id: store.nextId("sourceTemplate"),
      type: input.type,
      version: input.version,
      inputJson: input.inputJson,
      selector: input.selector,
      isEnabled: input.isEnabled ?? true,
      createdAt: now,
      createdBy: by,
      modifiedAt: now,
      modifiedBy: by,
    };
    save(store, account, doc);
    return doc;
  });
}

function write(
  state: State,
  account: string,
  by: string,
  current: SourceTemplateDoc,
  changes: Partial<SourceTemplateDoc>,
): SourceTemplateDoc {
  const { store } = state;
  return store.transaction(() => {
    const doc: SourceTemplateDoc = {
      ...current,
      ...changes,
      modifiedAt: state.clock.now(),
      modifiedBy: by,
    };
    ensureUniqueTemplateName(store, account, templateName(doc), doc.id);
    save(store, account, doc);
    return doc;
  });
}

/** POST /sourceTemplates/{id}: inputJson and selector replaced; isEnabled left out keeps it. */
export function updateTemplate(
  state: State,
  account: string,
  by: string,
  id: number,
  body: unknown,
): SourceTemplateDoc {
  const current = requireTemplate(state, account, id).doc;
  const input: TemplateInput = parseTemplateUpdate(body, {
    id: hexId(id),
    type: current.type,
    version: current.version,
  });
  return write(state, account, by, current, {
    inputJson: input.inputJson,
    selector: input.selector,
    isEnabled: input.isEnabled ?? current.isEnabled,
  });
}

/** PUT /sourceTemplates/{id}/status: reaches disabled templates too. */
export function setTemplateStatus(
  state: State,
  account: string,
  by: string,
  id: number,
  body: unknown,
): SourceTemplateDoc {
  const current = requireTemplate(state, account, id).doc;
  return write(state, account, by, current, { isEnabled: parseTemplateStatus(body) });
}

/** POST /sourceTemplates/{id}/upgrade: a new schema version and inputJson; selector kept. */
export function upgradeTemplate(
  state: State,
  account: string,
  by: string,
  id: number,
  body: unknown,
): SourceTemplateDoc {
  const current = requireTemplate(state, account, id).doc;
  const { version, inputJson } = parseTemplateUpgrade(body, current.type);
  return write(state, account, by, current, { version, inputJson });
}

/** DELETE /sourceTemplates/{id}: only a disabled template can go. */
export function deleteTemplate(state: State, account: string, id: number): void {
  const record = requireTemplate(state, account, id);
  if (record.doc.isEnabled) {
    fail(
      "sourceTemplateEnabled",
      `Source template ${hexId(id)} is enabled and cannot be deleted: disable it first with PUT /v1/sourceTemplates/${hexId(id)}/status {"status": "disable"}.`,
    );
  }
  state.store.delete("sourceTemplate", id);
}

export interface ImpactEntry {
  template: SourceTemplateDoc;
  reasonTags: { key: string; value: string }[][];
}

/**
 * Which enabled templates would start (added) or stop (removed) linking the OT collector if it
 * had these tags and this name. Absent tags or name mean the current ones; sent tags replace the
 * user's tags and the service's own `sumo.disco*` stay, as an update would do.
 */
export function linkedImpact(
  state: State,
  account: string,
  body: unknown,
): { collectorId: string; added: ImpactEntry[]; removed: ImpactEntry[] } {
  const request = parseImpact(body);
  const id = parseHexId(request.collectorId, "field 'collectorId'");
  const before = requireOtCollector(state, account, id).doc;
  const after = {
    ...before,
    name: request.updatedName ?? before.name,
    tags:
      request.tags === undefined
        ? before.tags
        : { ...userTags(request.tags), ...serviceTags(before.tags) },
  };
  const added: ImpactEntry[] = [];
  const removed: ImpactEntry[] = [];
  for (const template of enabledTemplates(state, account)) {
    const was = selectorLinks(template.selector, before);
    const will = selectorLinks(template.selector, after);
    if (!was && will)
      added.push({ template, reasonTags: reasonTags(template.selector.tags, after.tags) });
    if (was && !will)
      removed.push({ template, reasonTags: reasonTags(template.selector.tags, before.tags) });
  }
  return { collectorId: hexId(id), added, removed };
}
