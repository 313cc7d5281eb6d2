// The two readers alone, on states written here in the tools' shapes: what each type of the
// family is taken as (OpenTelemetry collectors and source templates by their hex ids, a
// template's inputJson JSON text parsed), and the reasons given for what is not taken.
import { describe, expect, it } from "vitest";
import { readPulumiStack } from "../../../cli/migrate/pulumi-stack";
import { readTerraformState } from "../../../cli/migrate/terraform-state";

const instance = (attributes: Record<string, unknown>, index_key?: unknown) => ({
  ...(index_key === undefined ? {} : { index_key }),
  attributes,
});

describe("readTerraformState", () => {
  const state = {
    version: 4,
    resources: [
      {
        mode: "managed",
        type: "sumologic_collector",
        name: "main",
        module: "module.app",
        instances: [instance({ id: "100000001" })],
      },
      {
        mode: "managed",
        type: "sumologic_http_source",
        name: "web",
        instances: [instance({ id: "200000001", collector_id: 100000001 }, "eu west")],
      },
      {
        mode: "managed",
        type: "sumologic_ot_collector",
        name: "ot",
        instances: [
          instance({ id: "0000000005f5e101", name: "edge-1", tags: { team: "web" } }),
          instance({ id: "x" }, "bad"),
        ],
      },
      {
        mode: "managed",
        type: "sumologic_source_template",
        name: "tpl",
        instances: [
          instance({
            id: "0000000005F5E102",
            input_json: '{"name":"apache","receivers":{"apache":{}}}',
            schema_ref: [{ type: "Apache", version: "2.0.0", latest_version: "2.0.0" }],
          }),
          instance({ id: "0000000005F5E103", input_json: "not json" }, 1),
        ],
      },
      {
        mode: "managed",
        type: "sumologic_role",
        name: "admins",
        instances: [instance({ id: "z" })],
      },
      {
        mode: "managed",
        type: "sumologic_http_source",
        name: "pending",
        instances: [instance({ id: "" })],
      },
    ],
  };

  it("takes collectors and sources with names from their addresses, and says why it leaves the rest", () => {
    const { candidates, notTaken } = readTerraformState(JSON.stringify(state), "state.json");
    expect(candidates).toEqual([
      {
        kind: "collector",
        id: 100000001,
        collectorId: undefined,
        name: "appMain",
        from: "module.app.sumologic_collector.main",
      },
      {
        kind: "source",
        id: 200000001,
        collectorId: 100000001,
        name: "webEuWest",
        from: 'sumologic_http_source.web["eu west"]',
      },
      // The service's ids are upper case; Terraform keeps whatever it was given to import.
      {
        kind: "otCollector",
        id: "0000000005F5E101",
        name: "ot",
        from: "sumologic_ot_collector.ot",
      },
      {
        kind: "sourceTemplate",
        id: "0000000005F5E102",
        name: "tpl",
        from: "sumologic_source_template.tpl",
        stateInputJson: { name: "apache", receivers: { apache: {} } },
      },
      // input_json that is not JSON: still taken (the program declares the service's).
      {
        kind: "sourceTemplate",
        id: "0000000005F5E103",
        name: "tpl1",
        from: "sumologic_source_template.tpl[1]",
        stateInputJson: undefined,
      },
    ]);
    expect(notTaken).toEqual([
      {
        what: 'sumologic_ot_collector.ot["bad"]',
        reason: expect.stringMatching(
          /^its id "x" is not an OpenTelemetry object's id: those are 16 hexadecimal digits/,
        ),
      },
      { what: "sumologic_role.admins", reason: "not a collector or a source" },
      {
        what: "sumologic_http_source.pending",
        reason: expect.stringMatching(/no id of the service's/),
      },
    ]);
  });

  it("leaves an instance whose id is past the ids it can hold exactly, saying which and what to check", () => {
    const big = {
      version: 4,
      resources: [
        {
          mode: "managed",
          type: "sumologic_collector",
          name: "big",
          instances: [instance({ id: "123456789012345678" })],
        },
        {
          mode: "managed",
          type: "sumologic_http_source",
          name: "web",
          instances: [instance({ id: "200000001", collector_id: "123456789012345678" })],
        },
      ],
    };
    const { candidates, notTaken } = readTerraformState(JSON.stringify(big), "state.json");
    expect(candidates).toEqual([]);
    expect(notTaken).toEqual([
      {
        what: "sumologic_collector.big",
        reason:
          "its id 123456789012345678 is larger than 9007199254740991, the largest id this package " +
          "can hold without rounding it to another one; check that it is the object's id as the " +
          "service gives it (`collectors list` and `collectors list --sources` show them)",
      },
      {
        what: "sumologic_http_source.web",
        reason: expect.stringMatching(/^its collector_id 123456789012345678 is larger than /),
      },
    ]);
  });
});

describe("readPulumiStack", () => {
  const urn = (type: string, name: string) => `urn:pulumi:prod::fleet::${type}::${name}`;
  const exported = {
    version: 3,
    deployment: {
      resources: [
        { urn: urn("pulumi:pulumi:Stack", "fleet-prod"), type: "pulumi:pulumi:Stack" },
        {
          urn: urn("sumologic:index/collector:Collector", "main"),
          type: "sumologic:index/collector:Collector",
          id: "100000001",
        },
        {
          urn: urn("sumologic:index/httpSource:HttpSource", "web"),
          type: "sumologic:index/httpSource:HttpSource",
          id: "200000001",
          outputs: { collectorId: 100000001 },
        },
        {
          urn: urn("sumologic:index/otCollector:OtCollector", "edge"),
          type: "sumologic:index/otCollector:OtCollector",
          id: "0000000005F5E101",
          outputs: { name: "edge-1", tags: { team: "web" } },
        },
        {
          urn: urn("sumologic:index/sourceTemplate:SourceTemplate", "apache"),
          type: "sumologic:index/sourceTemplate:SourceTemplate",
          id: "0000000005F5E102",
          outputs: { inputJson: '{"name":"apache","receivers":{}}' },
          dependencies: [urn("sumologic:index/otCollector:OtCollector", "edge")],
        },
        {
          urn: urn("sumologic:index/content:Content", "dash"),
          type: "sumologic:index/content:Content",
          id: "c1",
          dependencies: [urn("sumologic:index/collector:Collector", "main")],
        },
      ],
    },
  };

  it("takes the family with logical names, and names what depends on it", () => {
    const { candidates, notTaken, dependents } = readPulumiStack(
      JSON.stringify(exported),
      "stack.json",
    );
    expect(candidates.map((c) => [c.kind, c.id, c.name])).toEqual([
      ["collector", 100000001, "main"],
      ["source", 200000001, "web"],
      ["otCollector", "0000000005F5E101", "edge"],
      ["sourceTemplate", "0000000005F5E102", "apache"],
    ]);
    expect(candidates[3]).toMatchObject({ stateInputJson: { name: "apache", receivers: {} } });
    expect(notTaken).toEqual([
      {
        what: urn("sumologic:index/content:Content", "dash"),
        reason: "not a collector or a source",
      },
    ]);
    expect(dependents.get(urn("sumologic:index/collector:Collector", "main"))).toEqual([
      urn("sumologic:index/content:Content", "dash"),
    ]);
  });

  it("keeps a logical name holding `::` whole", () => {
    const type = "sumologic:index/collector:Collector";
    const text = JSON.stringify({
      version: 3,
      deployment: { resources: [{ urn: urn(type, "eu::main"), type, id: "100000001" }] },
    });
    const { candidates } = readPulumiStack(text, "stack.json");
    expect(candidates.map((c) => [c.name, c.from])).toEqual([["euMain", urn(type, "eu::main")]]);
  });

  it("leaves a resource whose id is past the ids it can hold exactly, naming it", () => {
    const type = "sumologic:index/httpSource:HttpSource";
    const text = JSON.stringify({
      version: 3,
      deployment: {
        resources: [
          { urn: urn(type, "web"), type, id: "123456789012345678", outputs: { collectorId: 1 } },
        ],
      },
    });
    const { candidates, notTaken } = readPulumiStack(text, "stack.json");
    expect(candidates).toEqual([]);
    expect(notTaken).toEqual([
      {
        what: urn(type, "web"),
        reason: expect.stringMatching(
          /^its id 123456789012345678 is larger than 9007199254740991, .*`collectors list`/,
        ),
      },
    ]);
  });

  it("an empty stack's export (no resources, or null) holds nothing to take", () => {
    for (const deployment of [{}, { resources: null }, { resources: [] }]) {
      const text = JSON.stringify({ version: 3, deployment });
      expect(readPulumiStack(text, "stack.json")).toEqual({
        candidates: [],
        notTaken: [],
        dependents: new Map(),
      });
    }
  });
});
