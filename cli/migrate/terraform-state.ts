// Reads a Terraform state (the JSON of `terraform state pull`, format version 4) for what
// `collectors migrate terraform` takes over: the managed resources of the collector family, each
// instance with its address, its id, a source's collector_id, and a source template's
// input_json (JSON text, parsed; only compared with the service's, never printed). Nothing else
// of the state is kept: it holds keys and URLs in clear, and none of them may reach the output.
import { isObject } from "../../provider/resources/kinds/fields";
import { identifierOf } from "../export/names";
import { UsageError } from "../shared/output";
import { familyOf, type TypeTable } from "./family";
import {
  type Candidate,
  type CandidateKind,
  candidateOf,
  type NotTaken,
  type OldState,
} from "./old-state";

const MISSING = "its state holds no id of the service's (never created?)";
const EXPECTED = 'expected the JSON of `terraform state pull`: {"version": 4, "resources": [...]}';

/**
 * The Terraform provider's collector types (Hosted, and Installed ones), source types
 * (`sumologic_<type>_source`, which keep their collector beside their id), and its
 * OpenTelemetry ones (id: the service's 16 hexadecimal digits).
 */
const TYPES: TypeTable = {
  collectors: new Set(["sumologic_collector", "sumologic_installed_collector"]),
  sources: /^sumologic_[a-z0-9_]+_source$/,
  otCollector: "sumologic_ot_collector",
  sourceTemplate: "sumologic_source_template",
};

/** `module.app.sumologic_http_source.web["eu"]`: the address Terraform prints and takes. */
function addressOf(resource: Record<string, unknown>, key: unknown): string {
  const module = typeof resource.module === "string" ? `${resource.module}.` : "";
  const data = resource.mode === "data" ? "data." : "";
  const index = key === undefined ? "" : `[${JSON.stringify(key)}]`;
  return `${module}${data}${String(resource.type)}.${String(resource.name)}${index}`;
}

/** The program's name: the resource's name, after its modules' names, before its key. */
function nameOf(resource: Record<string, unknown>, key: unknown): string {
  const modules = typeof resource.module === "string" ? resource.module.split(".") : [];
  const parts = [
    ...modules.filter((_, i) => i % 2 === 1), // module.a.module.b → a, b
    String(resource.name),
    ...(key === undefined ? [] : [String(key)]),
  ];
  return identifierOf(parts.join(" "), String(resource.name));
}

function parseJson(text: string, source: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new UsageError(`${source} is not JSON; ${EXPECTED}`);
  }
  if (!isObject(document) || !("version" in document) || !Array.isArray(document.resources)) {
    throw new UsageError(`${source} is not a Terraform state; ${EXPECTED}`);
  }
  if (document.version !== 4) {
    throw new UsageError(
      `${source}: Terraform state version ${JSON.stringify(document.version)}; this command reads ` +
        "version 4, what Terraform 0.12 and later (and OpenTofu) write. Run `terraform state pull` " +
        "with a current Terraform to get one.",
    );
  }
  return document;
}

/** What a resource is to the migration: a collector or a source, or why neither. */
function managedFamilyOf(resource: Record<string, unknown>): CandidateKind | { reason: string } {
  if (resource.mode === "data") return { reason: "a data source: read by Terraform, not managed" };
  if (resource.mode !== "managed") {
    return { reason: `not a managed resource (mode ${String(resource.mode)})` };
  }
  return familyOf(String(resource.type), TYPES);
}

/** The collectors and sources a Terraform state manages; `source` names it in messages. */
export function readTerraformState(text: string, source: string): OldState {
  const state = parseJson(text, source);
  const candidates: Candidate[] = [];
  const notTaken: NotTaken[] = [];
  for (const resource of state.resources as unknown[]) {
    if (!isObject(resource) || !Array.isArray(resource.instances)) {
      throw new UsageError(`${source}: a resource without "instances"; ${EXPECTED}`);
    }
    const family = managedFamilyOf(resource);
    for (const instance of resource.instances as unknown[]) {
      const key = isObject(instance) ? instance.index_key : undefined;
      const from = addressOf(resource, key);
      if (typeof family !== "string") {
        notTaken.push({ what: from, reason: family.reason });
        continue;
      }
      const attributes =
        isObject(instance) && isObject(instance.attributes) ? instance.attributes : {};
      const entry = {
        id: attributes.id,
        collectorId: attributes.collector_id,
        inputJson: attributes.input_json,
        name: nameOf(resource, key),
        from,
      };
      const names = { collectorId: "collector_id", missing: MISSING };
      const candidate = candidateOf(family, entry, names);
      if ("reason" in candidate) notTaken.push({ what: from, reason: candidate.reason });
      else candidates.push(candidate);
    }
  }
  // Terraform keeps no dependents to hold back: its `removed` blocks let go of any resource.
  return { candidates, notTaken, dependents: new Map() };
}
