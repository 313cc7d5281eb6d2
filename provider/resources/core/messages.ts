// The messages users see when a lifecycle step cannot proceed: what happened, to which object,
// and what to do next. They never carry a credential or a secret field's value.

/** `HostedCollector "web" (id 123)`. */
export function describe(kind: string, name: unknown, id?: unknown): string {
  const named = typeof name === "string" ? ` ${JSON.stringify(name)}` : "";
  const ided = id === undefined || id === null || id === "" ? "" : ` (id ${String(id)})`;
  return `${kind}${named}${ided}`;
}

/** An update met 412: someone changed the object since Pulumi last read it. */
export function conflictMessage(resource: string): string {
  return (
    `${resource} was changed outside Pulumi since it was last read; ` +
    "run `pulumi refresh` (or `pulumi up --refresh`)"
  );
}

/** The collector manages its sources from a local JSON file. */
export function jsonModeMessage(action: string, resource: string, collectorId: unknown): string {
  return (
    `Cannot ${action} ${resource}: collector ${String(collectorId)} has sourceSyncMode "Json", ` +
    "so its sources are managed in the collector's local JSON configuration file and the API " +
    'refuses changes to them. Set the collector\'s sourceSyncMode to "UI" (for example with ' +
    'InstalledCollector { sourceSyncMode: "UI" }) to manage its sources with Pulumi, or make this ' +
    "change in the JSON file on the collector's host and remove the source from the program."
  );
}

/** A create met an object of the same name that is not the one this create made. */
export function duplicateMessage(
  resource: string,
  where: string,
  existingId: unknown,
  differences: readonly string[],
): string {
  const diff = differences.length > 0 ? `; it differs in ${differences.join(", ")}` : "";
  return (
    `Cannot create ${resource}: ${where} already has one with this name (id ${String(existingId)})` +
    `${diff}. Give this resource another name, or take the existing one over with ` +
    "`adopt: { id }` (or `adopt: { name }`)."
  );
}

/**
 * A 404 without the service's code for a missing collector or source: the endpoint does not know
 * the path, so the object may well exist. Never taken as "deleted".
 */
export function unknownPathMessage(
  action: string,
  resource: string,
  error: { method: string; path: string; code: string | undefined },
  baseUrl: string,
): string {
  const code = error.code ? ` (code ${error.code})` : "";
  return (
    `Cannot ${action} ${resource}: the endpoint answered 404${code} to ${error.method} ` +
    `${error.path}, a path it does not know, so this says nothing about the object and Pulumi ` +
    `keeps it in the state. Requests go to ${baseUrl}; check collectors:endpoint (or ` +
    "COLLECTORS_ENDPOINT, and collectors:deployment): it must be the service's base URL ending in /api/v1."
  );
}
