// The hand-off text alone: Terraform's removed blocks only for resources taken whole, state rm
// for exactly the instances taken over; Pulumi's state deletes with sources first, and what
// depends on one.
import { describe, expect, it } from "vitest";
import { pulumiLetGo, terraformLetGo } from "../../../cli/migrate/let-go";
import type { Candidate } from "../../../cli/migrate/old-state";

const taken = (kind: Candidate["kind"], id: number, from: string): Candidate =>
  kind === "otCollector" || kind === "sourceTemplate"
    ? { kind, id: id.toString(16).toUpperCase().padStart(16, "0"), name: `n${id}`, from }
    : { kind, id, name: `n${id}`, from };

describe("the hand-off", () => {
  it("Terraform: a removed block for a resource taken whole, state rm for the instances taken", () => {
    const shard0 = taken("source", 2, "sumologic_http_source.shard[0]");
    const web = taken("source", 1, "sumologic_http_source.web");
    const text = terraformLetGo(
      [web, shard0],
      [
        "sumologic_http_source.web",
        "sumologic_http_source.shard[0]",
        "sumologic_http_source.shard[1]",
      ],
    ).join("\n");
    expect(text).toContain("  removed {\n    from = sumologic_http_source.web\n");
    expect(text).not.toContain("from = sumologic_http_source.shard\n");
    expect(text).toContain("Not every instance of sumologic_http_source.shard was taken");
    expect(text).toContain(
      "terraform state rm sumologic_http_source.web 'sumologic_http_source.shard[0]'",
    );
  });

  it("Pulumi: sources before collectors, and the resources left that depend on one", () => {
    const collector = taken(
      "collector",
      1,
      "urn:pulumi:p::f::sumologic:index/collector:Collector::main",
    );
    const source = taken(
      "source",
      2,
      "urn:pulumi:p::f::sumologic:index/httpSource:HttpSource::web",
    );
    const dash = "urn:pulumi:p::f::sumologic:index/content:Content::dash";
    const lines = pulumiLetGo([collector, source], new Map([[collector.from, [dash]]]));
    const deletes = lines.filter((line) => line.startsWith("  pulumi state delete "));
    expect(deletes).toEqual([
      `  pulumi state delete ${source.from} --yes`,
      `  pulumi state delete ${collector.from} --yes`,
    ]);
    expect(lines.join("\n")).toContain(`${collector.from}: ${dash}`);
    expect(lines.join("\n")).toContain("--target-dependents");
  });
});
