// The provider's kind tables (provider/resources/kinds/) against the local service's own rule
// tables (emulator/validation/), by name: source types and the collector kind each belongs on,
// variants (contentTypes), thirdPartyRef path and authentication types with their fields,
// required fields and secrets, each type's fields and required fields, and the fields the
// service sets. The two are written independently from the same sheets (the service is the
// provider's check: they share no code); this test only makes drift visible. A difference fails
// unless ALLOWED names it with its reason, and an ALLOWED difference that is gone fails too.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  COLLECTOR_SERVER_SET,
  CREATE_ONLY,
  MODIFIABLE,
} from "../emulator/validation/collector-body";
import * as service from "../emulator/validation/source-types";
import {
  AUTH_TYPES,
  HTTP_REF_VARIANTS,
  PATH_TYPES,
  POLLING_VARIANTS,
  type RefVariant,
} from "../emulator/validation/third-party";
import { IN_CONFIG, UNIVERSAL_KEYS } from "../emulator/validation/universal";
import {
  COLLECTOR_FIELDS,
  COLLECTOR_VOLATILE,
  HOSTED_COLLECTOR,
  INSTALLED_COLLECTOR,
  INSTALLED_COLLECTOR_FIELDS,
  INSTALLED_SERVER_SET,
} from "../provider/resources/kinds/collectors";
import { COMMON_FIELDS } from "../provider/resources/kinds/source-fields";
import { SOURCE_VOLATILE, typedSpecs } from "../provider/resources/kinds/source-kinds";
import type { SourceType } from "../provider/resources/kinds/source-type";
import { SOURCE_TYPES } from "../provider/resources/kinds/source-types";
import { SOURCE_VARIANTS } from "../provider/resources/kinds/source-variants";
import { AUTH_SECRETS, AUTHS, PATHS } from "../provider/resources/kinds/third-party";

/**
 * The deliberate differences (`<fact>: <name> only in <side>`), each group with its reason. Keep
 * it short: a difference that is not deliberate is fixed on the side that is wrong.
 */
const ALLOWED: { differences: string[]; reason: string }[] = [
  {
    differences: [
      "source fields (every type): defaultDateFormat only in service",
      "common fields Universal refuses: defaultDateFormat only in service",
    ],
    reason:
      "the deprecated single-format predecessor of defaultDateFormats (sheet 2): the service takes " +
      "it from older clients (and, like every common field, only inside a Universal source's " +
      "config); the provider offers defaultDateFormats only, Source passes the old one through.",
  },
  {
    differences: [
      "source fields (every type): encoding only in service",
      "common fields Universal refuses: encoding only in service",
    ],
    reason:
      "the sheet lists encoding with the common fields and the service echoes UTF-8 on most " +
      "types; the provider offers it where it means something (LocalFile's files) and leaves it " +
      "to the service elsewhere (kept in unmanaged).",
  },
  {
    differences: ["fixed of DockerStats: contentType only in provider"],
    reason:
      "the service takes DockerStats with or without contentType (absent: stats as logs); " +
      'DockerStatsSource always sends "DockerMetrics" and leaves stats as logs to Source (docs/reference/resources/README.md).',
  },
  {
    differences: [
      "server-set members of path S3BucketPathExpression: snsTopicOrSubscriptionArn only in service",
    ],
    reason:
      "the provider never sends it and reads thirdPartyRef as a subset of what the program gave, " +
      "so the service's own member is neither an argument nor a diff (docs/reference/how-resources-behave.md, thirdPartyRef).",
  },
];
const ALLOWED_DIFFERENCES = ALLOWED.flatMap((entry) => entry.differences);

type Side = "service" | "provider";
/** Every fact, by name, as the sorted names one side gives for it. */
type Facts = Record<string, string[]>;

const names = (values: Iterable<string>) => [...new Set(values)].sort();
const keys = (value: object | undefined) => Object.keys(value ?? {});

// ---- the service's side (emulator/validation/) ----

/** What the service issues to a source of a type (and HTTP variant): its server-set outputs. */
function serviceIssues(sourceType: string, contentType?: string): string[] {
  if (sourceType === "Universal") return ["state"];
  const server = service.SOURCE_TYPES[sourceType]?.server;
  if (server === "syslogToken") return ["token"];
  if (server === "eventUrl") return ["url"];
  if (server !== "httpUrl") return [];
  return service.takesAuthHeader({ contentType }) ? ["url", "token", "baseUrl"] : ["url"];
}

function refFacts(facts: Facts, contentType: string, variant: RefVariant): void {
  facts[`paths of ${contentType}`] = names(variant.paths);
  facts[`authentications of ${contentType}`] = names(variant.auths);
  const ref = variant.optionalParts || variant.optionalRef ? "optional" : "required";
  facts[`thirdPartyRef of ${contentType}`] = [ref];
  facts[`path and authentication of ${contentType}`] = [
    variant.optionalParts ? "optional" : "required",
  ];
}

