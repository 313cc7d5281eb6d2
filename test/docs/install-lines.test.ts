// Nothing is published until the first release: an install line that only works once a registry
// has the package must say so, and one that works today from a clone must say that, or a reader
// takes one for the other. Also: `npx collectors` outside a project that installed the package
// asks npm for another package, so the pages name the package (`npx --package=pulumi-collectors`).
// And one route from a clone to the plugin and the SDKs, the release build's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isUserPage, pages } from "./pages";

const ROOT = join(__dirname, "..", "..");

/** Lines that install from a registry or a release page: they work once released. */
const RELEASED = [
  /\b(npm|pnpm|yarn|bun)\s+(install|add|i)\s+(-g\s+)?(pulumi-collectors|@pulumi-collectors\/collectors)\b(?![-/])/,
  /\bpip3?\s+install\s+pulumi_collectors\b/,
  /\bgo\s+get\s+github\.com\/pulumi-collectors\//,
  /\bdotnet\s+add\s+package\s+PulumiCollectors\.Collectors\s+--version\b/,
  /\bpulumi\s+plugin\s+install\s+resource\s+collectors\b[^`|]*--server\s+github:/,
];

/** Lines that install what a clone builds: they work today. */
const FROM_CLONE = [
  /\b(npm|pnpm|yarn|bun)\s+(install|add|i)\s+(-g\s+)?\S*pulumi-collectors[-\w.]*\.tgz\b/,
  /\bpip3?\s+install\s+\S*pulumi_collectors-[\w.-]+\.whl\b/,
  /\bgo\s+mod\s+edit\s+-replace\s+github\.com\/pulumi-collectors\//,
  /\bdotnet\s+pack\s+\S*sdk\/dotnet\b/,
  /\bpulumi\s+plugin\s+install\s+resource\s+collectors\b[^`|]*--file\s+\S*dist\//,
];

const SAYS_RELEASED = /\bonce\s+released\b/i;
const SAYS_CLONE = /\b(from|in)\s+(a|the)\s+clone\b/i;

/**
 * The words that qualify the line at `lineNo`: in a table, the header of its column and the row
 * up to it; in a code block, the paragraph before the block and the block down to the line; in
 * prose, its paragraph.
 */
