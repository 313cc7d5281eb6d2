// The shapes clients no one here wrote send for a field the service sets (docs/reference/local-service.md,
// "Server-set fields"), and reading and writing such a field at its place in a body.
import type { Json } from "../helpers/http";

/** Where a field sits in an object: keys and array indexes from the top. */
export type Path = readonly (string | number)[];

export function getAt(value: Json, path: Path): Json {
  let here = value;
  for (const step of path) here = here?.[step];
  return here;
}

/** A deep copy of `value` with `path` set to `next` (objects on the way made as needed). */
export function withAt(value: Json, path: Path, next: unknown): Json {
  const copy = structuredClone(value);
  let here = copy;
  path.slice(0, -1).forEach((step, i) => {
    here[step] ??= typeof path[i + 1] === "number" ? [] : {};
    here = here[step];
  });
  here[path[path.length - 1] as string | number] = next;
  return copy;
}

/** One shape of a sent value: what it is called in a failure, and the value. */
export interface Shape {
  label: string;
  value: unknown;
}

/**
 * The values a client may send that change nothing: the one the service shows (an echo), each
 * empty placeholder of the field's type, and null.
 */
export function unchangedShapes(shown: unknown, placeholders: readonly unknown[]): Shape[] {
  return [
    ...(shown === undefined ? [] : [{ label: "the value the service shows", value: shown }]),
    ...placeholders.map((value) => ({ label: `the placeholder ${JSON.stringify(value)}`, value })),
    { label: "null", value: null },
  ];
}
