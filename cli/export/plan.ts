// From the account as read to what the program declares: a statement per collector and source
// (logical names, references, adoption by id, secrets moved to stack config), the secrets to
// set, and what is left out and why. Knows nothing about particular types: types.ts does.
import type {
  Collector,
  OtCollector,
  Source as SourceInfo,
  SourceTemplate,
} from "../../provider/api";
import { identifierOf, NameRegistry, pascal } from "./names";
import { type Account, templateName } from "./read";
import { Code, type Statement, stringLiteral, type Value } from "./render";
import {
  type ArgPath,
  collectorDeclaration,
  type Declaration,
  isHiddenSecret,
  type Json,
  otCollectorDeclaration,
  sourceDeclaration,
  sourceSkipReason,
  sourcesSkipReason,
  sourceTemplateDeclaration,
  valueAt,
} from "./types";

export interface SecretToSet {
  /** The stack config key (in the project's namespace) the program reads. */
  key: string;
  /** The value to set; undefined when the service hides it (the user must supply it). */
  value: string | undefined;
  /** What it belongs to, e.g. `source "db logs" on collector "web"`. */
  owner: string;
  /** The field, e.g. "remotePassword" or "passthrough.config.apiKey". */
  field: string;
}

export interface SkippedObject {
  what: string;
  reason: string;
}

/** One resource of the program, with what a renderer for any language needs to know. */
export interface Declared extends Statement {
  /** The kind (resource class) it is, e.g. "HttpSource". */
  kind: string;
  /**
   * Kept on the service when Pulumi deletes it: an Installed Collector or an OpenTelemetry
   * collector, which the API cannot create again (their classes' default in TypeScript; the
   * plugin has no defaults for resource options, so other languages write the option).
   */
  retainOnDelete: boolean;
}

/** A collector and its sources, written together. */
export interface StatementGroup {
  statements: Declared[];
}

export interface ExportPlan {
  /** Whether every resource is declared with `protect: true`. */
  protect: boolean;
  groups: StatementGroup[];
  secrets: SecretToSet[];
  skipped: SkippedObject[];
  /** Exported collectors and sources, by type label ("Hosted", "OpenTelemetry", "HTTP", …). */
  collectorCounts: Map<string, number>;
  sourceCounts: Map<string, number>;
  /** Exported source templates (the OpenTelemetry collectors' configuration). */
  templateCount: number;
}

/** The name of the variable holding the stack config in the generated program. */
export const CONFIG_VARIABLE = "config";
/** How the generated program refers to the package. */
export const PACKAGE_ALIAS = "collectors";

/** A reference to another resource's id (`web.id`). */
export class IdOf extends Code {
  constructor(readonly resource: string) {
    super(`${resource}.id`);
  }
}

/** A secret read from the stack's config. */
export class SecretConfig extends Code {
  constructor(readonly key: string) {
    super(`${CONFIG_VARIABLE}.requireSecret(${stringLiteral(key)})`);
  }
}

/**
 * The object an adoption takes over, by id: a number, or the OpenTelemetry APIs' text id
 * (16 hexadecimal digits), written as a string.
 */
export class AdoptById extends Code {
  constructor(readonly id: number | string) {
    super(`{ id: ${typeof id === "string" ? stringLiteral(id) : id} }`);
  }
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Sets the value at `path` of `args` (a copy made by toValue) to `code`. */
function replaceAt(args: { [key: string]: Value }, path: readonly string[], code: Code): void {
  let node: Value = args;
  for (let i = 0; i < path.length - 1; i++) {
    node = (node as Record<string, Value>)[path[i] as string] as Value;
  }
  (node as Record<string, Value>)[path.at(-1) as string] = code;
}

/** A deep copy of JSON as Values, so secrets can be replaced without touching the original. */
function toValue(json: Json): Value {
  if (Array.isArray(json)) return json.map(toValue);
  if (json !== null && typeof json === "object") {
    return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, toValue(v)]));
  }
  return json;
}

/** Config keys stay short enough for `field: config.requireSecret("…"),` to fit on a line. */
const SECRET_KEY_MAX = 48;

