// What every page people read must hold to: user pages speak to users (not of the machine the
// tests run on, nor of the project's issue numbers). The configuration table's one home:
// configuration.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isUserPage, pages } from "./pages";

const ROOT = join(__dirname, "..", "..");
const read = (page: string) => readFileSync(join(ROOT, page), "utf8");

/** Words that speak of the machine the docs were written on, of an issue of this project, or of its past. */
const NOT_FOR_USERS = [
  /\bthis machine\b/i,
  /\b(verified|tested|run|measured|built|obtainable|reachable|installed) here\b/i,
  /\bissue \d+\b/i,
  // A lab notebook's: the machine a figure came from, a past mishap.
  /\b(CI|build|test) machine\b/i,
  /\b\d+-core\b/i,
  /\bon (two|2|four|4) cores\b/i,
  /\bwas once\b/i,
  /\bthen broke\b/i,
];

describe("the documentation's pages", () => {
  for (const page of pages().filter(isUserPage)) {
    it(`${page} speaks to users`, () => {
      const text = read(page);
      const found = NOT_FOR_USERS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
      expect(found, `${page}: say it without the machine or the issue`).toEqual([]);
    });
  }
});
