// What another tool hands over: the collectors and sources its state manages, each with the
// name the new program gives it and where the old tool keeps it, and what is not taken and why.
// The Terraform and Pulumi readers make one; reading, planning and the hand-off only see this.

/** One collector or source the old tool manages, and the program is to take over. */
export interface Taken {
  kind: "collector" | "source";
  /** The service's id of the object. */
  id: number;
  /** A source's collector. */
  collectorId?: number | undefined;
  /** The logical name the program asks for (made unique by the plan). */
  name: string;
  /** How the old tool names it: a Terraform address, or a Pulumi URN. */
  from: string;
}

export interface NotTaken {
  /** A Terraform address, a Pulumi URN, or a description. */
  what: string;
  reason: string;
}

export interface Handover {
  taken: Taken[];
  notTaken: NotTaken[];
  /** For each taken object's `from`, what the old tool holds that depends on it and is not taken. */
  dependents: Map<string, string[]>;
}

/** Why the family's OpenTelemetry types are left: they live outside the Collector Management API. */
export const NOT_SERVED = {
  otCollector: "an OpenTelemetry collector: the Collector Management API does not manage them",
  sourceTemplate:
    "a source template (for OpenTelemetry collectors): not part of the Collector Management API",
} as const;

/** The service's id in a state: a number, or its decimal string. */
export function idOf(value: unknown): number | undefined {
  const text = typeof value === "number" ? String(value) : value;
  return typeof text === "string" && /^[1-9][0-9]{0,17}$/.test(text) ? Number(text) : undefined;
}
