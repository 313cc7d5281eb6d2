// The export's adapter (cli/export/types.ts; the class of a source: cli/shared/source-class.ts):
// which class declares an object, which of its fields become args, which stay with the service,
// which are secrets.
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  collectorDeclaration,
  isHiddenSecret,
  secretPathsOf,
  sourceDeclaration,
  sourceSkipReason,
  sourcesSkipReason,
} from "../../cli/export/types";
import { typedEntryOf } from "../../cli/shared/source-class";
import type { Collector, Source } from "../../provider/api";
import * as resources from "../../provider/resources";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import type { EntityKind } from "../../provider/resources/kinds/kind";
import { TYPED_SOURCES } from "../../provider/resources/kinds/source-kinds";
import type { SourceType } from "../../provider/resources/kinds/source-type";
import { SOURCE_TYPES } from "../../provider/resources/kinds/source-types";
import { checkInputs } from "../../provider/resources/steps/check";
import { managedView } from "../../provider/resources/steps/fields";
import { HIDDEN } from "./export-account";

const source = (fields: Record<string, unknown>) =>
  ({
    id: 7,
    name: "s",
    automaticDateParsing: true,
    multilineProcessingEnabled: true,
    useAutolineMatching: true,
    forceTimeZone: false,
    filters: [],
    cutoffTimestamp: 0,
    encoding: "UTF-8",
    alive: true,
    ...fields,
  }) as unknown as Source;

const collector = (fields: Record<string, unknown>) =>
  ({
    id: 1,
    name: "c",
    ephemeral: false,
    targetCpu: -1,
    alive: true,
    links: [],
    cutoffTimestamp: 0,
    ...fields,
  }) as unknown as Collector;

