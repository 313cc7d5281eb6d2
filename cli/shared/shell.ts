// Commands as a POSIX shell reads them: what the report tells people to run and the lines --run
// prints before it runs pulumi, so either can be copied and run again as it is.

/** One word for a POSIX shell: as it is when that is safe, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./=@%+,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The argv as one shell command line. */
export function commandLine(argv: readonly string[]): string {
  return argv.map(shellWord).join(" ");
}
