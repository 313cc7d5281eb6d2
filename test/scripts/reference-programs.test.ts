// The joined programs of the reference examples (test/helpers/reference-programs.ts, which
// test/e2e/reference-examples.test.ts previews) mark every example's block with its page, and a
// failure's line numbers or names lead back to that page and block.
import { describe, expect, it } from "vitest";
import {
  blame,
  EXAMPLES,
  goProgram,
  pageOf,
  pythonProgram,
  typescriptProgram,
} from "../helpers/reference-programs";

/** The line (1-based) of `program` holding `text`, after the mark of `page`. */
function lineOf(program: string, page: string, text: string): number {
  const lines = program.split("\n");
  const mark = lines.findIndex((line) => line.includes(`example of ${page},`));
  expect(mark, page).toBeGreaterThanOrEqual(0);
  const at = lines.findIndex((line, index) => index > mark && line.includes(text));
  expect(at, text).toBeGreaterThan(mark);
  return at + 1;
}

describe("the joined reference programs", () => {
  const pages = Object.keys(EXAMPLES).map(pageOf);

  it("mark each example's block with its page, in every language", () => {
    for (const [program, count] of [
      [pythonProgram(), pages.length],
      [goProgram(), pages.length],
      // TypeScript twice: on the SDK, and the resources' examples on the classes.
      [typescriptProgram(), pages.length + pages.filter((p) => p.includes("/resources/")).length],
    ] as const) {
      expect(program.match(/ example of docs\/reference\//g)?.length).toBe(count);
    }
  });

  it("lead a failure's line or name back to its page and block", () => {
    const http = pageOf("HttpSource");
    const lookup = pageOf("getCollector");
    const ts = typescriptProgram();
    const tsLine = lineOf(ts, http, "new collectors.HttpSource(");
    expect(blame(`index.ts(${tsLine},5): error TS2322`, ts, "TypeScript")).toEqual([
      `${http}, its TypeScript block`,
    ]);
    const go = goProgram();
    const goLine = lineOf(go, lookup, "collectors.GetCollector(");
    expect(blame(`./main.go:${goLine}:3: undefined`, go, "Go")).toEqual([
      `${lookup}, its Go block`,
    ]);
    const py = pythonProgram();
    const pyLine = lineOf(py, lookup, "collectors.get_collector(");
    expect(blame(`File "/tmp/x/__main__.py", line ${pyLine}, in <module>`, py, "Python")).toEqual([
      `${lookup}, its Python block`,
    ]);
    // A YAML program is one map: its failures name the resource or variable.
    expect(blame("error: resource httpSource failed", "", "YAML")).toEqual([
      `${http}, its YAML block`,
    ]);
    expect(blame("no page here", py, "Python")).toEqual([]);
  });
});