/** The config key of a secret: the object's logical name and the field's own name. */
function secretKeyOf(logicalName: string, path: ArgPath): string {
  const field = pascal([[...path].reverse().find((part) => !/^\d+$/.test(part)) ?? "secret"]);
  const head = [...logicalName].slice(0, SECRET_KEY_MAX - Math.min(field.length, 24)).join("");
  return `${head}${field.slice(0, 24)}`;
}

function leftOutNote(declaration: Declaration, keepMasked = false): string[] {
  const notes: string[] = [];
  const kept = keepMasked
    ? declaration.secrets.filter((path) => isHiddenSecret(valueAt(declaration.args, path)))
    : [];
  if (kept.length > 0) {
    notes.push(
      'Written as the mask the service shows, which it takes back as "keep the stored value": ' +
        `${kept.map((path) => path.join(".")).join(", ")}. To manage the credential here, put ` +
        "a secret from config in its place.",
    );
  }
  if (declaration.leftOut.length > 0) {
    notes.push(
      `Kept as the service has them (${declaration.className} takes no argument for them): ` +
        `${declaration.leftOut.join(", ")}.`,
    );
  }
  if (declaration.masked.length > 0) {
    notes.push(
      `Shown masked by the service and written as the mask, which it takes back as "keep the ` +
        `stored value" (${declaration.className} compares this field with the service, so a ` +
        `value from config would differ on every preview): ` +
        `${declaration.masked.map((path) => path.join(".")).join(", ")}.`,
    );
  }
  if (declaration.refused.length > 0) {
    notes.push(
      `Kept as the service has them (${declaration.className} would refuse the current ` +
        `values): ${declaration.refused.join(", ")}.`,
    );
  }
  return notes;
}

/**
 * The logical names a program asks for, by object: a migration keeps the names another tool gave
 * (undefined: from the object's own name, as an export does). Names are made unique either way.
 */
export interface PlanNames {
  collector(collector: Collector): string | undefined;
  source(source: SourceInfo): string | undefined;
  otCollector?(collector: OtCollector): string | undefined;
  sourceTemplate?(template: SourceTemplate): string | undefined;
}

/** Choices of the export that shape every declaration. */
export interface PlanSettings {
  /** Declare every resource with `protect: true`. */
  protect: boolean;
  names?: PlanNames | undefined;
  /**
   * Write a credential the service shows masked as the mask, which the service takes back as
   * "keep the stored value" (a migration: the first `up` then writes nothing), instead of a
   * secret from config that the first `up` writes once.
   */
  keepMasked?: boolean | undefined;
}

/** The resource options of every declaration. */
const PROTECTED = new Code("{ protect: true }");

