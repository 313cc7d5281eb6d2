// Logical names for the generated program: valid TypeScript identifiers derived from the
// objects' names, unique in the program, and stable (the same account gives the same names, in
// whatever order the service lists it). The identifier is also the Pulumi logical name.

/** Words JavaScript or TypeScript reserve, and the names the generated program uses itself. */
const TAKEN = new Set([
  ...[
    "await break case catch class const continue debugger default delete do else enum export",
    "extends false finally for function if implements import in instanceof interface let new",
    "null package private protected public return static super switch this throw true try",
    "typeof var void while with yield arguments eval undefined NaN Infinity",
    // Names a CommonJS module reserves at its top level.
    "require exports module __filename __dirname",
    // The generated program's own names.
    "pulumi collectors config",
  ]
    .join(" ")
    .split(" "),
]);

/** Most names are short; a long one is cut (at a word boundary when it can be) to keep code legible. */
const MAX_LENGTH = 40;

/** The words of a name: letters and digits, accents dropped ("Café-Logs" → Cafe, Logs). */
function words(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function lowerFirst(word: string, first: boolean): string {
  if (!first) return (word[0] ?? "").toUpperCase() + word.slice(1);
  // "HTTP" → "http", "WebLogs" → "webLogs".
  if (word === word.toUpperCase()) return word.toLowerCase();
  return (word[0] ?? "").toLowerCase() + word.slice(1);
}

/** camelCase of the words; `fallback` when nothing usable is left. */
export function identifierOf(name: string, fallback: string): string {
  let id = words(name)
    .map((w, i) => lowerFirst(w, i === 0))
    .join("");
  // Only characters an identifier may hold (some letters from NFKD are not).
  id = [...id].filter((ch) => /[\p{ID_Continue}$]/u.test(ch)).join("");
  // By code points: cutting UTF-16 units could split a surrogate pair, which no identifier holds.
  id = [...id].slice(0, MAX_LENGTH).join("");
  if (id === "") return fallback;
  if (!/^[\p{ID_Start}$_]/u.test(id)) id = `${fallback.replace(/\d+$/, "")}${id}`;
  return id;
}

/** Hands out unique identifiers: a repeated one gets 2, 3, … in the order asked. */
export class NameRegistry {
  readonly #used = new Set<string>(TAKEN);

  unique(candidate: string): string {
    let name = candidate;
    for (let n = 2; this.#used.has(name); n++) name = `${candidate}${n}`;
    this.#used.add(name);
    return name;
  }
}

/** "remotePassword" → "RemotePassword"; a path's parts joined the same way. */
export function pascal(parts: readonly string[]): string {
  return parts
    .flatMap((part) => words(part))
    .map((w) => (w[0] ?? "").toUpperCase() + w.slice(1))
    .join("");
}
