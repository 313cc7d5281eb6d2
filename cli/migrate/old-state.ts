// What the old tool's state holds, as the migration sees it: the collectors and sources it
// manages, and the OpenTelemetry collectors and source templates, that the new program is to take
// over (each with the name the program gives it and how the old tool names it), what is not taken
// and why, and what depends on them. The Terraform and Pulumi readers make one; reading the
// service, planning and the hand-off only see this.
import { OT_ID_PATTERN } from "../../provider/api";
import { IdError, parseId } from "../../provider/api/ids";
import type { JsonObject } from "../../provider/resources/kinds/fields";

interface Named {
  /** The logical name the program asks for (made unique by the plan). */
  name: string;
  /** How the old tool names it: a Terraform address, or a Pulumi URN. */
  from: string;
}

/** A collector or source the old tool manages, with its id: one for the program to take over. */
export interface FleetCandidate extends Named {
  kind: "collector" | "source";
  /** The service's id of the object. */
  id: number;
  /** A source's collector. */
  collectorId?: number | undefined;
}

/** An OpenTelemetry collector or a source template the old tool manages. */
export interface OtCandidate extends Named {
  kind: "otCollector" | "sourceTemplate";
  /** The service's id: 16 hexadecimal digits, upper case as the service writes them. */
  id: string;
  /**
   * A template's inputJson as the old state holds it (Terraform and the bridged provider keep it
   * as JSON text), parsed: compared with the service's to say when they differ. Undefined when
   * the state has none or it is not a JSON object.
   */
  stateInputJson?: JsonObject | undefined;
}

export type Candidate = FleetCandidate | OtCandidate;
export type CandidateKind = Candidate["kind"];

export const isOtCandidate = (candidate: Candidate): candidate is OtCandidate =>
  candidate.kind === "otCollector" || candidate.kind === "sourceTemplate";

/** Something of the old state the program does not take over: it stays the old tool's. */
export interface NotTaken {
  /** A Terraform address, a Pulumi URN, or a description. */
  what: string;
  reason: string;
}

export interface OldState {
  candidates: Candidate[];
  notTaken: NotTaken[];
  /** For each candidate's `from`, what the old tool manages that depends on it and is not taken. */
  dependents: Map<string, string[]>;
}

/**
 * The service's ids of a candidate (`collectorId` for a source), or why the state's are not
 * ones: missing (`missing`, the reader's words for it), or not ids the service can have.
 */
export function idsOf(
  kind: FleetCandidate["kind"],
  id: unknown,
  collectorId: unknown,
  names: { collectorId: string; missing: string },
): Pick<FleetCandidate, "id" | "collectorId"> | { reason: string } {
  const absent = (value: unknown) => value === undefined || value === null || value === "";
  if (absent(id) || (kind === "source" && absent(collectorId))) return { reason: names.missing };
  try {
    return {
      id: parseId(id, "its id"),
      collectorId: kind === "source" ? parseId(collectorId, `its ${names.collectorId}`) : undefined,
    };
  } catch (error) {
    if (error instanceof IdError) return { reason: error.message };
    throw error;
  }
}

/** An OpenTelemetry object's id as the state holds it, or why it is not one the service has. */
export function otIdOf(id: unknown, missing: string): { id: string } | { reason: string } {
  if (id === undefined || id === null || id === "") return { reason: missing };
  if (typeof id !== "string" || !OT_ID_PATTERN.test(id)) {
    return {
      reason:
        `its id ${JSON.stringify(id)} is not an OpenTelemetry object's id: those are 16 ` +
        'hexadecimal digits, e.g. "0000000005F5E105"',
    };
  }
  return { id: id.toUpperCase() };
}

/** A template's input_json (inputJson) from the state: JSON text, parsed; else undefined. */
export function parsedInputJson(value: unknown): JsonObject | undefined {
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
    ? (parsed as JsonObject)
    : undefined;
}

/** What one resource of the old state holds, in the reader's terms. */
export interface StateEntry extends Named {
  id: unknown;
  /** A source's collector id. */
  collectorId: unknown;
  /** A template's input_json (inputJson). */
  inputJson: unknown;
}

/**
 * The candidate a resource of the old state is, or why it is not taken: `names` says what the
 * reader calls a source's collector id and a missing id.
 */
export function candidateOf(
  kind: CandidateKind,
  entry: StateEntry,
  names: { collectorId: string; missing: string },
): Candidate | { reason: string } {
  const { name, from } = entry;
  if (kind === "otCollector" || kind === "sourceTemplate") {
    const ot = otIdOf(entry.id, names.missing);
    if ("reason" in ot) return ot;
    const stateInputJson = kind === "sourceTemplate" ? parsedInputJson(entry.inputJson) : undefined;
    return { kind, id: ot.id, name, from, stateInputJson };
  }
  const ids = idsOf(kind, entry.id, entry.collectorId, names);
  return "reason" in ids ? ids : { kind, ...ids, name, from };
}
