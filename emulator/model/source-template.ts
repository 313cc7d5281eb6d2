import type { StoredRecord } from "../store";
import { hexId, rfc3339 } from "./hex-id";
import type { Selector } from "./selector";
import { latestVersion } from "./template-types";
import { toYaml } from "./yaml";

/** A source template as stored. */
export interface SourceTemplateDoc {
  id: number;
  type: string;
  version: string;
  /** As sent: name, receivers, description?, processors?, and whatever else the client gave. */
  inputJson: Record<string, unknown>;
  selector: Selector;
  isEnabled: boolean;
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  modifiedBy: string;
}

export type SourceTemplateRecord = StoredRecord<SourceTemplateDoc>;

export function templateName(doc: SourceTemplateDoc): string {
  return doc.inputJson.name as string;
}

function objectAt(json: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = json[key];
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The collector configuration the template stands for, as YAML: its receivers and processors
 * and one pipeline through them to the Sumo Logic exporter. Deterministic (keys sorted), so the
 * same template always renders the same text; the emulator runs no collector to check it.
 */
export function renderConfig(doc: SourceTemplateDoc): string {
  const receivers = objectAt(doc.inputJson, "receivers");
  const processors = objectAt(doc.inputJson, "processors");
  const config = {
    receivers,
    processors,
    exporters: { sumologic: {} },
    service: {
      pipelines: {
        [`logs/${hexId(doc.id)}`]: {
          receivers: Object.keys(receivers).sort(),
          processors: Object.keys(processors).sort(),
          exporters: ["sumologic"],
        },
      },
    },
  };
  const header = `# ${doc.type} source template ${JSON.stringify(templateName(doc))}, schema version ${doc.version}`;
  return `${header}\n${toYaml(config)}\n`;
}

/** The SourceTemplateDefinition; `linked` is computed by the caller from the store. */
export function renderSourceTemplate(
  doc: SourceTemplateDoc,
  linked: number,
): Record<string, unknown> {
  return {
    id: hexId(doc.id),
    schemaRef: { type: doc.type, version: doc.version, latestVersion: latestVersion(doc.type) },
    inputJson: doc.inputJson,
    config: renderConfig(doc),
    selector: { tags: doc.selector.tags, names: doc.selector.names },
    totalCollectorLinked: linked,
    isEnabled: doc.isEnabled,
    status: doc.isEnabled ? "enable" : "disable",
    createdAt: rfc3339(doc.createdAt),
    createdBy: doc.createdBy,
    modifiedAt: rfc3339(doc.modifiedAt),
    modifiedBy: doc.modifiedBy,
  };
}
