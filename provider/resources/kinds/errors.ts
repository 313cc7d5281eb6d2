// The one error type of the resource layer and the one catalogue of what it says. Every message
// says what happened, to which object, and what to do next; none carries a credential or a secret
// field's value. A failure that wraps another (the service's ApiError, with its status and error
// id) keeps it as `cause`.
import { type ApiError, isApiError, isGone, upgradeRefusal } from "../../api";

/** `HostedCollector "web" (id 123)`. */
export function describe(kind: string, name: unknown, id?: unknown): string {
  const named = typeof name === "string" ? ` ${JSON.stringify(name)}` : "";
  const ided = id === undefined || id === null || id === "" ? "" : ` (id ${String(id)})`;
  return `${kind}${named}${ided}`;
}

const json = (value: unknown) => JSON.stringify(value);
/** An id as a program writes it in `adopt`: a number bare, a text id (16 hex digits) quoted. */
const adoptId = (id: unknown) => (/^\d+$/.test(String(id)) ? String(id) : json(String(id)));
const serviceSays = (e: ApiError) =>
  e.serviceMessage ? ` (the service says: ${e.serviceMessage})` : "";

const stateText = (state: unknown) => (typeof state === "string" ? ` (state ${state})` : "");
const DELETE_AGAIN =
  "Deleting a Universal (Cloud-to-Cloud) source is asynchronous and its name stays taken until " +
  "it is gone. Wait a few minutes, then run the same `pulumi up` or `pulumi destroy` again: it " +
  "deletes the source again and waits for it to go.";

