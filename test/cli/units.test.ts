// The pure parts: name globs, build resolution, skip reasons, how a refused start is read.
import { describe, expect, it } from "vitest";
import { globToRegExp, nameMatcher } from "../../cli/shared/name-glob";
import { UsageError } from "../../cli/shared/output";
import { renderTable } from "../../cli/shared/table";
import { resolveTarget, skipReason } from "../../cli/upgrade/plan";
import { startRefusal } from "../../cli/upgrade/run";
import { ApiError, type Collector, NetworkError } from "../../provider/api";

const TARGETS = [
  { version: "19.403-1", latest: false },
  { version: "19.470-4", latest: true },
];

function installed(extra: Partial<Collector> = {}): Collector {
  return {
    id: 1,
    name: "web-1",
    collectorType: "Installable",
    collectorVersion: "19.403-1",
    alive: true,
    ...extra,
  } as Collector;
}

describe("name globs", () => {
  it.each([
    ["web-*", "web-01", true],
    ["web-*", "web-", true],
    ["web-*", "db-01", false],
    ["web-?", "web-1", true],
    ["web-?", "web-10", false],
    ["web-[0-4]", "web-3", true],
    ["web-[!0-4]", "web-3", false],
    ["web-[!0-4]", "web-7", true],
    ["*.example.com", "a.example.com", true],
    ["*.example.com", "axexample.com", false],
    ["team/*", "team/web", true],
    ["exact name", "exact name", true],
    ["exact name", "exact names", false],
    ["Web-*", "web-1", false],
    ["a+b(c)", "a+b(c)", true],
    ["[unclosed", "[unclosed", true],
    ["[unclosed*", "[unclosed-1", true],
    ["web-[^0-4]", "web-7", true],
    ["*", ".hidden", true],
    ["a*", "a/b/c", true],
    // Punctuation is itself, not picomatch's path-glob syntax.
    ["web-(a|b)", "web-(a|b)", true],
    ["web-(a|b)", "web-a", false],
    ["web-{a,b}", "web-{a,b}", true],
    ["web-{a,b}", "web-a", false],
    ["!web", "!web", true],
    ["!web", "db", false],
    ["web+*", "web+1", true],
    ["web++", "web+", false],
    ["$web^", "$web^", true],
    ["./web", "./web", true],
    ["./web", "web", false],
    ["web-@(a)", "web-@(a)", true],
    // Kept from picomatch's paths (documented in name-glob.ts and the README).
    ["team?web", "team/web", false],
    ["team[!a]web", "team/web", false],
    ["team*", "team/..", false],
    // A character is a code point: one outside the Basic Multilingual Plane (two UTF-16 units)
    // is one character to every feature.
    ["edge-?", "edge-🚀", true],
    ["edge-??", "edge-🚀", false],
    ["edge-?", "edge-🚀🚀", false],
    ["?-1", "𝔘-1", true],
    ["*", "🚀", true],
    ["*🚀", "edge-🚀", true],
    ["edge-*-🚀", "edge-x-🚀", true],
    ["edge-[🚀x]", "edge-🚀", true],
    ["edge-[🚀x]", "edge-x", true],
    ["edge-[🚀x]", "edge-🌍", false],
    ["edge-[!🚀]", "edge-🌍", true],
    ["edge-[!🚀]", "edge-🚀", false],
    ["edge-[^a]", "edge-🚀", true],
    ["edge-[😀-🙏]", "edge-🙂", true],
    ["edge-[😀-🙏]", "edge-🚀", false],
    ["edge-[a-z]", "edge-🚀", false],
    ["🚀 rocket", "🚀 rocket", true],
    ["a+🚀(b)", "a+🚀(b)", true],
  ])("%s matches %s: %s", (pattern, name, expected) => {
    expect(globToRegExp(pattern).test(name)).toBe(expected);
  });

  it("refuses a backslash, which picomatch cannot match as itself, naming ? instead", () => {
    expect(() => globToRegExp("web\\1")).toThrow(UsageError);
    expect(() => nameMatcher(["web-[\\\\"])).toThrow(
      /^--name web-\[\\\\: a backslash cannot be matched as itself; use \? for that character$/,
    );
    expect(globToRegExp("web?1").test("web\\1")).toBe(true);
  });

  it("refuses a pattern that is not valid with a usage error", () => {
    expect(() => globToRegExp("web-[z-a]")).toThrow(UsageError);
    expect(() => nameMatcher(["web-*", "web-[z-a]"])).toThrow(
      /^--name web-\[z-a\]: not a valid pattern \(.*Range out of order/,
    );
  });

  it("reports the patterns that matched nothing", () => {
    const matcher = nameMatcher(["web-*", "db-*", "none-*"]);
    expect(["web-1", "db-2", "cache"].filter((n) => matcher.matches(n))).toEqual(["web-1", "db-2"]);
    expect(matcher.unmatched()).toEqual(["none-*"]);
  });
});

describe("the target build", () => {
  it("resolves latest through the build targets", () => {
    expect(resolveTarget("latest", TARGETS)).toBe("19.470-4");
    expect(resolveTarget("19.403-1", TARGETS)).toBe("19.403-1");
  });

  it("refuses a build the service does not offer, listing those it does", () => {
    expect(() => resolveTarget("20.0-1", TARGETS)).toThrow(UsageError);
    expect(() => resolveTarget("20.0-1", TARGETS)).toThrow(/available: 19\.403-1, 19\.470-4/);
    expect(() => resolveTarget("latest", [{ version: "1", latest: false }])).toThrow(
      /no build as latest/,
    );
  });
});

describe("skip reasons", () => {
  it("Hosted, already at the build, not alive; none for an upgradable one", () => {
    expect(
      skipReason(installed({ collectorType: "Hosted", collectorVersion: "" }), "19.470-4"),
    ).toMatch(/^Hosted/);
    expect(skipReason(installed({ collectorVersion: "19.470-4" }), "19.470-4")).toBe(
      "already runs 19.470-4",
    );
    expect(skipReason(installed({ alive: false, lastSeenAlive: 0 }), "19.470-4")).toBe(
      "not alive (last seen 1970-01-01 00:00 UTC): the service upgrades running collectors only",
    );
    expect(skipReason(installed(), "19.470-4")).toBeUndefined();
    // A downgrade is a move like any other.
    expect(skipReason(installed({ collectorVersion: "19.470-4" }), "19.403-1")).toBeUndefined();
  });
});

describe("a refused start", () => {
  const refusal = (code: string, message: string) =>
    new ApiError({
      status: 400,
      code,
      serviceMessage: message,
      method: "POST",
      path: "/collectors/upgrades",
    });

  it("is a skip when the collector's state explains it, with the service's words", () => {
    expect(startRefusal(refusal("collector.not.alive", "The Collector is not running."))).toEqual({
      state: "skipped",
      reason: "not alive: The Collector is not running. (collector.not.alive)",
    });
    expect(startRefusal(refusal("collector.in.upgrading", "Busy."))).toMatchObject({
      state: "skipped",
      reason: expect.stringMatching(/^already being upgraded/),
    });
    expect(startRefusal(refusal("collector.type.invalid", "Hosted."))).toMatchObject({
      state: "skipped",
    });
  });

  it("is a failure otherwise, and a lost answer says the task may have started", () => {
    expect(startRefusal(refusal("collector.version.invalid", "Bad version."))).toEqual({
      state: "failed",
      message: "the service refused the upgrade: Bad version. (collector.version.invalid)",
    });
    const lost = new NetworkError("connection-reset", {
      method: "POST",
      path: "/collectors/upgrades",
    });
    expect(startRefusal(lost)).toMatchObject({
      state: "failed",
      message: expect.stringMatching(/the task may have started/),
    });
  });
});

describe("tables", () => {
  it("wrap a capped column on word boundaries and stay no wider than needed", () => {
    const text = renderTable(["A", "Detail"], [["x", "one two three four five six"]], [null, 14]);
    const lines = text.split("\n");
    expect(lines[0]).toBe("┌───┬──────────────┐");
    expect(lines.filter((l) => l.startsWith("│ x"))).toHaveLength(1);
    expect(lines.slice(3, 6)).toEqual([
      "│ x │ one two      │",
      "│   │ three four   │",
      "│   │ five six     │",
    ]);
    expect(renderTable(["A"], [["short"]], [40]).split("\n")[0]).toBe("┌───────┐");
  });

  it("never cut a cell: a capped column is as wide as its longest word, wide characters counted twice", () => {
    const address = "module.local_windows_event_source.data.sumologic_collector.installed";
    const text = renderTable(["Not taken", "Why"], [[address, `see ${address} there`]], [20, 20]);
    expect(text).not.toContain("…");
    const lines = text.split("\n").filter((l) => l.includes(address));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`│ ${" ".repeat(address.length)} │ ${address} │`);
    const cjk = renderTable(["A"], [["日志日志日志 x"]], [6]);
    expect(cjk).not.toContain("…");
    expect(cjk).toContain("日志日志日志");
  });
});
