// One sample per kind of ENTITY_KINDS (the typed sources' bodies of test/e2e/programs/sources,
// and samples.json for the rest), the field whose change needs a new object, taken from the kind
// table, and the program every front end builds at each stage of the invariant matrix: one stack
// holding every kind at once.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ENTITY_KINDS } from "../../../provider/resources/kinds";
import type { EntityKind } from "../../../provider/resources/kinds/kind";
import { type Change, SOURCE_BODIES, withValue } from "../../resources/sourceBodies.helpers";

export interface Sample {
  /** The collector a source lives on; none for a collector. */
  collector?: "Hosted" | "Installed";
  args: Record<string, unknown>;
  /** A change of one modifiable field. */
  update: Change;
}

const OWN: Record<string, Sample> = JSON.parse(
  readFileSync(join(__dirname, "samples.json"), "utf8"),
);
const SAMPLES: Readonly<Record<string, Sample>> = { ...SOURCE_BODIES, ...OWN };

/** Every kind, in the table's order: a new kind is a new row the day it is added. */
export const KINDS: readonly string[] = Object.keys(ENTITY_KINDS);

/** Kinds of ENTITY_KINDS without a sample: the matrix cannot cover them. */
export function missingSamples(): string[] {
  return KINDS.filter((kind) => !Object.hasOwn(SAMPLES, kind));
}

export function sampleOf(kind: string): Sample {
  const sample = Object.hasOwn(SAMPLES, kind) ? SAMPLES[kind] : undefined;
  if (!sample)
    throw new Error(`no sample for ${kind}: add one to test/e2e/invariants/samples.json`);
  return sample;
}

/** The program's own collectors besides the samples: where sources live, and where one moves. */
export const HOME = "home";
export const AWAY = "away";
/** The InstalledCollector sample is the collector the Installed sources live on. */
const INSTALLED = "InstalledCollector";

/**
 * The registered name a not-creatable kind's sample adopts, from the front end's host name: the
 * Installed Collector's is the host's, the OpenTelemetry collector's `otcollector.<host>`.
 */
export function adoptedName(kind: string, host: string): string {
  return kind === INSTALLED ? host : `${kind.toLowerCase()}.${host}`;
}

/**
 * A value every kind with this `replace: true` field accepts; for a field with `replaceOn`
 * members (schemaRef: its `type`), a value whose replacing member differs from the samples'.
 */
const REPLACING_VALUES: Readonly<Record<string, unknown>> = {
  cutoffRelativeTime: "-1d",
  schemaRef: { type: "Nginx" },
};

/** How to change a kind's not-modifiable field, or why it has none to change. */
export type NotModifiable = { field: string; value: unknown } | { na: string };

/**
 * From the kind table: the first `replace: true` field with a value in REPLACING_VALUES; else the
 * `parent` control, moved to the other Hosted Collector; else the first field with `replaceOn`
 * members and a value in REPLACING_VALUES (a source template's schemaRef.type); else none, and why.
 */
export function notModifiable(kind: EntityKind): NotModifiable {
  const replacing = Object.entries(kind.fields).filter(([, spec]) => spec.replace);
  const field = replacing.find(([name]) => Object.hasOwn(REPLACING_VALUES, name))?.[0];
  if (field) return { field, value: REPLACING_VALUES[field] };
  if (kind.parent) {
    if (sampleOf(kind.kind).collector !== "Hosted") {
      throw new Error(
        `${kind.kind}: moving an Installed source needs a second Installed Collector`,
      );
    }
    return { field: kind.parent, value: AWAY };
  }
  if (replacing.length > 0) {
    const names = replacing.map(([name]) => name).join(", ");
    throw new Error(`${kind.kind}: give ${names} a value in REPLACING_VALUES`);
  }
  const members = Object.entries(kind.fields).filter(([, spec]) => spec.replaceOn?.length);
  const byMember = members.find(([name]) => Object.hasOwn(REPLACING_VALUES, name))?.[0];
  if (byMember) return { field: byMember, value: REPLACING_VALUES[byMember] };
  if (members.length > 0) {
    const names = members.map(([name]) => name).join(", ");
    throw new Error(`${kind.kind}: give ${names} a value in REPLACING_VALUES`);
  }
  let why = "";
  if (kind.notCreatable) {
    why = Object.hasOwn(kind.fields, "cutoffRelativeTime")
      ? " (adopted, never created: cutoffRelativeTime is create-only)"
      : " (adopted, never created: nothing of it is fixed at creation)";
  }
  return { na: `no field with replace: true and no parent control${why}` };
}

export type Stage = "create" | "update" | "replace";

/** One resource of the program: a collector, or a source on the collector `parent` names. */
export interface Planned {
  kind: string;
  /** Its logical name: the kind's own for a sample. */
  name: string;
  parent?: string;
  args: Record<string, unknown>;
}

/**
 * The program at a stage: the two harness collectors, then every kind's sample (collectors before
 * sources), with its update from "update" on and its not-modifiable change at "replace".
 * `host` names what the not-creatable samples adopt (adoptedName): the registered Installed
 * Collector and OpenTelemetry collector.
 */
export function plan(stage: Stage, host: string): Planned[] {
  const harness: Planned[] = [
    { kind: "HostedCollector", name: HOME, args: { category: "e2e/matrix/home" } },
    { kind: "HostedCollector", name: AWAY, args: { category: "e2e/matrix/away" } },
  ];
  const samples = KINDS.map((name): Planned => {
    const kind = ENTITY_KINDS[name] as EntityKind;
    const sample = sampleOf(name);
    let args = structuredClone(sample.args);
    if (kind.notCreatable) args.adopt = { name: adoptedName(name, host) };
    if (stage !== "create") args = withValue(args, sample.update);
    let parent = sample.collector && (sample.collector === "Hosted" ? HOME : INSTALLED);
    const change = notModifiable(kind);
    if (stage === "replace" && "field" in change) {
      if (change.field === kind.parent) parent = String(change.value);
      else args[change.field] = change.value;
    }
    return { kind: name, name, ...(parent ? { parent } : {}), args };
  });
  const collectorsFirst = (p: Planned) => (p.parent ? 1 : 0);
  return [...harness, ...samples.sort((a, b) => collectorsFirst(a) - collectorsFirst(b))];
}