/** What the layer says, by code. Each entry builds the message from the facts it names. */
export const MESSAGES = {
  // Settings and dispatch.
  missingCredential: (p: { what: string; key: string; env: string }) =>
    `No ${p.what} for the Collector Management service: run \`pulumi config set ` +
    `${p.what === "accessKey" ? "--secret " : ""}${p.key} <value>\` on the stack, or set ` +
    `${p.env} in the environment of \`pulumi\``,
  badOnConflict: (p: { key: string; env: string; value: string }) =>
    `${p.key} (or ${p.env}) must be "fail" or "overwrite", not ${json(p.value)}: "fail" stops an ` +
    `update when the object changed outside Pulumi, "overwrite" replaces the other change`,
  unknownKind: (p: { kind: string }) =>
    `The installed pulumi-collectors has no resource kind "${p.kind}": the state was written by ` +
    "another version of the package. Install the version the program was written for.",
  unknownMethod: (p: { kind: string; method: string }) =>
    `pulumi-collectors: unknown provider method "${p.method}" for ${p.kind}`,

  // Create and adoption.
  notCreatable: (p: { why: string }) => p.why,
  adoptNoId: (p: { kind: string; where: string; id: unknown; orElse: string }) =>
    `Cannot adopt into ${p.kind}: ${p.where} has nothing with id ${String(p.id)}. ` +
    `Check adopt.id${p.orElse}`,
  adoptNoName: (p: { kind: string; where: string; name: string; orElse: string }) =>
    `Cannot adopt into ${p.kind}: ${p.where} has nothing named ${json(p.name)}. ` +
    `Check adopt.name (names are case-sensitive)${p.orElse}`,
  adoptMismatch: (p: { resource: string; kind: string; wrong: string }) =>
    `Cannot adopt ${p.resource} into ${p.kind}: ${p.wrong}`,
  nameTaken: (p: { resource: string; where: string }) =>
    `Cannot create ${p.resource}: the name is taken in ${p.where}`,
  /** A create met an object of the same name that is not the one this create made. */
  duplicate: (p: {
    resource: string;
    where: string;
    id: unknown;
    differences: readonly string[];
  }) =>
    `Cannot create ${p.resource}: ${p.where} already has one with this name (id ${String(p.id)})` +
    `${p.differences.length > 0 ? `; it differs in ${p.differences.join(", ")}` : ""}. If a ` +
    "run stopped midway created it for this resource, `collectors recover` hands it to the " +
    "engine; otherwise take it over with " +
    `\`adopt: { id: ${adoptId(p.id)} }\`, or give this resource another name.`,
  adoptedReplacement: (p: { kind: string; replaces: readonly string[] }) =>
    `${p.kind}: changing ${p.replaces.join(", ")} needs a new object, but this resource has ` +
    "`adopt` set, so creating the replacement would take over the object being replaced. " +
    "Remove `adopt` from the program first (the object is already managed), run `pulumi up`, " +
    "then make the change.",
  adoptMoved: (p: { kind: string; noun: string; id: string; current: string; other: string }) =>
    `${p.kind} manages ${p.noun} ${p.id}${p.current}, but its adopt now points at ` +
    `${p.other}. A resource cannot move to another ${p.noun}. To manage that one, add another ` +
    `${p.kind} for it. To stop managing this one, remove it from the program: an ` +
    `${p.kind} is retained on delete (left on the service) unless it has ` +
    "`retainOnDelete: false`.",

  // Update.
  /** An update met 412: someone changed the object since Pulumi last read it. */
  conflict: (p: { resource: string }) =>
    `${p.resource} was changed outside Pulumi since it was last read; ` +
    "run `pulumi refresh` (or `pulumi up --refresh`)",

  // What the service refused.
  /** The collector manages its sources from a local JSON file. */
  jsonMode: (p: { action: string; resource: string; collectorId: unknown }) =>
    `Cannot ${p.action} ${p.resource}: collector ${String(p.collectorId)} has sourceSyncMode ` +
    '"Json", so its sources are managed in the collector\'s local JSON configuration file and the ' +
    'API refuses changes to them. Set the collector\'s sourceSyncMode to "UI" (for example with ' +
    'InstalledCollector { sourceSyncMode: "UI" }) to manage its sources with Pulumi, or make this ' +
    "change in the JSON file on the collector's host and remove the source from the program.",
  /**
   * A 404 without the service's code for a missing collector or source: the endpoint does not
   * know the path, so the object may well exist. Never taken as "deleted".
   */
  unknownPath: (p: { action: string; resource: string; error: ApiError; baseUrl: string }) =>
    `Cannot ${p.action} ${p.resource}: the endpoint answered 404` +
    `${p.error.code ? ` (code ${p.error.code})` : ""} to ${p.error.method} ${p.error.path}, a ` +
    "path it does not know, so this says nothing about the object and Pulumi keeps it in the " +
    `state. Requests go to ${p.baseUrl}; check collectors:endpoint (or COLLECTORS_ENDPOINT, and ` +
    "collectors:deployment): it must be the service's base URL ending in /api/v1.",

  // Universal sources, deleted asynchronously.
  stillStopping: (p: { id: string; collectorId: number; state: unknown; seconds: number }) =>
    `Deleted source ${p.id} of collector ${p.collectorId}, but the service still shows it` +
    `${stateText(p.state)} ${p.seconds} s later. ${DELETE_AGAIN}`,
  stoppingInterrupted: (p: { id: string; collectorId: number; state: unknown; why: string }) =>
    `Deleted source ${p.id} of collector ${p.collectorId}, but stopped waiting for it to go ` +
    `${p.why}; the service still showed it${stateText(p.state)}. ${DELETE_AGAIN}`,

  // An Installed Collector's version.
  upgradeRefused: (p: {
    change: string;
    label: string;
    wanted: string;
    error: unknown;
    entity: Record<string, unknown>;
  }) => {
    const cannot = `Cannot start the ${p.change} of ${p.label}`;
    const { error } = p;
    const refusal = upgradeRefusal(error);
    if (refusal === "not-alive" && isApiError(error)) {
      const seen =
        typeof p.entity.lastSeenAlive === "number"
          ? `last seen alive ${new Date(p.entity.lastSeenAlive).toISOString()}`
          : "never seen alive";
      return (
        `${cannot}: the collector is not alive (${seen}; the service counts a collector as not ` +
        `alive after 30 minutes without a heartbeat)${serviceSays(error)}. Only a running ` +
        "collector can take an upgrade: start the collector on its host, or wait for its next " +
        "heartbeat, then run `pulumi up` again. Its other settings are applied."
      );
    }
    if (refusal === "upgrading" && isApiError(error)) {
      return (
        `${cannot}: an upgrade or downgrade of this collector is already running (from an ` +
        "earlier `pulumi up` that stopped waiting for it, from `collectors upgrade`, or from the " +
        `web UI)${serviceSays(error)}. Wait for it to end (the service ends every task within 30 ` +
        "minutes), run `pulumi refresh` to record the version it reached, then run `pulumi up` again."
      );
    }
    if (refusal === "bad-version" && isApiError(error)) {
      return (
        `${cannot}: the service refused version ${json(p.wanted)}${serviceSays(error)}. ` +
        "Use a build the service offers: getUpgradeTargets() lists them, and " +
        "`latest(await getUpgradeTargets())` is the newest."
      );
    }
    if (refusal === "unknown-collector" && isApiError(error)) {
      return `${cannot}: the service no longer knows the collector${serviceSays(error)}; run \`pulumi refresh\`.`;
    }
    return `${cannot}: ${error instanceof Error ? error.message : String(error)}`;
  },
  upgradeUnreadable: (p: { label: string; change: string; taskId: string; error: unknown }) =>
    `${p.label}: the ${p.change} succeeded (task ${p.taskId}), but reading the collector ` +
    `afterwards failed: ${(p.error as Error).message}. Run \`pulumi refresh\` to record it.`,
  upgradeFailed: (p: {
    label: string;
    change: string;
    taskId: string;
    status: number;
    reason: string;
    running: string;
  }) =>
    `${p.label}: the ${p.change} failed (task ${p.taskId}, status ${p.status}): ${p.reason}. ` +
    `The collector still runs ${p.running}; its other settings are applied. Fix the cause on ` +
    "the collector's host and run `pulumi up` to try again, or set `version` back to the " +
    "running build.",
  upgradeStopped: (p: {
    label: string;
    change: string;
    taskId: string;
    why: string;
    status: string;
  }) =>
    `${p.label}: stopped waiting for the ${p.change} (task ${p.taskId}) ${p.why}; it was ` +
    `${p.status}. The task goes on on the service, which ends it within 30 minutes of its ` +
    "start: run `pulumi refresh` after that to record the version the collector reached, then " +
    "`pulumi up`.",
  upgradeLost: (p: { label: string; change: string; taskId: string; error: unknown }) =>
    `${p.label}: lost track of the ${p.change} (task ${p.taskId}): ` +
    `${(p.error as Error).message}. The task may still finish on the service: run ` +
    "`pulumi refresh` in a few minutes to record the version the collector reached, then " +
    "`pulumi up`.",
  noBuilds: (_: Record<string, never>) =>
    "latest(): the service listed no collector builds (getUpgradeTargets() was empty)",

  // The program's look-up functions.
  noCollectorWithId: (p: { id: unknown }) => `getCollector: no collector has id ${String(p.id)}`,
  noCollectorNamed: (p: { name: string }) => `getCollector: no collector is named ${json(p.name)}`,
  noSourceWithId: (p: { collectorId: unknown; id: unknown }) =>
    `getSource: collector ${String(p.collectorId)} has no source with id ${String(p.id)}`,
  noSourceNamed: (p: { collectorId: unknown; name: string }) =>
    `getSource: collector ${String(p.collectorId)} has no source named ${json(p.name)}`,
  noOtCollectorWithId: (p: { id: unknown }) =>
    `getOtCollector: no OpenTelemetry collector has id ${String(p.id)}`,
  noOtCollectorNamed: (p: { name: string }) =>
    `getOtCollector: no OpenTelemetry collector is named ${json(p.name)}`,
  noSourceTemplateWithId: (p: { id: unknown }) =>
    `getSourceTemplate: no source template has id ${String(p.id)}`,
  noSourceTemplateNamed: (p: { name: string }) =>
    `getSourceTemplate: no source template is named ${json(p.name)}`,

  // A mistake in a kind's table, found when the module loads.
  badTable: (p: { name: string; missing: string[]; foreign: string[] }) =>
    `source type ${p.name}: the hints must cover REQUIRED_FIELDS_BY_SOURCE_TYPE.${p.name}, each ` +
    `on one of its own fields (requirements without a hint: ${p.missing.join(", ") || "none"}; ` +
    `hints on fields it does not have: ${p.foreign.join(", ") || "none"})`,
} as const;

