// Shell-style patterns on collector names, matched by picomatch: `*` any run of characters,
// `?` one character, `[abc]` / `[a-z]` / `[!abc]` a class. A pattern without any of these is an
// exact name. Matching is case-sensitive, as names are.
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
  debug: true, // throw on a pattern that is not a valid regular expression, instead of matching nothing
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
  try {
    return picomatch.makeRe(escaped, NAME_GLOB);
  } catch (error) {
    // A class the regular expression engine refuses, such as [z-a].
    throw new UsageError(`${flag} ${pattern}: not a valid pattern (${(error as Error).message})`);
  }
}

export interface NameMatcher {
  matches(name: string): boolean;
  /** The patterns that matched no name passed to matches() so far. */
  unmatched(): string[];
}

export function nameMatcher(patterns: readonly string[]): NameMatcher {
  const compiled = patterns.map((pattern) => ({ pattern, re: globToRegExp(pattern), hits: 0 }));
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
