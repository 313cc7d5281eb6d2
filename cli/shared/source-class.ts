// Which resource class manages a source the service holds: the typed class of its sourceType in
// the source-type table (kinds/source-*.ts), told apart from the type's other classes by their
// fixed values (a contentType). `collectors export` declares the source with it, and `collectors
// list --sources` names it.
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import type { FieldSpec } from "../../provider/resources/kinds/fields";
import { COMMON_FIELDS } from "../../provider/resources/kinds/source-fields";
import { TYPED_SOURCES } from "../../provider/resources/kinds/source-kinds";
import type { SourceType } from "../../provider/resources/kinds/source-type";
import { equivalent } from "../../provider/resources/steps/fields";

/** Every entry of the source table with a typed class (base types and their variants). */
export const TYPED_ENTRIES = Object.values(TYPED_SOURCES);

/**
 * A value of no particular field: compared by its text or number, and at its default only when
 * empty ("", [], {}). For fixed values here, and for fields no class models in export.
 */
export const PLAIN_VALUE: FieldSpec = { schema: COMMON_FIELDS.name.schema };

/**
 * How well the entity carries an entry's fixed values: the number of them it has, or -1 when it
 * has another value, or lacks one that tells the entry from other classes of its sourceType (a
 * variant's contentType). The only class of a sourceType needs its fixed values only where the
 * service shows them (it may leave one out).
 */
function carries(entity: Record<string, unknown>, fixed: object | undefined, only: boolean) {
  let matched = 0;
  for (const [key, value] of Object.entries(fixed ?? {})) {
    if (entity[key] === undefined || entity[key] === null) {
      if (only) continue;
      return -1;
    }
    if (!equivalent(PLAIN_VALUE, entity[key], value)) return -1;
    matched++;
  }
  return matched;
}

/**
 * The table entry with a typed class for this source: same sourceType, its fixed values (a
 * contentType telling variants apart) carried; the most specific one, then the plainest.
 */
export function typedEntryOf(entity: Record<string, unknown>): SourceType | undefined {
  const candidates = TYPED_ENTRIES.filter(
    (type) =>
      type.kind && type.sourceType === entity.sourceType && Object.hasOwn(ENTITY_KINDS, type.kind),
  );
  let best: { type: SourceType; score: number } | undefined;
  for (const type of candidates) {
    const score = carries(entity, type.fixed, candidates.length === 1);
    if (score < 0) continue;
    const fewer = Object.keys(type.fixed ?? {}).length;
    if (
      !best ||
      score > best.score ||
      (score === best.score && fewer < Object.keys(best.type.fixed ?? {}).length)
    ) {
      best = { type, score };
    }
  }
  return best?.type;
}