function contextOf(lines: string[], lineNo: number, column: number): string {
  const line = lines[lineNo] ?? "";
  if (line.trimStart().startsWith("|")) {
    let top = lineNo;
    while (top > 0 && (lines[top - 1] ?? "").trimStart().startsWith("|")) top--;
    const cell = (line.slice(0, column).match(/(?<!\\)\|/g) ?? []).length - 1;
    const header = (lines[top] ?? "").split(/(?<!\\)\|/)[cell + 1] ?? "";
    return `${header} ${line.slice(0, column)}`;
  }
  // Inside a fenced block? Count the fences above.
  let fence = -1;
  for (let i = 0; i < lineNo; i++) {
    if (/^\s*(```|~~~)/.test(lines[i] ?? "")) fence = fence < 0 ? i : -1;
  }
  const end = lineNo;
  let start = fence >= 0 ? fence - 1 : lineNo;
  if (fence >= 0 && (lines[start] ?? "").trim() === "") start--;
  while (
    start > 0 &&
    (lines[start - 1] ?? "").trim() !== "" &&
    !/^\s*(```|~~~)/.test(lines[start - 1] ?? "")
  )
    start--;
  let stop = end;
  if (fence < 0) {
    while (stop + 1 < lines.length && (lines[stop + 1] ?? "").trim() !== "") stop++;
  }
  return lines.slice(Math.max(start, 0), stop + 1).join("\n");
}

/** A line's pieces to check one by one: a table row's cells (with where each starts), else the line. */
function piecesOf(line: string): { text: string; at: number }[] {
  if (!line.trimStart().startsWith("|")) return [{ text: line, at: 0 }];
  const pieces: { text: string; at: number }[] = [];
  let at = 0;
  for (const text of line.split(/(?<!\\)\|/)) {
    pieces.push({ text, at });
    at += text.length + 1;
  }
  return pieces;
}

/** Each install line of a page that does not say which kind it is. */
function unmarkedInstalls(markdown: string): string[] {
  const lines = markdown.split("\n");
  const found: string[] = [];
  lines.forEach((line, lineNo) => {
    for (const piece of piecesOf(line)) {
      for (const [patterns, says, marker] of [
        [RELEASED, SAYS_RELEASED, "once released"],
        [FROM_CLONE, SAYS_CLONE, "from a clone"],
      ] as const) {
        for (const pattern of patterns) {
          const match = pattern.exec(piece.text);
          if (!match) continue;
          const context = contextOf(lines, lineNo, piece.at + match.index);
          if (!says.test(context)) found.push(`line ${lineNo + 1}: ${match[0]} (say "${marker}")`);
        }
      }
    }
  });
  return found;
}

/** `npx collectors …`: npm looks for a package named `collectors` where this one is not installed. */
function bareNpx(markdown: string): string[] {
  return [...markdown.matchAll(/\bnpx\s+(?:--yes\s+|-y\s+)?collectors\b[^\n`]*/g)].map((m) => m[0]);
}

describe("install lines", () => {
  it("are told apart: released ones say so, clone ones say so", () => {
    const table =
      "| Language | From a clone (today) | Once released |\n|---|---|---|\n" +
      "| Python | `pip install <clone>/dist/release/sdk/python/pulumi_collectors-0.1.0-py3-none-any.whl` | `pip install pulumi_collectors` |\n";
    expect(unmarkedInstalls(table)).toEqual([]);
    const swapped = table.replace("From a clone (today) | Once released", "Once released | Today");
    expect(unmarkedInstalls(swapped)).toHaveLength(2);
    expect(unmarkedInstalls("Install it:\n\n```sh\npip install pulumi_collectors\n```\n")).toEqual([
      'line 4: pip install pulumi_collectors (say "once released")',
    ]);
    expect(
      unmarkedInstalls(
        "Once released, install it:\n\n```sh\nnpm install -g pulumi-collectors\n```\n",
      ),
    ).toEqual([]);
    expect(
      unmarkedInstalls("The command (`npm install -g pulumi-collectors`) needs Node.js."),
    ).toHaveLength(1);
    expect(
      unmarkedInstalls(
        "From a clone:\n\n```sh\nnpm install ../pulumi-collectors/pulumi-collectors-0.1.0.tgz\n```\n",
      ),
    ).toEqual([]);
    expect(
      unmarkedInstalls("```sh\nnpm install ./pulumi-collectors-0.1.0.tgz\n```\n"),
    ).toHaveLength(1);
  });

  it("spots a bare `npx collectors`", () => {
    expect(bareNpx("Run `npx collectors serve --port 8080`.")).toEqual([
      "npx collectors serve --port 8080",
    ]);
    expect(bareNpx("Run `npx --package=pulumi-collectors collectors serve`.")).toEqual([]);
  });

  for (const page of pages().filter(isUserPage)) {
    it(`${page}: every install line says whether it works from a clone or once released`, () => {
      const text = readFileSync(join(ROOT, page), "utf8");
      expect(unmarkedInstalls(text)).toEqual([]);
    });
  }

  for (const page of pages().filter(isUserPage)) {
    it(`${page}: installs the SDKs the one way, from the release build`, () => {
      // `npm run release` makes what a release publishes (dist/release/); `npm run build:sdks`
      // and its dist/sdk/ are the contributors' (docs/internals/sdks.md).
      const text = readFileSync(join(ROOT, page), "utf8");
      expect(text.match(/\bdist\/sdk\b|\bbuild:sdks\b/g) ?? []).toEqual([]);
    });
  }

  for (const page of pages()) {
    it(`${page}: names the package to npx`, () => {
      const text = readFileSync(join(ROOT, page), "utf8");
      expect(bareNpx(text), "write `npx --package=pulumi-collectors collectors …`").toEqual([]);
    });
  }
});
