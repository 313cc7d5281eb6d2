// Shell-style patterns on collector names: `*` any run of characters (including none), `?` one
// character, `[abc]` / `[a-z]` / `[!abc]` a class. Names are not paths, so `*` also matches `/`.
// A pattern without any of these is an exact name. Matching is case-sensitive, as names are.
import { UsageError } from "./output";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/** The pattern as an anchored regular expression; a UsageError if it is not a valid one. */
export function globToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === "*") {
      source += ".*";
    } else if (ch === "?") {
      source += ".";
    } else if (ch === "[") {
      const end = pattern.indexOf("]", i + 2);
      if (end === -1) {
        source += "\\[";
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const negate = body.startsWith("!") || body.startsWith("^");
      if (negate) body = body.slice(1);
      source += `[${negate ? "^" : ""}${body.replace(/[\\\]^]/g, "\\$&")}]`;
      i = end;
    } else {
      source += escapeRegExp(ch);
    }
  }
  try {
    return new RegExp(`^${source}$`, "s");
  } catch (error) {
    // A class the regular expression engine refuses, such as [z-a].
    throw new UsageError(`--name ${pattern}: not a valid pattern (${(error as Error).message})`);
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
