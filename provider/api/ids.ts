// The service's id of a collector or a source: a whole number, which this package holds as a
// JavaScript number, exact only up to Number.MAX_SAFE_INTEGER, so a larger one is refused rather
// than rounded to another object's. The one parser, for the client's callers: both front ends'
// checks, the plugin's ids (provider/plugin/ids.ts) and the command line (migrate, recover).

/**
 * Where reading an id failed: the message names the value and what to do. `malformed`: not a
 * whole number from 1 at all (else it is one, past Number.MAX_SAFE_INTEGER).
 */
export class IdError extends Error {
  override name = "IdError";
  constructor(
    message: string,
    readonly malformed: boolean,
  ) {
    super(message);
  }
}

/**
 * The service's id from a number or its decimal text (states hold either); `what` names it in
 * the message ("its collectorId"). Throws IdError for anything else, and for an id past
 * Number.MAX_SAFE_INTEGER, which no number here holds exactly.
 */
export function parseId(value: unknown, what: string): number {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9][0-9]*$/.test(text)) {
    throw new IdError(
      `${what} ${JSON.stringify(value)} is not an id: ids are whole numbers from 1, e.g. 123`,
      true,
    );
  }
  const id = Number(text);
  if (!Number.isSafeInteger(id)) {
    throw new IdError(
      `${what} ${text} is larger than ${Number.MAX_SAFE_INTEGER}, the largest id this package ` +
        "can hold without rounding it to another one; check that it is the object's id as the " +
        "service gives it (`collectors list` and `collectors list --sources` show them)",
      false,
    );
  }
  return id;
}

/** parseId's id, or undefined where it throws. */
export function idIn(value: unknown): number | undefined {
  try {
    return parseId(value, "id");
  } catch (error) {
    if (error instanceof IdError) return undefined;
    throw error;
  }
}
