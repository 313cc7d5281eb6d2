// The resource layer as the plugin uses it: the one file to change when its folders move.
// Everything the plugin serves comes from here: the kinds' tables, their lifecycle, the runtime.
export { collectorSchema, sourceSchema } from "../api";
export { buildTargetSchema } from "../api/schemas/upgrade";
export { ENTITY_KINDS, kindNamed } from "../resources/kinds";
export { shapeOf, toId } from "../resources/kinds/schemas";
export { SECRET_COMPUTED, TYPED_SOURCES } from "../resources/kinds/sources";
export { lookups } from "../resources/program/functions";
export {
  containsUnknown,
  diffFields,
  type FieldSpec,
  holdsSecret,
  isObject,
  isUnset,
  type Json,
  type JsonObject,
  MASK,
  secretLeaves,
  serviceValue,
  UNKNOWN,
} from "../resources/provider/fields";
export type { EntityKind, Inputs, Lifecycle } from "../resources/provider/lifecycle";
export { ON_CONFLICT_VALUES, POLL_INTERVAL_ENV, SETTINGS } from "../resources/provider/settings";
export { abortWaits } from "../resources/provider/waits";
export { lifecycle, Runtime, type RuntimeOptions } from "../resources/runtime";
