// The `pulumi refresh` that records the ids found. Pulumi's --import-pending-creates is a string
// array flag: each occurrence takes one value, a URN or the id after it, so every value gets a
// flag of its own (`--import-pending-creates URN ID` leaves ID a stray argument, which refresh
// refuses).
import type { Finding } from "./finding";
import { type InputOptions, stackFlags } from "./input";

const IMPORT = "--import-pending-creates";

/** The argv (from `pulumi`) importing the offered objects; null when there are none. */
export function refreshArgv(findings: readonly Finding[], options: InputOptions): string[] | null {
  const offered = findings.filter((f) => f.status === "import" && f.id !== undefined);
  if (offered.length === 0) return null;
  return [
    "pulumi",
    "refresh",
    ...stackFlags(options),
    ...offered.flatMap((f) => [IMPORT, f.urn, IMPORT, f.id as string]),
  ];
}

/** `--yes` after `refresh`: --run has nobody to answer pulumi's question. */
export function withYes(argv: readonly string[]): string[] {
  return [...argv.slice(0, 2), "--yes", ...argv.slice(2)];
}

/** One word for a POSIX shell: as it is when that is safe, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./=@%+,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command for a POSIX shell, one URN and id pair a line (continued with a backslash), so a
 * long list stays readable and copies whole.
 */
export function commandText(argv: readonly string[]): string {
  const start = argv.indexOf(IMPORT);
  const head = (start < 0 ? argv : argv.slice(0, start)).map(shellWord).join(" ");
  if (start < 0) return head;
  const pairs: string[] = [];
  for (let i = start; i + 3 < argv.length; i += 4) {
    pairs.push(
      argv
        .slice(i, i + 4)
        .map(shellWord)
        .join(" "),
    );
  }
  return [head, ...pairs.map((pair) => `  ${pair}`)].join(" \\\n");
}
