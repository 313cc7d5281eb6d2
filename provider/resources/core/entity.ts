// The lifecycle every resource kind shares, written once: check and diff without HTTP, create in
// one POST (idempotent after a lost answer), adoption, read in one GET, update in one PUT with
// If-Match, delete in one DELETE. A kind (collectors/, sources/) only says what its fields are,
// how to reach its objects and what it adds to the outputs (core/entityKind.ts); the steps with
// more to them live in their own files (adoption, create, update, afterWrite).
import { isGone } from "../../api";
import { adopt } from "./adoption";
import { checkInputs } from "./check";
import { clientFor } from "./clients";
import { entityContext } from "./context";
import { createNew } from "./create";
import type { EntityKind, Found } from "./entityKind";
import { diffFields, isUnset } from "./fields";
import {
  type Inputs,
  keepsExplicitName,
  type Lifecycle,
  refuseAdoptedReplacement,
} from "./lifecycle";
import { resolveName } from "./naming";
import type { JsonObject } from "./plain";
import { update } from "./update";

export function entityLifecycle(def: EntityKind): Lifecycle {
  const ctx = entityContext(def);
  const { specs } = def;
  const { label, fail } = ctx;

  return {
    async check(olds, news) {
      const inputs: Inputs = { ...news };
      const name = resolveName(olds ?? {}, news);
      if (name !== undefined) inputs.name = name;
      const rules = def.rules(inputs);
      const failures = checkInputs(
        { ...rules, label: rules.label ?? def.kind, specs: { ...specs, ...def.controls } },
        inputs,
      );
      if (isUnset(inputs.name) && isUnset(inputs.adopt) && !def.notCreatable) {
        failures.push({ property: "name", reason: `name is required for ${def.kind}` });
      }
      if (failures.length === 0) def.normalize?.(inputs);
      return { inputs, failures };
    },

    async diff(id, olds, news) {
      const refused = def.refuseChange?.(id, olds, news);
      if (refused) throw new Error(refused);
      const { updates, replaces } = diffFields(specs, olds, news);
      replaces.push(...(def.replaces?.(olds, news) ?? []));
      refuseAdoptedReplacement(def.kind, news, replaces);
      const replacing = replaces.length > 0;
      return {
        changes: replacing || updates.length > 0,
        replaces,
        // Names are unique: a replacement keeping its name must delete the old object first.
        deleteBeforeReplace:
          replacing && keepsExplicitName(olds, news) && (def.sameScope?.(olds, news) ?? true),
      };
    },

    async create(inputs) {
      const client = clientFor();
      const api = def.api(client, inputs);
      if (!isUnset(inputs.adopt)) return adopt(ctx, client, api, inputs);
      if (def.notCreatable) throw new Error(def.notCreatable);
      return createNew(ctx, client, api, inputs);
    },

    async read(id, props) {
      const state: Record<string, unknown> = props ?? {};
      const client = clientFor();
      const api = def.api(client, state);
      let found: Found;
      try {
        found = await api.get(id);
      } catch (error) {
        // Only the service saying the object does not exist drops the resource; 401, 403, 429,
        // 5xx and a 404 from a path nobody serves (a wrong endpoint) fail the refresh.
        if (isGone(error)) return { id: "" };
        throw fail(error, "read", label(state, id), state, client);
      }
      // Without state (a static get), manage what the service has set.
      const keys = Object.keys(specs).filter((key) =>
        state.etag === undefined ? !isUnset(found.entity[key]) : state[key] !== undefined,
      );
      const outs = ctx.outputs(found, found.etag, keys, state);
      const inputs: JsonObject = {};
      for (const key of [...Object.keys(specs), ...Object.keys(def.controls)]) {
        const value = outs[key];
        if (value !== undefined) inputs[key] = value;
      }
      return { id, props: outs, inputs };
    },

    update: (id, olds, news) => update(ctx, id, olds, news),

    async delete(id, props) {
      const client = clientFor();
      const api = def.api(client, props);
      try {
        await api.delete(id);
      } catch (error) {
        // Already gone: that is what delete wants. A 404 from a path nobody serves is not that.
        if (isGone(error)) return;
        throw fail(error, "delete", label(props, id), props, client);
      }
    },
  };
}
