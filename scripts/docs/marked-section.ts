// A generated section of a hand-written page, between two HTML comments: the scripts that print
// one write it there, and their tests read it back the same way.
import { readFileSync, writeFileSync } from "node:fs";

/** Where the section of `page` starts and ends (after `end`); throws if a marker is missing. */
function bounds(page: string, begin: string, end: string, where: string): [number, number] {
  const start = page.indexOf(begin);
  const stop = page.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`${where}: the section's markers are missing`);
  return [start, stop + end.length];
}

/** The section of `page` from `begin` to the end of `end`, markers included. */
export function markedSection(page: string, begin: string, end: string, where = "the page") {
  return page.slice(...bounds(page, begin, end, where));
}

/** Replaces the section of the page at `path` with `section` (which carries both markers). */
export function writeMarkedSection(path: string, begin: string, end: string, section: string) {
  const page = readFileSync(path, "utf8");
  const [start, stop] = bounds(page, begin, end, path);
  writeFileSync(path, page.slice(0, start) + section + page.slice(stop));
}
