// The columns a text takes on a terminal or in a formatted file, for the tables the commands print
// and the programs export writes.

// get-east-asian-width is ESM-only. Node 22 loads it with require() (require(esm)), which keeps
// width() synchronous; TypeScript's node16 mode needs the types imported as ESM explicitly.
import type * as EastAsianWidth from "get-east-asian-width" with { "resolution-mode": "import" };

const { eastAsianWidth } = require("get-east-asian-width") as typeof EastAsianWidth;

/**
 * Columns a line takes: East Asian Wide and Fullwidth characters (emoji among them) count two,
 * as in a terminal and in the formatter (Biome counts each character by Unicode's East Asian
 * Width).
 */
export function width(text: string): number {
  let n = 0;
  for (const ch of text) n += eastAsianWidth(ch.codePointAt(0) ?? 0);
  return n;
}
