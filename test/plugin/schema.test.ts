// The package schema agrees with the kinds' tables: every field an input with its type, doc,
// default, secret and replace flags; nothing else an input but the plugin's own (release.ts); the
// required inputs the kinds' rules require; the look-ups as functions; the settings as config;
// every element described (the SDKs' docs). And `npm run build` wrote
// this very schema to dist/plugin/schema.json, the file the SDK generator reads.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INVOKES } from "../../provider/plugin/invokes";
import { PLUGIN_INPUTS } from "../../provider/plugin/release";
import { describeField, packageSchema } from "../../provider/plugin/schema";
import { jsonSchemaOf } from "../../provider/plugin/types";
import { DOWNLOAD_URL_VARIABLE, packageInfoOf } from "../../provider/plugin/version";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import { holdsSecret } from "../../provider/resources/kinds/fields";
import { SETTINGS } from "../../provider/resources/steps/settings";

const schema = packageSchema();
const ROOT = join(__dirname, "..", "..");

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
        expect(input?.secret === true, where).toBe(holdsSecret(spec));
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
        expect(resource?.properties[key]?.secret === true, where).toBe(holdsSecret(spec));
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