describe("the export adapter", () => {
  it("declares a typed source with its own fields only, defaults and server-set values left out", () => {
    const d = sourceDeclaration(
      source({
        sourceType: "HTTP",
        url: "https://x/receiver/v1/http/abc",
        messagePerRequest: false,
      }),
    );
    expect(d).toEqual({
      className: "HttpSource",
      typeLabel: "HTTP",
      args: { name: "s" },
      secrets: [],
      masked: [],
      leftOut: [],
      refused: [],
    });
  });

  it("leaves an HTTP source's token and baseUrl with the service, whichever class declares it", () => {
    const issued = {
      url: "https://x/receiver/v1/http/abc",
      token: "header-token-value",
      baseUrl: "https://x/receiver/v1/http",
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ sourceType: "HTTP", contentType: "Zipkin" }, "HttpSource"],
      // HttpSource takes it too; its own class is the more specific.
      [{ sourceType: "HTTP", contentType: "Otlp" }, "OtlpSource"],
      // The live service's KinesisLog source without thirdPartyRef: its class takes it as it is.
      [{ sourceType: "HTTP", contentType: "KinesisLog" }, "KinesisLogSource"],
      [{ sourceType: "SecurityLake" }, "Source"], // a type the package does not know
    ];
    for (const [shown, className] of cases) {
      const d = sourceDeclaration(source({ ...shown, ...issued }));
      expect(d.className).toBe(className);
      expect(d.refused).toEqual([]);
      expect(d.leftOut).toEqual([]);
      expect(d.secrets).toEqual([]);
      for (const value of Object.values(issued)) expect(JSON.stringify(d)).not.toContain(value);
      // The program it writes passes the class's own check (its first preview).
      const kind = ENTITY_KINDS[className] as EntityKind;
      const inputs = { ...d.args, collectorId: 1, adopt: { id: 1 } };
      const specs = { ...kind.fields, ...kind.controls };
      expect(checkInputs(kind.rules(inputs), specs, inputs), className).toEqual([]);
    }
  });

  it("names the fields a typed class cannot take (kept by the service)", () => {
    const d = sourceDeclaration(source({ sourceType: "HTTP", pathExpression: "/x" }));
    expect(d.className).toBe("HttpSource");
    expect(d.leftOut).toEqual(["pathExpression"]);
    expect(d.args).not.toHaveProperty("pathExpression");
  });

  it("makes credential fields secrets; a value the class would refuse stays with the service", () => {
    const d = sourceDeclaration(
      source({
        sourceType: "RemoteFileV2",
        remoteHosts: ["h"],
        remotePort: 70000,
        remoteUser: "u",
        authMethod: "key",
        keyPath: "/k",
        keyPassword: "********",
        pathExpression: "/p",
      }),
    );
    expect(d.className).toBe("RemoteFileSource");
    expect(d.secrets).toEqual([["keyPassword"]]);
    expect(d.refused).toEqual(["remotePort"]);
    expect(isHiddenSecret(d.args.keyPassword)).toBe(true);
  });

  it("declares other types with Source: every field it models, the rest in passthrough", () => {
    const fields = {
      sourceType: "SecurityLake", // a type the package does not know
      contentType: "X",
      schemaRef: { type: "Duo", version: "1.0.0" },
      config: { domain: "d", integration_key: "ik", secret_key: HIDDEN, apis: ["a"] },
      state: { state: "Collecting" },
    };
    const d = sourceDeclaration(source(fields));
    expect(d.className).toBe("Source");
    expect(d.args).toEqual({
      sourceType: "SecurityLake",
      name: "s",
      contentType: "X",
      passthrough: { schemaRef: fields.schemaRef, config: fields.config },
    });
    // A credential the service returns goes to config. One it shows masked goes there too when
    // the resource reads the mask as the program's value; otherwise it stays the mask, as a value
    // from config would differ from it on every preview. The resource layer's own view decides.
    expect(d.secrets).toContainEqual(["passthrough", "config", "integration_key"]);
    const given = { schemaRef: fields.schemaRef, config: { ...fields.config, secret_key: "real" } };
    const view = managedView(ENTITY_KINDS.Source?.fields ?? {}, ["passthrough"], source(fields), {
      passthrough: given,
    });
    const readsMaskAsGiven = isDeepStrictEqual(view.passthrough, given);
    const maskedKey = ["passthrough", "config", "secret_key"];
    expect(readsMaskAsGiven ? d.secrets : d.masked).toContainEqual(maskedKey);
    expect(readsMaskAsGiven ? d.masked : d.secrets).not.toContainEqual(maskedKey);
  });

  it("keeps a known type's foreign fields out of Source (its check would refuse them)", () => {
    // A type the table knows without a class of its own (Polling: its variants have the classes).
    const untyped = Object.values(SOURCE_TYPES as Record<string, SourceType>).find((t) => !t.kind);
    expect(
      untyped,
      "every source type has a class now: the adapter's path for a known type without one is dead, remove it and this test",
    ).toBeDefined();
    const type = untyped as SourceType;
    const foreign = ["port", "pathExpression"].find(
      (key) => !(type.fields as readonly string[]).includes(key),
    ) as string;
    const d = sourceDeclaration(source({ sourceType: type.sourceType, [foreign]: 1 }));
    expect(d.className).toBe("Source");
    expect(d.args).toMatchObject({ sourceType: type.sourceType, name: "s" });
    expect(d.args).not.toHaveProperty(foreign);
    expect(d.args).not.toHaveProperty("passthrough");
    expect(d.leftOut).toEqual([foreign]);
  });

  it("picks the typed class by sourceType and the entry's fixed values", () => {
    const entries = Object.entries(TYPED_SOURCES);
    const withFixed = entries.filter(([, type]) => Object.keys(type.fixed ?? {}).length > 0);
    expect(withFixed.length).toBeGreaterThan(0);
    for (const [kind, type] of withFixed) {
      const base = { sourceType: type.sourceType, ...type.fixed };
      const d = sourceDeclaration(source(base));
      expect(d.className).toBe(kind);
      expect(d.leftOut).toEqual([]); // its fixed values are not worth a note
      // Another value is another variant (or none).
      const other = Object.fromEntries(Object.keys(type.fixed ?? {}).map((k) => [k, "Other"]));
      expect(sourceDeclaration(source({ ...base, ...other })).className).not.toBe(kind);
      // Without the fixed values: still this class when it is its sourceType's only one (the
      // service may leave a fixed value out), never when they tell variants apart.
      const only = entries.filter(([, t]) => t.sourceType === type.sourceType).length === 1;
      const bare = sourceDeclaration(source({ sourceType: type.sourceType })).className;
      if (only) expect(bare).toBe(kind);
      else expect(bare).not.toBe(kind);
    }
  });

  it("uses every typed class of the table, each one exported by the package", () => {
    // TYPED_SOURCES: every entry with a class, variants (told apart by fixed values) included.
    for (const [kind, type] of Object.entries(TYPED_SOURCES)) {
      expect(typeof (resources as Record<string, unknown>)[kind], kind).toBe("function");
      const entity = { sourceType: type.sourceType, ...(type.fixed ?? {}) };
      expect(typedEntryOf(entity)?.kind).toBe(kind);
    }
  });

  it("finds secrets where the table says: the whole value, secretPaths, secretKeys", () => {
    const ref = {
      resources: [
        {
          path: { bucketName: "b", secretName: "not a credential by path" },
          authentication: { awsId: "id", awsKey: "k" },
        },
      ],
    };
    const schema = z.unknown();
    expect(
      secretPathsOf({ schema, secretPaths: ["resources[].authentication.awsKey"] }, "ref", ref),
    ).toEqual([["ref", "resources", "0", "authentication", "awsKey"]]);
    expect(
      secretPathsOf({ schema, secretKeys: /key|secret/i }, "config", {
        domain: "d",
        apiKey: "a",
        nested: { client_secret: ["x", "y"] },
      }),
    ).toEqual([
      ["config", "apiKey"],
      ["config", "nested", "client_secret", "0"],
      ["config", "nested", "client_secret", "1"],
    ]);
    // A secret object the table says no more about: members named like a credential, and any
    // masked value.
    expect(
      secretPathsOf({ schema, secret: true }, "ref", {
        awsId: "i",
        awsKey: "k",
        other: "********",
      }),
    ).toEqual([
      ["ref", "awsKey"],
      ["ref", "other"],
    ]);
    expect(secretPathsOf({ schema, secret: true }, "password", "p")).toEqual([["password"]]);
  });

  it("declares collectors: Hosted, and Installed pinned to the build they run", () => {
    expect(
      collectorDeclaration(
        collector({ collectorType: "Hosted", collectorVersion: "", category: "x" }),
      ),
    ).toMatchObject({
      className: "HostedCollector",
      args: { name: "c", category: "x" },
      leftOut: [],
    });
    const installed = collectorDeclaration(
      collector({
        collectorType: "Installable",
        collectorVersion: "19.470-4",
        sourceSyncMode: "UI",
        osName: "Linux",
        targetCpu: 40,
      }),
    );
    expect(installed).toMatchObject({
      className: "InstalledCollector",
      args: { name: "c", targetCpu: 40, version: "19.470-4" },
      leftOut: [],
      refused: [],
    });
    expect(collectorDeclaration(collector({ collectorType: "Other" }))).toBeUndefined();
  });

  it("says why sources are skipped: a collector in Json mode, a source being deleted", () => {
    expect(sourcesSkipReason(collector({ sourceSyncMode: "Json" }))).toMatch(/Json source mode/);
    expect(sourcesSkipReason(collector({ sourceSyncMode: "UI" }))).toBeUndefined();
    expect(
      sourceSkipReason(source({ sourceType: "Universal", state: { state: "Stopping" } })),
    ).toMatch(/being deleted/);
    expect(
      sourceSkipReason(source({ sourceType: "Universal", state: { state: "Collecting" } })),
    ).toBeUndefined();
  });
});
