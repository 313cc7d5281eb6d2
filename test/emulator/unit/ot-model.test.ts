// Unit tests of the OpenTelemetry models: hex ids, selector semantics, version ordering and the
// deterministic YAML of a source template's config.
import { describe, expect, it } from "vitest";
import { hexId, parseHexId } from "../../../emulator/model/hex-id";
import { compareVersions } from "../../../emulator/model/ot-collector";
import { reasonTags, selectorLinks, tagListHolds } from "../../../emulator/model/selector";
import { toYaml } from "../../../emulator/model/yaml";

describe("hex ids", () => {
  it("are 16 upper-case hex digits and parse back in either case", () => {
    expect(hexId(123456789)).toBe("00000000075BCD15");
    expect(parseHexId("00000000075bcd15", "id")).toBe(123456789);
    expect(() => parseHexId("12345678901234567", "the id")).toThrow(
      /the id must be 16 hexadecimal/,
    );
    expect(() => parseHexId(42, "id")).toThrow();
  });
});

describe("selectors", () => {
  const tags = { env: "prod", tier: "web" };
  it("an inner list holds when every condition does; an empty one never", () => {
    expect(
      tagListHolds(
        [
          { key: "env", values: ["prod"] },
          { key: "tier", values: ["web"] },
        ],
        tags,
      ),
    ).toBe(true);
    expect(
      tagListHolds(
        [
          { key: "env", values: ["prod"] },
          { key: "tier", values: ["db"] },
        ],
        tags,
      ),
    ).toBe(false);
    expect(tagListHolds([{ key: "env", values: [] }], tags)).toBe(false);
    expect(tagListHolds([], tags)).toBe(false);
  });

  it("links remotely managed collectors by a holding list or by name", () => {
    const selector = {
      tags: [[{ key: "tier", values: ["db"] }], [{ key: "env", values: ["prod"] }]],
      names: ["x"],
    };
    expect(selectorLinks(selector, { name: "a", tags, isRemotelyManaged: true })).toBe(true);
    expect(selectorLinks(selector, { name: "a", tags, isRemotelyManaged: false })).toBe(false);
    expect(
      selectorLinks({ tags: [], names: ["x"] }, { name: "x", tags: {}, isRemotelyManaged: true }),
    ).toBe(true);
    expect(reasonTags(selector.tags, tags)).toEqual([[{ key: "env", value: "prod" }]]);
  });
});

describe("versions", () => {
  it("order by their numbers", () => {
    expect(compareVersions("0.104.0-sumo-0", "0.118.0-sumo-0")).toBeLessThan(0);
    expect(compareVersions("0.118.0-sumo-1", "0.118.0-sumo-0")).toBeGreaterThan(0);
    expect(compareVersions("0.118.0", "0.118.0-sumo-0")).toBe(0);
  });
});

describe("toYaml", () => {
  it("sorts keys, quotes strings and nests lists", () => {
    const yaml = toYaml({ b: [1, { y: "two", x: [] }, [true]], a: { "odd key": null }, c: {} });
    expect(yaml).toBe(
      [
        "a:",
        '  "odd key": null',
        "b:",
        "  - 1",
        "  - x: []",
        '    y: "two"',
        "  - - true",
        "c: {}",
      ].join("\n"),
    );
  });
});
