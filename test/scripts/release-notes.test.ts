// A release's notes come from its version's section of CHANGELOG.md; a version without one, or
// with an empty one, is not released.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageVersion } from "../../provider/plugin/version";
import { releaseNotes } from "../../scripts/release/notes";

const ROOT = join(__dirname, "..", "..");

const CHANGELOG = `# Changelog

## [Unreleased]

### Added
- Something new.

## [0.2.0] - 2027-01-04

### Fixed
- A fix.

## [0.1.0]

### Added
- The first version.

[Unreleased]: https://example.test/compare/v0.2.0...HEAD
[0.2.0]: https://example.test/releases/tag/v0.2.0
`;

describe("releaseNotes", () => {
  it("takes the version's section, up to the next version or the link definitions", () => {
    expect(releaseNotes(CHANGELOG, "0.2.0")).toBe("### Fixed\n- A fix.\n");
    expect(releaseNotes(CHANGELOG, "0.1.0")).toBe("### Added\n- The first version.\n");
  });

  it("refuses a version without a section, or with an empty one, saying what to write", () => {
    expect(() => releaseNotes(CHANGELOG, "0.3.0")).toThrow(
      'CHANGELOG.md has no section "## [0.3.0]": write the version\'s notes there',
    );
    expect(() => releaseNotes("## [0.4.0]\n\n## [0.3.0]\n- x\n", "0.4.0")).toThrow(
      'CHANGELOG.md\'s section "## [0.4.0]" is empty',
    );
  });

  it("finds the notes of the package's version in the repository's CHANGELOG.md", () => {
    const changelog = readFileSync(join(ROOT, "CHANGELOG.md"), "utf8");
    expect(releaseNotes(changelog, packageVersion(ROOT))).toContain("### Added");
  });
});
