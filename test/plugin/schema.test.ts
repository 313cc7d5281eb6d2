// The package schema agrees with the kinds' tables: every field an input with its type, doc,
// default, secret and replace flags (a credential inside a field a secret member of its object
// type, and nothing else in it secret); nothing else an input but the plugin's own (plugin-inputs.ts); the
// required inputs the kinds' rules require; the look-ups as functions; the settings as config;
// every element described (the SDKs' docs). And `npm run build` wrote
// this very schema to dist/plugin/schema.json, the file the SDK generator reads.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { INVOKES } from "../../provider/plugin/invokes";
import { PLUGIN_INPUTS } from "../../provider/plugin/plugin-inputs";
import { describeField, packageSchema } from "../../provider/plugin/schema";
import { fieldType, jsonSchemaOf, type TypeSpec, TypeTable } from "../../provider/plugin/types";
import { DOWNLOAD_URL_VARIABLE, packageInfoOf } from "../../provider/plugin/version";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import { type FieldSpec, isWholeSecret } from "../../provider/resources/kinds/fields";
import { SETTINGS } from "../../provider/resources/steps/settings";

const schema = packageSchema();
const ROOT = join(__dirname, "..", "..");

type Member = TypeSpec & { secret?: boolean };

/**
 * The paths ("resources[].authentication.awsKey") of every member marked secret inside a
 * property's type, through its object types, items, maps and options.
 */
function secretMembers(type: Member, at = ""): string[] {
  const object = type.$ref?.startsWith("#/types/")
    ? schema.types[type.$ref.slice("#/types/".length)]
    : undefined;
  return [
    ...Object.entries(object?.properties ?? {}).flatMap(([key, member]) => {
      const path = at ? `${at}.${key}` : key;
      return [...(member.secret ? [path] : []), ...secretMembers(member, path)];
    }),
    ...(type.items ? secretMembers(type.items, `${at}[]`) : []),
    ...(type.additionalProperties ? secretMembers(type.additionalProperties, at) : []),
    ...(type.oneOf ?? []).flatMap((option) => secretMembers(option, at)),
  ];
}

/** The members of a field the schema should mark secret: its credentials, unless it is one. */
const secretLeavesOf = (spec: FieldSpec) => (isWholeSecret(spec) ? [] : (spec.secretPaths ?? []));

