import { describe, expect, it } from "vitest";
import { nameFromUrn } from "../../provider/resources/steps/naming";
import { classUrn, provider, UNKNOWN, unnamed } from "./unit.helpers";

const collector = provider("HostedCollector");
const http = provider("HttpSource");
const localFile = provider("LocalFileSource");
const source = provider("Source");

// Outputs as create writes them: the managed fields as the service returned them, the rest in
// `unmanaged`, server-computed fields alongside.
const collectorOuts = {
  name: "web",
  description: "front",
  collectorType: "Hosted",
  alive: true,
  etag: '"aa"',
  unmanaged: {
    collectorType: "Hosted",
    ephemeral: false,
    cutoffTimestamp: 0,
    collectorVersion: "",
  },
};

describe("diff", () => {
  it("reports no change for the same program, whatever the service computed", async () => {
    const d = await collector.diff(
      "1",
      { ...collectorOuts, lastSeenAlive: 5, alive: false },
      {
        name: "web",
        description: "front",
        __autoname: "web",
      },
    );
    expect(d).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("treats an unset field the service filled in with its default as no change", async () => {
    const outs = {
      name: "s",
      collectorId: 1,
      sourceType: "LocalFile",
      pathExpression: "/x",
      etag: '"bb"',
      unmanaged: { encoding: "UTF-8", automaticDateParsing: true, filters: [], denylist: [] },
    };
    const same = { name: "s", collectorId: 1, pathExpression: "/x" };
    expect((await localFile.diff("7", outs, same)).changes).toBe(false);
    // Setting a field to the service's default is no change either.
    const defaults = { ...same, encoding: "UTF-8", automaticDateParsing: true, filters: [] };
    expect((await localFile.diff("7", outs, defaults)).changes).toBe(false);
  });

  it("updates in place for a modifiable field, and resets one the program stopped setting", async () => {
    expect(await collector.diff("1", collectorOuts, { name: "web", description: "back" })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect((await collector.diff("1", collectorOuts, { name: "web" })).changes).toBe(true);
    // A removed field that is already at its default is no change.
    expect(
      (
        await collector.diff(
          "1",
          { ...collectorOuts, ephemeral: false },
          {
            name: "web",
            description: "front",
          },
        )
      ).changes,
    ).toBe(false);
  });

  it("replaces for sourceType, collectorId and cutoffRelativeTime, deleting first when the explicit name stays", async () => {
    const outs = {
      name: "s",
      sourceType: "Syslog",
      collectorId: 1,
      protocol: "UDP",
      port: 514,
      etag: "x",
      unmanaged: {},
    };
    const news = { name: "s", collectorId: 1, sourceType: "Syslog", protocol: "UDP", port: 514 };
    expect(await source.diff("3", outs, { ...news, sourceType: "LocalFile" })).toEqual({
      changes: true,
      replaces: ["sourceType"],
      deleteBeforeReplace: true,
    });
    // Another collector: names are unique per collector, so create first.
    expect(await source.diff("3", outs, { ...news, collectorId: 2 })).toEqual({
      changes: true,
      replaces: ["collectorId"],
      deleteBeforeReplace: false,
    });
    expect(await source.diff("3", outs, { ...news, cutoffRelativeTime: "-1d" })).toMatchObject({
      replaces: ["cutoffRelativeTime"],
      deleteBeforeReplace: true,
    });
    // A new explicit name: both can exist at once.
    expect(
      await source.diff("3", outs, { ...news, name: "t", sourceType: "LocalFile" }),
    ).toMatchObject({
      deleteBeforeReplace: false,
    });
    // Unnamed: the replacement asks for the name the URN makes. The old object's name when it
    // was made from the same URN, so delete first; a name drawn at random by an earlier version
    // is free for the replacement, so create first.
    const urnNamed = { ...outs, name: nameFromUrn(classUrn("Source", "s")) };
    const unnamedNews = { ...news, ...unnamed("Source", "s"), name: urnNamed.name };
    expect(
      await source.diff("3", urnNamed, { ...unnamedNews, sourceType: "LocalFile" }),
    ).toMatchObject({ deleteBeforeReplace: true });
    expect(
      await source.diff(
        "3",
        { ...outs, name: "s-1a2b3c4" },
        { ...unnamedNews, name: "s-1a2b3c4", sourceType: "LocalFile" },
      ),
    ).toMatchObject({ deleteBeforeReplace: false });
  });

  it("compares cutoffRelativeTime with what the program gave, not the service's form", async () => {
    const outs = {
      ...collectorOuts,
      cutoffRelativeTime: "-1d",
      unmanaged: { cutoffRelativeTime: "-24h", cutoffTimestamp: 1700000000000 },
    };
    const d = await collector.diff("1", outs, {
      name: "web",
      description: "front",
      cutoffRelativeTime: "-1d",
    });
    expect(d.changes).toBe(false);
    // Removing it asks for nothing: it only applied at creation.
    expect((await collector.diff("1", outs, { name: "web", description: "front" })).changes).toBe(
      false,
    );
  });

  it("treats unknown values as changes, and an unknown collector id as a replacement", async () => {
    expect(
      (await collector.diff("1", collectorOuts, { name: "web", description: UNKNOWN })).changes,
    ).toBe(true);
    const outs = {
      name: "h",
      collectorId: 1,
      sourceType: "HTTP",
      etag: "x",
      url: "secret",
      unmanaged: {},
    };
    expect(await http.diff("3", outs, { name: "h", collectorId: UNKNOWN })).toMatchObject({
      replaces: ["collectorId"],
      deleteBeforeReplace: true,
    });
  });

  it("never diffs on url, token, etag, alive or adopt", async () => {
    const outs = {
      name: "h",
      collectorId: 1,
      sourceType: "HTTP",
      etag: "x",
      url: "u",
      alive: true,
      unmanaged: {},
    };
    expect(
      (await http.diff("3", outs, { name: "h", collectorId: 1, adopt: { name: "h" } })).changes,
    ).toBe(false);
  });

  it("refuses to replace an adopted resource, saying what to do", async () => {
    const outs = { ...collectorOuts, cutoffRelativeTime: "-1d" };
    await expect(
      collector.diff("1", outs, {
        name: "web",
        description: "front",
        cutoffRelativeTime: "-2d",
        adopt: { id: 1 },
      }),
    ).rejects.toThrow(/Remove `adopt` from the program first/);
  });

  it("diffs a pass-through field by its members", async () => {
    const outs = {
      name: "u",
      collectorId: 1,
      sourceType: "Universal",
      passthrough: { config: { a: 1 } },
      etag: "x",
      unmanaged: {},
    };
    const news = { name: "u", collectorId: 1, sourceType: "Universal" };
    expect(
      (await source.diff("3", outs, { ...news, passthrough: { config: { a: 1 } } })).changes,
    ).toBe(false);
    expect(
      (await source.diff("3", outs, { ...news, passthrough: { config: { a: 2 } } })).changes,
    ).toBe(true);
  });
});