function serviceFacts(): Facts {
  const facts: Facts = {};
  const common = keys(service.COMMON_FIELDS);
  facts["source fields (every type)"] = names(common);
  facts["source types"] = names([
    ...Object.entries(service.SOURCE_TYPES).map(
      ([type, spec]) => `${type} on ${spec.collector === "Installable" ? "Installed" : "Hosted"}`,
    ),
    "Universal on Hosted",
  ]);
  for (const [type, spec] of Object.entries(service.SOURCE_TYPES)) {
    facts[`own fields of ${type}`] = names([...keys(spec.fields), ...keys(spec.fixed)]);
    facts[`common fields ${type} refuses`] = names(
      keys(spec.refused).filter((key) => common.includes(key)),
    );
    facts[`required of ${type}`] = names(["name", ...spec.required]);
    facts[`fixed of ${type}`] = names(keys(spec.fixed));
    facts[`server-set of ${type}`] = serviceIssues(type);
  }
  facts["own fields of Universal"] = names(
    UNIVERSAL_KEYS.filter((key) => key !== "sourceType" && key !== "name"),
  );
  facts["common fields Universal refuses"] = names(IN_CONFIG);
  facts["required of Universal"] = names(["name", "schemaRef", "config"]);
  facts["fixed of Universal"] = [];
  facts["server-set of Universal"] = serviceIssues("Universal");
  facts["server-set of every source"] = names(["id", ...keys(service.SOURCE_SERVER_SET)]);

  facts["Polling contentTypes"] = names(keys(POLLING_VARIANTS));
  facts["HTTP contentTypes"] = names(service.HTTP_CONTENT_TYPES);
  for (const [contentType, variant] of Object.entries(POLLING_VARIANTS))
    refFacts(facts, contentType, variant);
  for (const [contentType, variant] of Object.entries(HTTP_REF_VARIANTS)) {
    refFacts(facts, contentType, variant);
    facts[`server-set of HTTP ${contentType}`] = serviceIssues("HTTP", contentType);
  }
  for (const contentType of ["Zipkin", "Otlp"])
    facts[`server-set of HTTP ${contentType}`] = serviceIssues("HTTP", contentType);

  for (const [part, table] of [
    ["path", PATH_TYPES],
    ["authentication", AUTH_TYPES],
  ] as const) {
    facts[`${part} types`] = names(keys(table));
    for (const [type, spec] of Object.entries(table)) {
      facts[`fields of ${part} ${type}`] = names(keys(spec.fields));
      facts[`required of ${part} ${type}`] = names(spec.required ?? []);
      facts[`secrets of ${part} ${type}`] = names(spec.secrets ?? []);
      facts[`server-set members of ${part} ${type}`] = names(keys(spec.serverSet));
    }
  }

  facts["collector fields"] = names([...keys(MODIFIABLE), ...CREATE_ONLY]);
  facts["collector server-set"] = names(["id", ...keys(COLLECTOR_SERVER_SET)]);
  return facts;
}

// ---- the provider's side (provider/resources/kinds/) ----

/** The member names of a zod object schema, and which of them are required. */
function members(schema: z.ZodType): { all: string[]; required: string[] } {
  const shape = (schema as z.ZodObject).shape;
  const all = keys(shape).filter((key) => key !== "type");
  return {
    all,
    required: all.filter((key) => !(shape[key] as z.ZodType).safeParse(undefined).success),
  };
}

/** The fields an entry requires, or sends on create when the program leaves them out. */
function required(type: SourceType): string[] {
  return ["name", ...keys(type.required), ...keys(type.defaults)];
}

