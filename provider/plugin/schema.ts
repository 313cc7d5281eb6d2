// The package schema (`pulumi package get-schema`), made from the kinds' tables: one resource
// per kind of ENTITY_KINDS, its inputs from the kind's fields and controls, its outputs from
// those plus what the service sets; the look-ups as functions; the provider's config from the
// settings. The SDKs of every language are generated from it (scripts/, the Go tool).
//
// Defaults are written in each description and not as the schema's `default`: the SDKs would
// send such a default as if the program had set it, which turns a field the program leaves to
// the service into a managed one (and an Installed Collector's "no CPU target", -1, is no
// valid input).
import type { z } from "zod";
import { INVOKES } from "./invokes";
import {
  collectorSchema,
  ENTITY_KINDS,
  type EntityKind,
  type FieldSpec,
  isWholeSecret,
  otCollectorSchema,
  SECRET_COMPUTED,
  SETTINGS,
  sourceSchema,
  sourceTemplateSchema,
  TYPED_SOURCES,
} from "./layer";
import { PLUGIN_INPUTS } from "./plugin-inputs";
import { resourceDescription } from "./schema-examples";
import {
  descriptionOf,
  fieldType,
  jsonSchemaOf,
  PACKAGE,
  type PropertySpec,
  TypeTable,
  token,
} from "./types";
import { packageInfo } from "./version";

export interface ResourceSpec {
  description: string;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs: string[];
  properties: Record<string, PropertySpec>;
  required: string[];
}

/** Hidden outputs every resource has besides its fields. */
const BOOKKEEPING: Readonly<Record<string, PropertySpec>> = {
  etag: {
    type: "string",
    description:
      "The entity tag of the object as last read or written; updates send it as If-Match.",
  },
  unmanaged: {
    type: "object",
    additionalProperties: { $ref: "pulumi.json#/Any" },
    secret: true,
    description:
      "The service's fields the program does not set, as last read; an update sends them back unchanged.",
  },
};

/**
 * What a field is: its doc, else its zod schema's description (a shared piece such as `adopt`),
 * else the description of the service's field it is (api/schemas: `category`, `hashAlgorithm`).
 */
export function fieldDoc(kind: EntityKind, key: string, spec: FieldSpec): string | undefined {
  const service = serviceShape(kind)[key];
  return (
    spec.doc ??
    descriptionOf(jsonSchemaOf(spec.schema)) ??
    (service ? descriptionOf(jsonSchemaOf(service)) : undefined)
  );
}

/** A field's description: what it is, and the service's default when it has one. */
export function describeField(kind: EntityKind, key: string, spec: FieldSpec): string {
  const doc = fieldDoc(kind, key, spec) ?? "";
  if (spec.default === undefined || /\bDefault\b/.test(doc)) return doc;
  return `${doc}${doc ? " " : ""}Default: ${JSON.stringify(spec.default)}.`.trim();
}

function property(table: TypeTable, kind: EntityKind, key: string, spec: FieldSpec): PropertySpec {
  // A credential the whole value is, secret as a whole; credentials inside it, as the members
  // they are (the plugin returns those leaves as secrets, credentials.ts). The ones under keys a
  // free-form map may have (a Cloud-to-Cloud config) have no member to mark: the description
  // says which keys, and the plugin wraps them in each value it returns.
  const leaves = isWholeSecret(spec) ? [] : (spec.secretPaths ?? []);
  const out: PropertySpec = { ...fieldType(table, spec.schema, key, kind.kind, leaves) };
  const description = [
    describeField(kind, key, spec),
    spec.secretKeys && !isWholeSecret(spec)
      ? `Members under keys matching ${spec.secretKeys} are secrets, each returned as one.`
      : "",
  ]
    .filter(Boolean)
    .join(" ");
  if (description) out.description = description;
  if (isWholeSecret(spec)) out.secret = true;
  if (spec.replace || key === kind.parent) out.replaceOnChanges = true;
  return out;
}

/** The service's object of each collection, whose fields a kind manages. */
const SERVICE_OBJECTS: Readonly<Record<EntityKind["collection"], z.ZodObject>> = {
  collectors: collectorSchema,
  sources: sourceSchema,
  otCollectors: otCollectorSchema,
  sourceTemplates: sourceTemplateSchema,
};

