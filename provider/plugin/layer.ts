// The resource layer as the plugin uses it: the one file to change when its folders move.
// Everything the plugin serves comes from here: the kinds' tables, their lifecycle, the runtime.
export { collectorSchema, otCollectorSchema, sourceSchema, sourceTemplateSchema } from "../api";
export { buildTargetSchema } from "../api/schemas/upgrade";
export { lifecycle } from "../resources/dispatch";
export { ENTITY_KINDS, kindNamed } from "../resources/kinds";
export { type CredentialSpec, mapCredentials } from "../resources/kinds/credentials";
export {
  containsUnknown,
  type FieldSpec,
  holdsSecret,
  isObject,
  isUnset,
  isWholeSecret,
  type Json,
  type JsonObject,
  MASK,
  pathSteps,
  UNKNOWN,
} from "../resources/kinds/fields";
export type { EntityKind, Inputs } from "../resources/kinds/kind";
export { shapeOf, toId } from "../resources/kinds/schemas";
export { SECRET_COMPUTED } from "../resources/kinds/source-fields";
export { TYPED_SOURCES } from "../resources/kinds/source-kinds";
export { cancellableRuntime } from "../resources/steps/cancellable";
export { engineAddressIn } from "../resources/steps/engine-address";
export { exitWhenEngineGone } from "../resources/steps/engine-gone";
export { diffFields, secretLeaves, serviceValue } from "../resources/steps/fields";
export { InFlight } from "../resources/steps/in-flight";
export type { Lifecycle } from "../resources/steps/lifecycle";
export { type Queries, queries } from "../resources/steps/lookups";
export { nameFromUrn } from "../resources/steps/naming";
export {
  type EngineModules,
  engineSink,
  type ProgressSink,
} from "../resources/steps/progress";
export { Runtime, type RuntimeOptions } from "../resources/steps/runtime";
export { ON_CONFLICT_VALUES, SETTINGS } from "../resources/steps/settings";
export { typeOfUrn } from "../resources/steps/urn";
