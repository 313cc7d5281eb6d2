// Words and command lines as a POSIX shell (sh, bash, zsh) reads them: every command the CLI
// prints for people to copy and run (export's steps, migrate's hand-off, recover's command and
// the lines --run prints before it runs pulumi) goes through here, so any of them runs as
// printed, whatever the names, URNs, addresses or paths in it hold.

/**
 * Characters no shell gives a meaning to inside a word. `=` is one only after the first
 * character: zsh expands a word starting with `=` to a command's path.
 */
const PLAIN = /^[A-Za-z0-9_./:,@%+-][A-Za-z0-9_./:,@%+=-]*$/;

/** One word: as it is when every character is plain, else in single quotes. */
export function shellWord(word: string): string {
  return PLAIN.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The argv as one command line. */
export function commandLine(argv: readonly string[]): string {
  return argv.map(shellWord).join(" ");
}
