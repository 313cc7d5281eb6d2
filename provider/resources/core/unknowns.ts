// During preview, inputs that depend on resources not yet created reach check and diff as this
// sentinel string (the engine's marker for an unknown value). Validation must let it through.
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when the value is, or contains anywhere inside it, an unknown preview value. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") {
    return Object.values(value).some(containsUnknown);
  }
  return false;
}
