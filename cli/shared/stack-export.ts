// Reads the JSON of `pulumi stack export`: the resources the state holds and its pending
// operations. Only the few fields this command needs are kept; anything else in the export
// (including every secret it may carry) is left where it is.
import { UsageError } from "../shared/output";

/** The export versions this reader knows (the engine has written 3 for years). */
const KNOWN_VERSIONS: readonly number[] = [3];

const EXPECTED =
  'expected the JSON of `pulumi stack export`: {"version": 3, "deployment": {"resources": [...], "pending_operations": [...]}}';

/** A resource the state holds: what tells whether an id or a URN is already taken. */
export interface StateResource {
  urn: string;
  type: string;
  id: string | undefined;
  /** Marked `delete`: replaced, waiting for the next update to delete it. */
  deleting: boolean;
}

/** An operation the engine started and never saw finish. */
export interface PendingOperation {
  urn: string;
  /** The resource's type token, e.g. collectors:index:HostedCollector. */
  type: string;
  /** creating, updating, deleting, reading or importing. */
  operation: string;
  /** The resource's recorded (checked) inputs; may hold secrets, never printed. */
  inputs: Record<string, unknown>;
}

export interface StackExport {
  resources: StateResource[];
  pending: PendingOperation[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function listOf(value: unknown, what: string, source: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new UsageError(`${source}: deployment.${what} is not a list; ${EXPECTED}`);
  }
  return value;
}

function stateResource(value: unknown): StateResource | undefined {
  if (!isRecord(value) || typeof value.urn !== "string" || typeof value.type !== "string") {
    return undefined;
  }
  const id = typeof value.id === "string" && value.id !== "" ? value.id : undefined;
  return { urn: value.urn, type: value.type, id, deleting: value.delete === true };
}

function pendingOperation(value: unknown, index: number, source: string): PendingOperation {
  const resource = isRecord(value) ? value.resource : undefined;
  if (
    !isRecord(value) ||
    typeof value.type !== "string" ||
    !isRecord(resource) ||
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
    inputs: isRecord(resource.inputs) ? resource.inputs : {},
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
 * The resources and pending operations of an export; `source` names where the text came from
 * (a file, stdin) for the messages, which say what was expected. Usage errors: exit code 2.
 */
export function parseStackExport(text: string, source: string): StackExport {
  const deployment = readDeployment(text, source);
  const resources = listOf(deployment.resources, "resources", source)
    .map(stateResource)
    .filter((resource) => resource !== undefined);
  const pending = listOf(deployment.pending_operations, "pending_operations", source).map(
    (operation, index) => pendingOperation(operation, index, source),
  );
  return { resources, pending };
}

/** The `deployment` object of an export, its version checked, and its resources as a list. */
export function readDeployment(text: string, source: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not JSON (${whereParsingFailed(error)}); ${EXPECTED}`);
  }
  if (!isRecord(document) || !isRecord(document.deployment)) {
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
  listOf(document.deployment.resources, "resources", source);
  return document.deployment;
}