function providerFacts(): Facts {
  const facts: Facts = {};
  const base = Object.values(SOURCE_TYPES as Record<string, SourceType>);
  const variants = Object.entries(SOURCE_VARIANTS as Record<string, SourceType>);
  const common = keys(COMMON_FIELDS);
  facts["source fields (every type)"] = names(common);
  facts["source types"] = names(base.map((type) => `${type.sourceType} on ${type.collector}`));
  for (const type of base) {
    const own = variants.filter(([, v]) => v.sourceType === type.sourceType).map(([, v]) => v);
    // A sourceType's own fields: its base entry's and its variants' (HTTP's thirdPartyRef), and
    // the values they fix (DockerStats' contentType).
    facts[`own fields of ${type.sourceType}`] = names(
      [type, ...own].flatMap((entry) => [
        ...keys(typedSpecs(entry)).filter((key) => !common.includes(key)),
        ...keys(entry.fixed).filter((key) => key !== "contentType" || entry === type),
      ]),
    );
    facts[`common fields ${type.sourceType} refuses`] = names(
      common.filter((key) => !(type.common ?? common).includes(key as never)),
    );
    facts[`required of ${type.sourceType}`] = names(required(type));
    facts[`fixed of ${type.sourceType}`] = names(keys(type.fixed));
    facts[`server-set of ${type.sourceType}`] = names([
      ...(type.computed ?? []),
      ...keys(type.outputs),
    ]);
  }
  facts["server-set of every source"] = names(SOURCE_VOLATILE);

  const contentTypes = (sourceType: string) =>
    variants.filter(([, v]) => v.sourceType === sourceType).map(([contentType]) => contentType);
  const http = SOURCE_TYPES.HTTP.own.contentType.schema as z.ZodEnum;
  facts["Polling contentTypes"] = names(contentTypes("Polling"));
  facts["HTTP contentTypes"] = names([...contentTypes("HTTP"), ...keys(http.enum)]);
  for (const [contentType, variant] of variants) {
    const ref = variant.ref;
    if (!ref) continue;
    facts[`paths of ${contentType}`] = names(ref.paths);
    facts[`authentications of ${contentType}`] = names(ref.auths);
    facts[`thirdPartyRef of ${contentType}`] = [
      Object.hasOwn(variant.required, "thirdPartyRef") ? "required" : "optional",
    ];
    facts[`path and authentication of ${contentType}`] = [
      ref.optionalParts ? "optional" : "required",
    ];
    if (variant.sourceType === "HTTP") {
      facts[`server-set of HTTP ${contentType}`] = names([
        ...(variant.computed ?? []),
        ...keys(variant.outputs),
      ]);
    }
  }
  // Zipkin and Otlp are HttpSource's own contentTypes: what HttpSource has.
  for (const contentType of keys(http.enum))
    facts[`server-set of HTTP ${contentType}`] = facts["server-set of HTTP"] ?? [];

  for (const [part, table, secrets] of [
    ["path", PATHS, {}],
    ["authentication", AUTHS, AUTH_SECRETS],
  ] as const) {
    facts[`${part} types`] = names(keys(table));
    for (const [type, schema] of Object.entries(table)) {
      const { all, required } = members(schema);
      facts[`fields of ${part} ${type}`] = names(all);
      facts[`required of ${part} ${type}`] = names(required);
      facts[`secrets of ${part} ${type}`] = names(
        (secrets as Record<string, readonly string[]>)[type] ?? [],
      );
      // The provider models no server-set members of a path or an authentication.
      facts[`server-set members of ${part} ${type}`] = [];
    }
  }

  facts["collector fields"] = names(
    [...keys(COLLECTOR_FIELDS), ...keys(INSTALLED_COLLECTOR_FIELDS)].filter(
      // Not an object's field: an Installed Collector's build, applied through upgrade tasks.
      (key) => !(INSTALLED_COLLECTOR_FIELDS as Record<string, { notSent?: boolean }>)[key]?.notSent,
    ),
  );
  facts["collector server-set"] = names([
    ...COLLECTOR_VOLATILE,
    ...INSTALLED_SERVER_SET,
    ...HOSTED_COLLECTOR.serverSet,
    ...INSTALLED_COLLECTOR.serverSet,
  ]);
  return facts;
}

/** Every name one side gives for a fact and the other does not, as `<fact>: <name> only in <side>`. */
function differences(service: Facts, provider: Facts): string[] {
  const out: string[] = [];
  for (const fact of names([...keys(service), ...keys(provider)])) {
    const sides: [Side, string[], string[]][] = [
      ["service", service[fact] ?? [], provider[fact] ?? []],
      ["provider", provider[fact] ?? [], service[fact] ?? []],
    ];
    if (!(fact in service) || !(fact in provider)) {
      out.push(`${fact}: only in ${fact in service ? "service" : "provider"}`);
      continue;
    }
    for (const [side, mine, theirs] of sides)
      for (const name of mine)
        if (!theirs.includes(name)) out.push(`${fact}: ${name} only in ${side}`);
  }
  return out;
}

describe("the provider's kind tables and the service's rule tables", () => {
  const found = differences(serviceFacts(), providerFacts());

  it("differ only where ALLOWED says why", () => {
    expect(found.filter((d) => !ALLOWED_DIFFERENCES.includes(d))).toEqual([]);
  });

  it("still differ wherever ALLOWED says they do (no stale entry)", () => {
    expect(ALLOWED_DIFFERENCES.filter((d) => !found.includes(d))).toEqual([]);
  });

  it("compare something on every fact: both sides describe each source type", () => {
    const facts = serviceFacts();
    expect(facts["source types"]?.length).toBeGreaterThan(15);
    expect(keys(facts).filter((f) => f.startsWith("fields of path ")).length).toBe(
      keys(PATHS).length,
    );
    // The comparison itself can fail: a made-up fact on one side is a difference.
    expect(differences({ ...facts, x: ["a"] }, { ...facts, x: ["b"] })).toEqual([
      "x: a only in service",
      "x: b only in provider",
    ]);
  });
});
