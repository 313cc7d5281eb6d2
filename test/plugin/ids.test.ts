// The one id parser (provider/api/ids.ts) and the one `<collectorId>/<sourceId>` form
// (provider/plugin/ids.ts), which the plugin, `collectors migrate`, `collectors recover` and
// `collectors list` all use.
import { describe, expect, it } from "vitest";
import { IdError, idIn, parseId } from "../../provider/api/ids";
import { layerId, pluginId, sourcePluginId, splitSourcePluginId } from "../../provider/plugin/ids";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import type { EntityKind } from "../../provider/resources/kinds/kind";

const EIGHTEEN_DIGITS = "123456789012345678";

describe("ids", () => {
  it("reads an id from a number or its decimal text", () => {
    expect(parseId(100000001, "id")).toBe(100000001);
    expect(parseId("100000001", "id")).toBe(100000001);
    expect(parseId(String(Number.MAX_SAFE_INTEGER), "id")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses what is not an id, naming it", () => {
    for (const value of [0, -1, 1.5, "0", "007", "12a", "", " 1", null, undefined, {}, "1e3"]) {
      expect(() => parseId(value, "its collectorId"), JSON.stringify(value)).toThrow(IdError);
      expect(idIn(value)).toBeUndefined();
    }
    expect(() => parseId("12a", "its collectorId")).toThrow(
      'its collectorId "12a" is not an id: ids are whole numbers from 1, e.g. 123',
    );
  });

  it("refuses an 18-digit id rather than rounding it to another object's, saying what to check", () => {
    // As a number it is already another one: 123456789012345680.
    expect(String(Number(EIGHTEEN_DIGITS))).not.toBe(EIGHTEEN_DIGITS);
    expect(() => parseId(EIGHTEEN_DIGITS, "its id")).toThrow(
      `its id ${EIGHTEEN_DIGITS} is larger than 9007199254740991, the largest id this package can ` +
        "hold without rounding it to another one; check that it is the object's id as the service " +
        "gives it (`collectors list` and `collectors list --sources` show them)",
    );
    expect(() => parseId(Number(EIGHTEEN_DIGITS), "its id")).toThrow(IdError);
    expect(idIn(EIGHTEEN_DIGITS)).toBeUndefined();
  });

  it("writes and reads a plugin source's id, `<collectorId>/<sourceId>`", () => {
    expect(sourcePluginId(12, 345)).toBe("12/345");
    expect(splitSourcePluginId("12/345")).toEqual({ collectorId: 12, sourceId: 345 });
    for (const id of ["12", "12/", "/345", "12/345/6", "a/345", "012/345"]) {
      expect(splitSourcePluginId(id), id).toBeUndefined();
    }
    expect(() => splitSourcePluginId(`12/${EIGHTEEN_DIGITS}`)).toThrow(
      `the source id in 12/${EIGHTEEN_DIGITS}: ${EIGHTEEN_DIGITS} is larger than`,
    );
  });

  it("the plugin's ids go through the same form", () => {
    const http = ENTITY_KINDS.HttpSource as EntityKind;
    const hosted = ENTITY_KINDS.HostedCollector as EntityKind;
    expect(pluginId(http, "345", { collectorId: 12 })).toBe("12/345");
    expect(pluginId(hosted, "12", {})).toBe("12");
    expect(layerId(http, "12/345")).toEqual({ id: "345", parent: 12 });
    expect(layerId(hosted, "12")).toEqual({ id: "12" });
    expect(() => layerId(http, "345")).toThrow("is not the id of a HttpSource");
    expect(() => layerId(http, `${EIGHTEEN_DIGITS}/1`)).toThrow(IdError);
  });
});