describe("the package schema", () => {
  it("has one resource per kind, each input a field or control of the kind's table", () => {
    expect(Object.keys(schema.resources).sort()).toEqual(
      Object.keys(ENTITY_KINDS)
        .map((name) => `collectors:index:${name}`)
        .sort(),
    );
    for (const [name, kind] of Object.entries(ENTITY_KINDS)) {
      const resource = schema.resources[`collectors:index:${name}`];
      const specs = { ...kind.fields, ...kind.controls };
      expect(Object.keys(resource?.inputProperties ?? {}).sort(), name).toEqual(
        Object.keys({ ...specs, ...PLUGIN_INPUTS[name] }).sort(),
      );
      expect([...(resource?.requiredInputs ?? [])].sort(), name).toEqual(
        Object.keys(kind.rules({}).required ?? {}).sort(),
      );
      for (const [key, spec] of Object.entries(specs)) {
        const input = resource?.inputProperties[key];
        const where = `${name}.${key}`;
        // A secret as a whole only when the whole value is a credential; else its credentials,
        // and they alone, are secret members of its types.
        expect(input?.secret === true, where).toBe(isWholeSecret(spec));
        expect([...new Set(secretMembers(input ?? {}))].sort(), where).toEqual(
          [...secretLeavesOf(spec)].sort(),
        );
        if (spec.secretKeys && !isWholeSecret(spec)) {
          expect(input?.description, where).toContain(String(spec.secretKeys));
        }
        expect(input?.replaceOnChanges === true, where).toBe(
          spec.replace === true || key === kind.parent,
        );
        if (spec.doc) expect(input?.description, where).toContain(spec.doc);
        if (spec.default !== undefined) {
          expect(input?.description, where).toMatch(/Default/);
          expect(describeField(kind, key, spec), where).toContain(
            spec.doc?.includes("Default") ? "Default" : JSON.stringify(spec.default),
          );
        }
        const json = jsonSchemaOf(spec.schema);
        if (["string", "boolean", "integer", "array"].includes(String(json.type))) {
          expect(input?.type, where).toBe(json.type);
        }
        if (json.type === "object" && json.properties) {
          expect(input?.$ref, where).toMatch(/^#\/types\/collectors:index:/);
        }
        // An output too, secret where the input is.
        expect(resource?.properties[key]?.secret === true, where).toBe(isWholeSecret(spec));
        expect(resource?.properties[key]?.$ref, where).toBe(input?.$ref);
      }
      for (const key of kind.serverSet)
        expect(resource?.properties[key], `${name}.${key}`).toBeDefined();
      expect(resource?.properties.unmanaged?.secret).toBe(true);
    }
  });

  it("declares every object type it refers to, members typed", () => {
    const refs = JSON.stringify(schema).match(/#\/types\/[^"]+/g) ?? [];
    for (const ref of new Set(refs)) {
      expect(schema.types[ref.slice("#/types/".length)], ref).toBeDefined();
    }
    const resource = schema.types["collectors:index:S3SourceThirdPartyRefResourceAuthentication"];
    expect(Object.keys(resource?.properties ?? {})).toEqual(
      expect.arrayContaining(["type", "awsId", "awsKey", "roleARN"]),
    );
    expect(schema.types["collectors:index:Filter"]?.required).toEqual([
      "name",
      "filterType",
      "regexp",
    ]);
  });

  it("marks an S3 source's key secret, and nothing else of its thirdPartyRef", () => {
    const s3 = schema.resources["collectors:index:S3Source"]?.inputProperties.thirdPartyRef;
    expect(s3?.secret).toBeUndefined();
    expect(secretMembers(s3 ?? {})).toEqual(["resources[].authentication.awsKey"]);
    const auth = schema.types["collectors:index:S3SourceThirdPartyRefResourceAuthentication"];
    expect(auth?.properties.awsKey?.secret).toBe(true);
    for (const member of ["type", "awsId", "roleARN", "region"]) {
      expect(auth?.properties[member]?.secret, member).toBeUndefined();
    }
    const path = schema.types["collectors:index:ThirdPartyRefResourcePath"];
    expect(Object.values(path?.properties ?? {}).some((member) => member.secret)).toBe(false);
    // The generic Source's pass-through and free-form thirdPartyRef stay secrets as a whole.
    const generic = schema.resources["collectors:index:Source"]?.inputProperties;
    expect(generic?.thirdPartyRef?.secret).toBe(true);
    expect(generic?.passthrough?.secret).toBe(true);
  });

  it("never shares an object type between a use with a secret member and one without", () => {
    const table = new TypeTable();
    const auth = z.object({ awsId: z.string(), awsKey: z.string() });
    const [secret, plain] = table.build(() => [
      fieldType(table, z.object({ auth }), "ref", "Keyed", ["auth.awsKey"]),
      fieldType(table, z.object({ auth }), "ref", "Unkeyed"),
    ]);
    expect(secret?.$ref).not.toBe(plain?.$ref);
    const members = (ref: string | undefined) => {
      const outer = table.types[String(ref).slice("#/types/".length)];
      return table.types[String(outer?.properties.auth?.$ref).slice("#/types/".length)]?.properties;
    };
    expect(members(secret?.$ref)?.awsKey?.secret).toBe(true);
    expect(members(secret?.$ref)?.awsId?.secret).toBeUndefined();
    expect(members(plain?.$ref)?.awsKey?.secret).toBeUndefined();
  });

  it("has the look-ups as functions and the settings as config, the key a secret", () => {
    expect(Object.keys(schema.functions).sort()).toEqual(
      Object.keys(INVOKES)
        .map((name) => `collectors:index:${name}`)
        .sort(),
    );
    for (const [name, { env }] of Object.entries(SETTINGS)) {
      const variable = schema.config.variables[name];
      expect(variable?.defaultInfo, name).toEqual({ environment: [env] });
      expect(variable?.secret === true, name).toBe(name === "accessKey");
    }
  });

  it("types every output and function result as what it is: Any only in a free-form map", () => {
    // Where a value is Any, with what may hold it: the service's free-form JSON, whose keys and
    // values no table models (a generic source's pass-through and thirdPartyRef, a Cloud-to-Cloud
    // source's config; what the service holds that the program does not set).
    const anyAt: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (node === null || typeof node !== "object") return;
      if ((node as TypeSpec).$ref === "pulumi.json#/Any") anyAt.push(at);
      for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`);
    };
    walk(schema, "");
    const freeForm =
      /\/(passthrough|thirdPartyRef|config|unmanaged|inputJson|receivers|processors)\/additionalProperties$/;
    expect(anyAt.filter((at) => !freeForm.test(at))).toEqual([]);
    expect(anyAt.filter((at) => at.includes("/functions/"))).toEqual([]);
    // A nullable field of the service is its type, optional (Python's SDK checks Any as a dict).
    const collector = schema.types["collectors:index:CollectorInfo"]?.properties;
    expect(collector?.category).toMatchObject({ type: "string" });
    expect(collector?.targetCpu).toMatchObject({ type: "number" });
    expect(collector?.fields).toMatchObject({ additionalProperties: { type: "string" } });
    expect(collector?.links).toMatchObject({ type: "array" });
    const source = schema.types["collectors:index:SourceInfo"]?.properties;
    expect(source?.automaticDateParsing).toMatchObject({ type: "boolean" });
    const installed = schema.resources["collectors:index:InstalledCollector"]?.properties;
    expect(installed?.osName).toMatchObject({ type: "string" });
  });

  it("gives a looked-up collector's and source's id as a resource id: a string", () => {
    const result = (fn: string) => schema.functions[`collectors:index:${fn}`]?.outputs.properties;
    expect(result("getCollector")?.id?.type).toBe("string");
    expect(result("getSource")?.id?.type).toBe("string");
    expect(result("getSource")?.id?.description).toContain("<collectorId>/<sourceId>");
    expect(schema.types["collectors:index:CollectorInfo"]?.properties.id?.type).toBe("string");
    expect(schema.types["collectors:index:SourceInfo"]?.properties.id?.type).toBe("string");
  });

  it("describes every resource, property, object type and function argument and result", () => {
    type Described = { description?: string };
    const members = (where: string, properties: Record<string, Described> | undefined) =>
      Object.entries(properties ?? {}).map(([key, p]) => [`${where}.${key}`, p] as const);
    const elements: (readonly [string, Described])[] = [
      ...Object.entries(schema.resources).flatMap(([name, r]) => [
        [name, r] as const,
        ...members(`${name} input`, r.inputProperties),
        ...members(`${name} output`, r.properties),
      ]),
      ...Object.entries(schema.types).flatMap(([name, t]) => [
        [name, t] as const,
        ...members(name, t.properties),
      ]),
      ...Object.entries(schema.functions).flatMap(([name, f]) => [
        [name, f] as const,
        ...members(`${name} argument`, f.inputs.properties),
        ...members(`${name} result`, f.outputs.properties),
      ]),
      ...members("config", schema.config.variables),
    ];
    const undescribed = elements.filter(([, e]) => !e.description?.trim()).map(([where]) => where);
    expect(undescribed, "describe these in the kind tables (doc or .describe())").toEqual([]);
  });

  it("carries a registry package's metadata, the download URL from package.json", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(schema).toMatchObject({
      displayName: "Collectors",
      publisher: "pulumi-collectors",
      homepage: manifest.homepage,
      repository: "https://github.com/pulumi-collectors/pulumi-collectors",
      license: manifest.license,
      pluginDownloadURL: manifest.config.pluginDownloadURL,
    });
    expect(schema.keywords).toEqual(expect.arrayContaining(["category/monitoring", "kind/native"]));
  });

  it("takes the download URL a fork or a mirror sets at build time", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    const mirror = "https://mirror.example/collectors/";
    expect(packageInfoOf(manifest, { [DOWNLOAD_URL_VARIABLE]: mirror }).pluginDownloadURL).toBe(
      mirror,
    );
    expect(() => packageInfoOf({ ...manifest, config: {} }, {})).toThrow(
      "package.json has no config.pluginDownloadURL",
    );
  });

  it("is the schema `npm run build` wrote for the SDK generator", () => {
    const file = join(ROOT, "dist", "plugin", "schema.json");
    expect(existsSync(file), `${file}: run npm run build`).toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(schema);
  });
});
