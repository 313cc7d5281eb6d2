// The field model on its own: equivalence, managed views, bodies, and the hooks a kind such as
// InstalledCollector uses for a field the service shows under another name (version).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { FieldSpecs } from "../../provider/resources/kinds/fields";
import { sourceKind } from "../../provider/resources/kinds/source-kinds";
import {
  desiredValues,
  diffFields,
  equivalent,
  managedView,
  plain,
  resetValues,
  secretLeaves,
} from "../../provider/resources/steps/fields";
import { outputs } from "../../provider/resources/steps/outputs";

const specs: FieldSpecs = {
  name: { schema: z.string(), keepWhenUnset: true },
  description: { schema: z.string() },
  enabled: { schema: z.boolean(), default: true },
  version: { schema: z.string(), readFrom: "collectorVersion", notSent: true },
  extra: { schema: z.record(z.string(), z.unknown()), spread: true },
};

describe("field model", () => {
  it("treats empty values, nulls and defaults as equivalent", () => {
    const spec = specs.description as (typeof specs)["description"] & object;
    expect(equivalent(spec, undefined, "")).toBe(true);
    expect(equivalent(spec, [], null)).toBe(true);
    expect(equivalent(spec, [{ a: 1, b: null }], [{ a: 1 }])).toBe(true);
    expect(equivalent(spec, { a: 1 }, { a: 2 })).toBe(false);
    expect(equivalent(specs.enabled as never, undefined, true)).toBe(true);
    expect(equivalent(specs.enabled as never, undefined, false)).toBe(false);
  });

  it("reads a field from the service field that holds it, and never sends it", () => {
    const service = { name: "n", collectorVersion: "19.470-5", a: 1 };
    const view = managedView(specs, ["name", "version", "extra"], service, { extra: { a: 0 } });
    expect(view).toEqual({ name: "n", version: "19.470-5", extra: { a: 1 } });
    const inputs = { name: "n", version: "19.480-2", extra: { a: 2 } };
    expect(desiredValues(specs, inputs, (s) => !s.notSent)).toEqual({ name: "n", a: 2 });
    expect(diffFields(specs, view, inputs)).toEqual({
      updates: ["version", "extra"],
      replaces: [],
    });
  });

  it("resets to a known default only what the program managed before", () => {
    expect(resetValues(specs, { enabled: false, description: "d" }, {})).toEqual({ enabled: true });
    expect(resetValues(specs, {}, {})).toEqual({});
  });

  it("plain() leaves only what JSON can carry", () => {
    expect(
      plain({ a: undefined, b: [1, undefined], c: new Date(0), d: 2n, e: Number.NaN }),
    ).toEqual({
      b: [1, null],
      c: "1970-01-01T00:00:00.000Z",
      d: 2,
      e: null,
    });
  });
});

describe("secrets in a table", () => {
  it("finds credentials at paths inside a value and under credential-like keys", () => {
    const table: FieldSpecs = {
      thirdPartyRef: {
        schema: z.unknown(),
        secretPaths: ["resources[].authentication.awsKey", "resources[].authentication.token"],
      },
      config: { schema: z.unknown(), secretKeys: /key|secret|token|password|credentials/i },
      password: { schema: z.string(), secret: true },
      plain: { schema: z.string() },
    };
    const inputs = {
      thirdPartyRef: {
        resources: [
          {
            serviceType: "AwsS3Bucket",
            authentication: {
              type: "S3BucketAuthentication",
              awsId: "AKIA1",
              awsKey: "aws-secret-key-1",
            },
          },
        ],
      },
      config: {
        domain: "example.okta.com",
        apiKey: "okta-key",
        nested: { clientSecret: "client-secret-2" },
      },
      password: "hunter2",
      plain: "visible",
    };
    expect(secretLeaves(table, inputs).sort()).toEqual([
      "aws-secret-key-1",
      "client-secret-2",
      "hunter2",
      "okta-key",
    ]);
  });
});

describe("server-set outputs in a table", () => {
  it("copies a type's own server-set output to the outputs, never to unmanaged", () => {
    const kind = sourceKind({
      kind: "UniversalSource",
      type: {
        sourceType: "Universal",
        collector: "Hosted",
        fields: [],
        required: {},
        outputs: { state: z.object({ state: z.string() }) },
      },
    });
    const entity = {
      id: 7,
      name: "okta",
      sourceType: "Universal",
      state: { state: "Collecting" },
      config: { domain: "example.okta.com" },
    };
    const outs = outputs(
      kind,
      { entity, etag: '"e1"' },
      '"e1"',
      ["name"],
      { collectorId: 3 },
      false,
    );
    expect(outs).toMatchObject({ state: { state: "Collecting" }, sourceType: "Universal" });
    expect(outs.unmanaged).toEqual({
      sourceType: "Universal",
      config: { domain: "example.okta.com" },
    });
  });
});