export function planExport(account: Account, settings: PlanSettings): ExportPlan {
  const options = settings.protect ? PROTECTED : undefined;
  // Logical names and config keys come from one registry: a YAML program has one namespace for
  // resources and config.
  const registry = new NameRegistry();
  const plan: ExportPlan = {
    protect: settings.protect,
    groups: [],
    secrets: [],
    skipped: [],
    collectorCounts: new Map(),
    sourceCounts: new Map(),
    templateCount: 0,
  };

  /** The args with their secrets read from config, recording each secret to set. */
  const withSecrets = (declaration: Declaration, logicalName: string, owner: string) => {
    const args = toValue(declaration.args) as { [key: string]: Value };
    for (const path of declaration.secrets) {
      const value = valueAt(declaration.args, path);
      if (settings.keepMasked && isHiddenSecret(value)) continue;
      const key = registry.unique(secretKeyOf(logicalName, path));
      replaceAt(args, path, new SecretConfig(key));
      plan.secrets.push({
        key,
        value: typeof value === "string" && !isHiddenSecret(value) ? value : undefined,
        owner,
        field: path.join("."),
      });
    }
    return args;
  };

  for (const { collector, sources, declared = true } of account.collectors) {
    const collectorLabel = `collector ${JSON.stringify(collector.name)} (id ${collector.id})`;
    const declaration = collectorDeclaration(collector);
    if (!declaration) {
      plan.skipped.push({
        what: collectorLabel,
        reason: `no resource class manages collectors of type ${String(collector.collectorType)}`,
      });
      continue;
    }
    const logicalName = registry.unique(
      settings.names?.collector(collector) ??
        identifierOf(collector.name, `collector${collector.id}`),
    );
    // A source whose collector the program does not declare names the collector by its id.
    const collectorId = declared ? new IdOf(logicalName) : String(collector.id);
    const sourcesReason = sourcesSkipReason(collector);
    const sourceStatements: Declared[] = [];
    const notes: string[] = [];
    for (const source of sources) {
      const sourceLabel = `source ${JSON.stringify(source.name)} (id ${source.id}) on ${collectorLabel}`;
      const reason = sourcesReason ?? sourceSkipReason(source);
      if (reason) {
        plan.skipped.push({ what: sourceLabel, reason });
        continue;
      }
      const sourceDecl = sourceDeclaration(source);
      const fallback = `source${source.id}`;
      const own = identifierOf(source.name, fallback);
      const sourceName = registry.unique(
        settings.names?.source(source) ?? `${logicalName}${pascal([own])}`,
      );
      const args = withSecrets(sourceDecl, sourceName, sourceLabel);
      sourceStatements.push({
        notes: leftOutNote(sourceDecl, settings.keepMasked),
        className: `${PACKAGE_ALIAS}.${sourceDecl.className}`,
        kind: sourceDecl.className,
        retainOnDelete: false,
        logicalName: sourceName,
        args: {
          collectorId,
          adopt: new AdoptById(source.id as number), // every source the service lists has one
          ...args,
        },
        options,
      });
      count(plan.sourceCounts, sourceDecl.typeLabel);
    }
    if (!declared) {
      if (sourceStatements.length > 0) plan.groups.push({ statements: sourceStatements });
      continue;
    }
    if (sourcesReason && sources.length > 0) {
      notes.push(`Its ${sources.length} source(s) are not managed here: ${sourcesReason}.`);
    }
    const args = withSecrets(declaration, logicalName, collectorLabel);
    const statement: Declared = {
      notes: [...notes, ...leftOutNote(declaration, settings.keepMasked)],
      variable: sourceStatements.length > 0 ? logicalName : undefined,
      className: `${PACKAGE_ALIAS}.${declaration.className}`,
      kind: declaration.className,
      retainOnDelete: declaration.className === "InstalledCollector",
      logicalName,
      args: { adopt: new AdoptById(collector.id), ...args },
      options,
    };
    count(plan.collectorCounts, declaration.typeLabel);
    plan.groups.push({ statements: [statement, ...sourceStatements] });
  }

  // The OpenTelemetry side: each OT collector, then each source template, adopted by its id.
  // Nothing refers to them (a template selects collectors by name and tags, not by reference).
  for (const collector of account.otCollectors ?? []) {
    const label = `OpenTelemetry collector ${JSON.stringify(collector.name)} (id ${collector.id})`;
    const declaration = otCollectorDeclaration(collector);
    const logicalName = registry.unique(
      settings.names?.otCollector?.(collector) ??
        identifierOf(collector.name, `otCollector${collector.id}`),
    );
    plan.groups.push({
      statements: [
        {
          notes: leftOutNote(declaration, settings.keepMasked),
          className: `${PACKAGE_ALIAS}.${declaration.className}`,
          kind: declaration.className,
          retainOnDelete: true, // OtCollector's default: the API cannot create one again
          logicalName,
          args: {
            adopt: new AdoptById(collector.id),
            ...withSecrets(declaration, logicalName, label),
          },
          options,
        },
      ],
    });
    count(plan.collectorCounts, declaration.typeLabel);
  }
  for (const template of account.sourceTemplates ?? []) {
    const name = templateName(template);
    const label = `source template ${JSON.stringify(name)} (id ${template.id})`;
    const declaration = sourceTemplateDeclaration(template);
    const logicalName = registry.unique(
      settings.names?.sourceTemplate?.(template) ??
        identifierOf(name, `sourceTemplate${template.id}`),
    );
    plan.groups.push({
      statements: [
        {
          notes: leftOutNote(declaration, settings.keepMasked),
          className: `${PACKAGE_ALIAS}.${declaration.className}`,
          kind: declaration.className,
          retainOnDelete: false,
          logicalName,
          args: {
            adopt: new AdoptById(template.id),
            ...withSecrets(declaration, logicalName, label),
          },
          options,
        },
      ],
    });
    plan.templateCount++;
  }
  return plan;
}
