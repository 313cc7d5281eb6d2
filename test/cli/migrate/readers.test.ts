// The two readers alone, on states written here in the tools' shapes: what each type of the
// family is taken as, and the reasons given for what is not taken.
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
        instances: [instance({ id: "x" })],
      },
      {
        mode: "managed",
        type: "sumologic_source_template",
        name: "tpl",
        instances: [instance({ id: "y" })],
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
    const { taken, notTaken } = readTerraformState(JSON.stringify(state), "state.json");
    expect(taken).toEqual([
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
    ]);
    expect(notTaken).toEqual([
      {
        what: "sumologic_ot_collector.ot",
        reason: expect.stringMatching(/^an OpenTelemetry collector/),
      },
      {
        what: "sumologic_source_template.tpl",
        reason: expect.stringMatching(/^a source template/),
      },
      { what: "sumologic_role.admins", reason: "not a collector or a source" },
      {
        what: "sumologic_http_source.pending",
        reason: expect.stringMatching(/no id of the service's/),
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
          urn: urn("sumologic:index/content:Content", "dash"),
          type: "sumologic:index/content:Content",
          id: "c1",
          dependencies: [urn("sumologic:index/collector:Collector", "main")],
        },
      ],
    },
  };

  it("takes the family with logical names, and names what depends on it", () => {
    const { taken, notTaken, dependents } = readPulumiStack(JSON.stringify(exported), "stack.json");
    expect(taken.map((t) => [t.kind, t.id, t.name])).toEqual([
      ["collector", 100000001, "main"],
      ["source", 200000001, "web"],
    ]);
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
});