export type ResourceErrorCode = keyof typeof MESSAGES;
type Facts<C extends ResourceErrorCode> = Parameters<(typeof MESSAGES)[C]>[0];

/**
 * The error every step of the layer throws: a code from MESSAGES, its message, its cause. It
 * shows as before this type existed: named "Error", with `code` (like `cause`) not enumerable,
 * so what users see and what programs compare is its message; tell it apart with instanceof.
 */
export class ResourceError extends Error {
  declare readonly code: ResourceErrorCode | "partial";
  constructor(code: ResourceErrorCode | "partial", message: string, options?: { cause?: unknown }) {
    super(message, options);
    Object.defineProperty(this, "code", { value: code, enumerable: false });
  }
}

/** A ResourceError with the catalogue's message for `code`. */
export function resourceError<C extends ResourceErrorCode>(
  code: C,
  facts: Facts<C>,
  cause?: unknown,
): ResourceError {
  const message = (MESSAGES[code] as (f: Facts<C>) => string)(facts);
  return new ResourceError(code, message, cause === undefined ? undefined : { cause });
}

/**
 * A failure after the object was written. The dynamic-provider host turns an error carrying `id`
 * and `properties` into the engine's partial failure: the resource keeps these outputs (the
 * object as it now is, with its new ETag) and the operation is reported as failed with the
 * message, so the next `pulumi up` starts from the truth and tries the rest again.
 */
export class PartialFailure extends ResourceError {
  override readonly name = "PartialFailure";
  readonly reasons: string[];
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    cause?: unknown,
  ) {
    super("partial", message, cause === undefined ? undefined : { cause });
    this.reasons = [message];
  }
}

export type Action = "create" | "adopt" | "read" | "update" | "delete";

/**
 * What an error from the service becomes when a step fails: the Json-mode message for a source
 * of a collector whose sources live in a file, the endpoint message for a 404 from a path nobody
 * serves, or the error itself. Either way the service's error stays reachable as the cause.
 */
export function failure(
  error: unknown,
  step: { action: Action; resource: string; state: Record<string, unknown>; baseUrl: string },
): unknown {
  if (isApiError(error, "json-mode")) {
    return resourceError(
      "jsonMode",
      { action: step.action, resource: step.resource, collectorId: step.state.collectorId },
      error,
    );
  }
  if (isApiError(error) && error.status === 404 && !isGone(error)) {
    return resourceError(
      "unknownPath",
      { action: step.action, resource: step.resource, error, baseUrl: step.baseUrl },
      error,
    );
  }
  return error;
}
