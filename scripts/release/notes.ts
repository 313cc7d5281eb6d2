// A release's notes: its version's section of CHANGELOG.md (`## [<version>]`, Keep a Changelog's
// form), which the release workflow gives `gh release create --notes-file`. A version without a
// section, or with an empty one, stops the release before anything is built.

/** The text under `## [<version>]`, up to the next `## ` heading or the link definitions. */
export function releaseNotes(changelog: string, version: string): string {
  const lines = changelog.split("\n");
  const start = lines.findIndex(
    (line) => line.trim() === `## [${version}]` || line.startsWith(`## [${version}] `),
  );
  if (start < 0) {
    throw new Error(
      `CHANGELOG.md has no section "## [${version}]": write the version's notes there ` +
        "(move Unreleased's entries under it) before releasing",
    );
  }
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith("## ") || /^\[[^\]]+\]:\s/.test(line));
  const notes = (end < 0 ? rest : rest.slice(0, end)).join("\n").trim();
  if (notes === "") throw new Error(`CHANGELOG.md's section "## [${version}]" is empty`);
  return `${notes}\n`;
}
