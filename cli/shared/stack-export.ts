// Reads the JSON of `pulumi stack export`, once, for every command that takes one (`collectors
// recover`, `collectors migrate pulumi`): the version checked, and the resources and pending
// operations each as a typed record of the few fields the commands read. Nothing is printed from
// it but URNs, types and ids: the export may hold secrets (in clear, with --show-secrets).
import { isObject } from "../../provider/resources/kinds/fields";
import { UsageError } from "./output";

/** The export versions this reader knows (the engine has written 3 for years). */
const KNOWN_VERSIONS: readonly number[] = [3];

const EXPECTED =
  'expected the JSON of `pulumi stack export`: {"version": 3, "deployment": {"resources": [...], "pending_operations": [...]}}';

type Json = Record<string, unknown>;

/** A resource the state holds. */
export interface StateResource {
  urn: string;
  /** The resource's type token, e.g. collectors:index:HostedCollector. */
  type: string;
  /** Its id, if the state has one. */
  id: string | undefined;
  /** Marked `delete`: replaced, waiting for the next update to delete it. */
  deleting: boolean;
  /** Its outputs as the export holds them (secrets still wrapped); {} when there are none. */
  outputs: Json;
  /** The URNs it depends on: its dependencies, its properties' and its parent. */
  dependsOn: string[];
}

/** An operation the engine started and never saw finish. */
export interface PendingOperation {
  urn: string;
  /** The resource's type token. */
  type: string;
  /** creating, updating, deleting, reading or importing. */
  operation: string;
  /** The inputs the engine saved with it (checked inputs); may hold secrets, never printed. */
  inputs: Json;
  /** The resource as the export holds it, whole: what recording its id writes into the state. */
  resource: Json;
}

/** The `deployment` of an export, its two lists as lists ([] where the export has none). */
export interface Deployment extends Json {
  resources: unknown[];
  pending_operations: unknown[];
}

export interface StackExport {
  /** The export as parsed, for a new state that keeps everything it does not change. */
  document: Json & { deployment: Deployment };
  /** The resources that have a URN and a type (the engine writes no other). */
  resources: StateResource[];
  /** Every pending operation, in the export's order (`deployment.pending_operations[i]`). */
  pending: PendingOperation[];
}

function listOf(value: unknown, what: string, source: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new UsageError(`${source}: deployment.${what} is not a list; ${EXPECTED}`);
  }
  return value;
}

const urns = (value: unknown): string[] =>
  (Array.isArray(value) ? value : []).filter((urn) => typeof urn === "string");

function stateResource(value: unknown): StateResource | undefined {
  if (!isObject(value) || typeof value.urn !== "string" || typeof value.type !== "string") {
    return undefined;
  }
  const id = typeof value.id === "string" && value.id !== "" ? value.id : undefined;
  const byProperty = isObject(value.propertyDependencies)
    ? Object.values(value.propertyDependencies).flatMap(urns)
    : [];
  return {
    urn: value.urn,
    type: value.type,
    id,
    deleting: value.delete === true,
    outputs: isObject(value.outputs) ? value.outputs : {},
    dependsOn: [...urns(value.dependencies), ...byProperty, ...urns([value.parent])],
  };
}

function pendingOperation(value: unknown, index: number, source: string): PendingOperation {
  const resource = isObject(value) ? value.resource : undefined;
  if (
    !isObject(value) ||
    typeof value.type !== "string" ||
    !isObject(resource) ||
    typeof resource.urn !== "string" ||
    typeof resource.type !== "string"
  ) {
    throw new UsageError(
      `${source}: deployment.pending_operations[${index}] is not an operation ` +
        '({"resource": {"urn", "type", "inputs", ...}, "type": "creating" | ...}); ' +
        EXPECTED,
    );
  }
  return {
    urn: resource.urn,
    type: resource.type,
    operation: value.type,
    inputs: isObject(resource.inputs) ? resource.inputs : {},
    resource,
  };
}

/**
 * Where JSON.parse gave up, without the piece of the text V8 quotes in its message: the text may
 * be an export made with --show-secrets.
 */
function whereParsingFailed(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  const at = /\(line (\d+) column (\d+)\)/.exec(message);
  if (at) return `at line ${at[1]}, column ${at[2]}`;
  if (/end of JSON/i.test(message)) return "it ends too early: cut short?";
  const token = /^Unexpected token '(.)'/.exec(message);
  return token ? `unexpected character '${token[1]}'` : "unreadable";
}

/**
 * The export in `text`; `source` names where the text came from (a file, stdin) in the messages,
 * which say what was expected. A stack with no resources may have no `resources` at all, or
 * null: that is an empty list. Anything else amiss is a UsageError (exit code 2).
 */
export function readStackExport(text: string, source: string): StackExport {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not JSON (${whereParsingFailed(error)}); ${EXPECTED}`);
  }
  if (!isObject(document) || !isObject(document.deployment)) {
    throw new UsageError(
      `${source} is not a stack export: it has no "deployment" object; ${EXPECTED}`,
    );
  }
  if (typeof document.version !== "number" || !KNOWN_VERSIONS.includes(document.version)) {
    throw new UsageError(
      `${source}: stack export version ${JSON.stringify(document.version)} is not one this command ` +
        `reads (${KNOWN_VERSIONS.join(", ")}); ${EXPECTED}`,
    );
  }
  const deployment: Deployment = {
    ...document.deployment,
    resources: listOf(document.deployment.resources, "resources", source),
    pending_operations: listOf(
      document.deployment.pending_operations,
      "pending_operations",
      source,
    ),
  };
  return {
    document: { ...document, deployment },
    resources: deployment.resources.map(stateResource).filter((r) => r !== undefined),
    pending: deployment.pending_operations.map((operation, index) =>
      pendingOperation(operation, index, source),
    ),
  };
}
