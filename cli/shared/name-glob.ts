// Shell-style patterns on collector names, matched by picomatch: `*` any run of characters,
// `?` one character, `[abc]` / `[a-z]` / `[!abc]` a class. A pattern without any of these is an
// exact name. Matching is case-sensitive, as names are. A character is a code point, as a person
// counts it: `?` matches one emoji, and a class may hold one (`[🚀x]`), though JavaScript strings
// hold such a character as two UTF-16 units. So the expression picomatch writes is compiled here
// with the `u` flag.
//
// Names are not paths, while picomatch's globs are: so `*` also matches `/` (its bash mode), and
// every other punctuation mark is escaped to stand for itself (not picomatch's `(a|b)`, `{a,b}`,
// `!pattern`, `+(…)` or regex quantifiers). What stays of paths: `?` and a class never match
// `/`; `*` never runs over a `.` or `..` standing alone at the start or between slashes, nor over
// a line break. A backslash is refused: picomatch reads it as an escape and folds runs of them
// (and 4.0.7 never returns on `[\\\\`), so it cannot stand for itself; `?` matches it.
import picomatch from "picomatch";
import { UsageError } from "./output";

const NAME_GLOB: picomatch.PicomatchOptions = {
  bash: true, // `*` across `/`
  dot: true, // `*` also at a leading `.`
  posix: true, // `[!…]` negates
  nobrace: true,
  noextglob: true,
  nonegate: true,
  strictSlashes: true, // no optional trailing `/`
  windows: false, // the same on every platform
};

/** ASCII punctuation but the glob's own characters; `!`, `^` and `-` only mean something in a class. */
const LITERAL = /[!-/:-@[-`{-~]/g;
const GLOB_SYNTAX = new Set(["*", "?", "[", "]", "!", "^", "-"]);

/**
 * The pattern as an anchored regular expression; a UsageError naming `flag` (the option that
 * gave it) if it is not a valid one.
 */
export function globToRegExp(pattern: string, flag = "--name"): RegExp {
  if (pattern.includes("\\")) {
    throw new UsageError(
      `${flag} ${pattern}: a backslash cannot be matched as itself; use ? for that character`,
    );
  }
  const escaped = pattern.replace(LITERAL, (ch) => (GLOB_SYNTAX.has(ch) ? ch : `\\${ch}`));
  // picomatch's expression, not its RegExp: that one has no `u` flag.
  const source = picomatch.makeRe(escaped, NAME_GLOB, true) as unknown as string;
  try {
    return new RegExp(`^(?:${unicodeEscapes(source)})$`, "u");
  } catch (error) {
    // A class the regular expression engine refuses, such as [z-a].
    throw new UsageError(`${flag} ${pattern}: not a valid pattern (${(error as Error).message})`);
  }
}

/**
 * `source` made valid under the `u` flag, meaning the same. picomatch escapes a character outside
 * the BMP as its two UTF-16 units, each behind a backslash: those escapes go, leaving the
 * character whole. Every other escaped character that is not a letter or digit (punctuation, a
 * space) becomes `\u{…}`, the one form the `u` flag accepts for all of them in every place (it
 * refuses `\-`, `\@` or `\ ` outside a class, which picomatch and LITERAL write). An escaped
 * letter or digit is a real escape (`\d`, `\x2f`) and stays.
 */
function unicodeEscapes(source: string): string {
  return source
    .replace(/\\([\uD800-\uDBFF])\\([\uDC00-\uDFFF])/g, "$1$2")
    .replace(/\\([^0-9A-Za-z])/gu, (_, ch: string) => {
      return `\\u{${(ch.codePointAt(0) as number).toString(16)}}`;
    });
}

export interface NameMatcher {
  matches(name: string): boolean;
  /** The patterns that matched no name passed to matches() so far. */
  unmatched(): string[];
}

/** Matches names against `patterns`; `flag` names the option in the error for a bad pattern. */
export function nameMatcher(patterns: readonly string[], flag?: string): NameMatcher {
  const compiled = patterns.map((pattern) => ({
    pattern,
    re: globToRegExp(pattern, flag),
    hits: 0,
  }));
  return {
    matches(name) {
      let any = false;
      for (const entry of compiled) {
        if (entry.re.test(name)) {
          entry.hits++;
          any = true;
        }
      }
      return any;
    },
    unmatched: () => compiled.filter((e) => e.hits === 0).map((e) => e.pattern),
  };
}
