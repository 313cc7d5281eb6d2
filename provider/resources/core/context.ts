// What every lifecycle step of a kind shares: the kind itself, how to name an object in a
// message, its outputs and comparisons, what errors become, and the end of every write.
import { type Finish, finisher } from "./afterWrite";
import type { EntityKind } from "./entityKind";
import { type Fail, failureFor } from "./failures";
import { describe } from "./messages";
import { type EntityOutputs, entityOutputs } from "./outputs";

export interface EntityContext extends EntityOutputs {
  def: EntityKind;
  /** `HostedCollector "web" (id 123)`, from a state or inputs with a name. */
  label(state: Record<string, unknown>, id?: unknown): string;
  fail: Fail;
  finish: Finish;
}

export function entityContext(def: EntityKind): EntityContext {
  const view = entityOutputs(def);
  return {
    ...view,
    def,
    label: (state, id) =>
      describe(def.kind, typeof state.name === "string" ? state.name : undefined, id),
    fail: failureFor(def),
    finish: finisher(def, view),
  };
}
