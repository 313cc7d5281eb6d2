// What an API error becomes when a lifecycle step fails: the kind's own message for it (a
// collector in Json mode), the endpoint message for a 404 from a path nobody serves, or the
// error itself.
import { type CollectorsClient, isApiError, isGone } from "../../api";
import type { Action, EntityKind } from "./entityKind";
import { unknownPathMessage } from "./messages";

export type Fail = (
  error: unknown,
  action: Action,
  resource: string,
  state: Record<string, unknown>,
  client: CollectorsClient,
) => unknown;

export function failureFor(def: EntityKind): Fail {
  return (error, action, resource, state, client) =>
    def.translate?.(error, action, resource, state) ?? unknownPath(error, action, resource, client);
}

/**
 * A 404 that is not the service's "no such collector/source": the path itself is unknown where
 * the requests go, so nothing is known about the object. Said with what to check.
 */
function unknownPath(
  error: unknown,
  action: Action,
  resource: string,
  client: CollectorsClient,
): unknown {
  if (!isApiError(error) || error.status !== 404 || isGone(error)) return error;
  return new Error(unknownPathMessage(action, resource, error, client.baseUrl));
}