/** The fields of the service's object a kind manages. */
function serviceShape(kind: EntityKind): Readonly<Record<string, z.ZodType>> {
  return SERVICE_OBJECTS[kind.collection].shape;
}

/** The zod schema of a server-set output: the type's own, else the service object's. */
function serverSetSchema(kind: EntityKind, key: string): z.ZodType | undefined {
  return TYPED_SOURCES[kind.kind]?.outputs?.[key] ?? serviceShape(kind)[key];
}

function resource(table: TypeTable, kind: EntityKind): ResourceSpec {
  const inputs: Record<string, PropertySpec> = {};
  for (const [key, spec] of Object.entries({ ...kind.fields, ...kind.controls })) {
    inputs[key] = property(table, kind, key, spec);
  }
  Object.assign(inputs, PLUGIN_INPUTS[kind.kind]);
  const outputs: Record<string, PropertySpec> = { ...inputs };
  for (const key of kind.serverSet) {
    const schema = serverSetSchema(kind, key);
    outputs[key] = {
      ...(schema ? fieldType(table, schema, key, kind.kind) : { $ref: "pulumi.json#/Any" }),
      ...((SECRET_COMPUTED as readonly string[]).includes(key) ||
      kind.secretServerSet?.includes(key)
        ? { secret: true }
        : {}),
    };
  }
  Object.assign(outputs, BOOKKEEPING);
  // Named inside another input (a source template's inputJson.name): an output of its own.
  if (kind.nameOf) {
    outputs.name = { type: "string", description: "Its name, as the service shows it." };
  }
  if (kind.parent) outputs[kind.parent] = { ...outputs[kind.parent], type: "integer" };
  const rules = kind.rules({});
  return {
    description: resourceDescription(kind, describeKind(kind)),
    inputProperties: inputs,
    requiredInputs: Object.keys(rules.required ?? {}),
    properties: outputs,
    required: ["name", ...(kind.parent ? [kind.parent] : []), "etag", "unmanaged"],
  };
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const isList = (schema: unknown) => (schema as z.ZodType).def?.type === "array";

function describeKind(kind: EntityKind): string {
  if (kind.kind === "HostedCollector") return "A Hosted Collector, created through the API.";
  if (kind.kind === "InstalledCollector") {
    return "An Installed Collector, registered by the collector software on a host and taken over with `adopt`.";
  }
  if (kind.kind === "OtCollector") {
    return "An OpenTelemetry collector, registered by the vendor's OpenTelemetry collector on a host and taken over with `adopt`.";
  }
  if (kind.kind === "SourceTemplate") {
    return "A source template: the configuration the service sends to the OpenTelemetry collectors its selector picks.";
  }
  const type = TYPED_SOURCES[kind.kind];
  // "An HTTP source", "An ActiveDirectory source", "A Universal source".
  const article = type && /^(HTTP|[AEIO])/.test(type.sourceType) ? "An" : "A";
  return type
    ? `${article} ${type.sourceType} source${type.fixed?.contentType ? ` (contentType ${String(type.fixed.contentType)})` : ""}.`
    : "A source of any type the service knows, by its sourceType; fields this package does not model go in passthrough.";
}

/** The package schema of the plugin, as GetSchema serves it. */
export type PackageSchema = ReturnType<typeof packageSchema>;

/** The schema's JSON, written into the plugin's bundle by scripts/build/plugin.ts; unset in the sources. */
declare const PACKAGE_SCHEMA: string | undefined;

/**
 * The schema the plugin serves: a bundle's, which the build made with packageSchema() from the
 * same sources, else packageSchema() now. Making it converts every kind's shapes, a third of the
 * bundled plugin's start-up; reading the written one takes a millisecond.
 */
export function servedSchema(): PackageSchema {
  if (typeof PACKAGE_SCHEMA === "string") return JSON.parse(PACKAGE_SCHEMA) as PackageSchema;
  return packageSchema();
}

/** Pulumi's package schema of the plugin, for this version. */
export function packageSchema() {
  const table = new TypeTable();
  const { resources, functions } = table.build(() => ({
    resources: Object.fromEntries(
      Object.entries(ENTITY_KINDS).map(([name, kind]) => [token(name), resource(table, kind)]),
    ),
    functions: Object.fromEntries(
      Object.entries(INVOKES).map(([name, invoke]) => {
        const owner = name.charAt(0).toUpperCase() + name.slice(1);
        // A list result's items are named by what they are; an object result's members after it.
        const props = (schema: z.ZodObject, typeName: (key: string, list: boolean) => string) =>
          Object.fromEntries(
            Object.entries(schema.shape).map(([key, member]) => [
              key,
              {
                ...fieldType(table, member as z.ZodType, typeName(key, isList(member)), owner),
                ...(invoke.secrets.includes(key) && schema === invoke.result
                  ? { secret: true }
                  : {}),
              },
            ]),
          );
        const required = (schema: z.ZodObject) =>
          Object.entries(schema.shape)
            .filter(([, member]) => !(member as z.ZodType).safeParse(undefined).success)
            .map(([key]) => key);
        return [
          token(name),
          {
            description: invoke.description,
            inputs: {
              properties: props(invoke.args, (key) => `${owner}${pascal(key)}`),
              required: required(invoke.args),
            },
            outputs: {
              properties: props(invoke.result, (key, list) =>
                list ? `${invoke.returns}s` : `${invoke.returns}${pascal(key)}`,
              ),
              required: required(invoke.result),
            },
          },
        ];
      }),
    ),
  }));
  const info = packageInfo();
  return {
    name: PACKAGE,
    displayName: "Collectors",
    version: info.version,
    description:
      "Manage a Collector Management fleet (Hosted and Installed Collectors, Sources) as code.",
    keywords: ["pulumi", "collectors", "category/monitoring", "kind/native"],
    publisher: "pulumi-collectors",
    homepage: info.homepage,
    repository: info.repository,
    license: info.license,
    // Generated SDKs carry it, so the engine fetches the plugin itself: no install step.
    pluginDownloadURL: info.pluginDownloadURL,
    config: { variables: configVariables() },
    provider: {
      description: "The collectors provider: its account and where the service is.",
      inputProperties: configVariables(),
    },
    resources,
    functions,
    types: table.types,
    // Each SDK carries the schema's version (the plugin's), and the TypeScript one peers on the
    // program's @pulumi/pulumi: two copies in one program break it. Python: a pyproject.toml (no
    // setup.py to run), which `python -m build` turns into the wheel and sdist of a release. C#:
    // NuGet id and namespace PulumiCollectors.Collectors, as the default root `Pulumi` is
    // Pulumi's own (its NuGet id prefix is reserved to Pulumi; see docs/internals/sdks.md). The module
    // `index` is the root namespace: the SDK puts it there, and without saying so the C# program
    // generator (the schema's examples) writes `Collectors.Index.HostedCollector`.
    language: {
      nodejs: {
        packageName: "@pulumi-collectors/collectors",
        respectSchemaVersion: true,
        peerDependencies: { "@pulumi/pulumi": info.pulumiSdkRange },
      },
      go: {
        importBasePath: "github.com/pulumi-collectors/pulumi-collectors/sdk/go/collectors",
        respectSchemaVersion: true,
      },
      python: {
        packageName: "pulumi_collectors",
        respectSchemaVersion: true,
        pyproject: { enabled: true },
      },
      csharp: {
        rootNamespace: "PulumiCollectors",
        respectSchemaVersion: true,
        namespaces: { index: "" },
      },
    },
  };
}

/** What each setting means (docs/installation-configuration.md's configuration table says the same). */
const SETTING_DOCS: Readonly<Record<keyof typeof SETTINGS, string>> = {
  accessId: "Access id.",
  accessKey: "Access key.",
  deployment: "The account's deployment (au, ca, de, eu, fed, in, jp, us1, us2, …). Default us1.",
  endpoint:
    "A base URL instead of the deployment's, e.g. the local service's http://127.0.0.1:8080/api/v1.",
  onConflict:
    'What an update does when the object changed outside Pulumi: "fail" or "overwrite". Default "fail".',
};

function configVariables(): Record<string, PropertySpec & { defaultInfo: object }> {
  return Object.fromEntries(
    Object.entries(SETTINGS).map(([name, { env }]) => [
      name,
      {
        type: "string",
        description: SETTING_DOCS[name as keyof typeof SETTINGS],
        defaultInfo: { environment: [env] },
        ...(name === "accessKey" ? { secret: true } : {}),
      },
    ]),
  );
}
