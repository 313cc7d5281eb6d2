// The resource layer's imports run one way (docs/internals/architecture.md): program → dispatch → steps →
// kinds → api, each folder importing only its own files and the layers below it; the plugin
// reaches the layer only through provider/plugin/layer.ts. Read from the source with
// TypeScript's own scanner, so type imports, re-exports and require() calls count too.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const PROVIDER = join(__dirname, "..", "..", "provider");

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

/** The provider files a file imports (relative specifiers), as paths from provider/. */
function importsOf(file: string): string[] {
  const scanned = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return scanned.importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => relative(PROVIDER, resolve(dirname(file), name)));
}

/** The layer a provider path is in: its folder under resources/ (or dispatch), or the top folder. */
function layerOf(path: string): string {
  const [top, second] = path.replace(/\.ts$/, "").split("/");
  if (top !== "resources") return top ?? path;
  return second && ORDER.includes(second) ? second : "resources (index)";
}

/** Lowest first: a layer may import its own files and those of the layers before it. */
const ORDER: readonly string[] = [
  "api",
  "kinds",
  "steps",
  "dispatch",
  "program",
  "resources (index)",
];

const arrows = [...sources(PROVIDER)].flatMap((file) => {
  const from = relative(PROVIDER, file);
  return importsOf(file).map((to) => ({ from, to }));
});

describe("the resource layer's imports", () => {
  it("are read from the source (the scanner finds them)", () => {
    // Guards the checks below against a scanner that finds nothing.
    expect(arrows).toContainEqual({ from: "resources/steps/check.ts", to: "resources/kinds/kind" });
    expect(arrows).toContainEqual({ from: "resources/dispatch.ts", to: "resources/steps/runtime" });
  });

  it("run one way: program → dispatch → steps → kinds → api", () => {
    const upward = arrows
      .filter(({ from }) => ORDER.includes(layerOf(from)))
      .filter(({ from, to }) => {
        const rank = (path: string) => ORDER.indexOf(layerOf(path));
        return rank(to) > rank(from) || rank(to) === -1;
      })
      .map(({ from, to }) => `${from} → ${to}`);
    expect(upward).toEqual([]);
  });

  it("reach the plugin only through provider/plugin/layer.ts", () => {
    const around = arrows
      .filter(({ from, to }) => from.startsWith("plugin/") && to.startsWith("resources/"))
      .filter(({ from }) => from !== "plugin/layer.ts")
      .map(({ from, to }) => `${from} → ${to}`);
    expect(around).toEqual([]);
    const intoPlugin = arrows
      .filter(({ from, to }) => !from.startsWith("plugin/") && to.startsWith("plugin/"))
      .map(({ from, to }) => `${from} → ${to}`);
    expect(intoPlugin).toEqual([]);
  });
});
