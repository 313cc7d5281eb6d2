// docs/reference/command-line.md ends with every command and flag, printed from the program by
// scripts/docs/cli-reference.ts: a command or flag added, renamed or reworded fails here until
// `npm run docs:command-line` prints the section again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BEGIN, commandReference, END, PAGE } from "../../scripts/docs/cli-reference";
import { markedSection } from "../../scripts/docs/marked-section";

const ROOT = join(__dirname, "..", "..");

describe(PAGE, () => {
  const page = readFileSync(join(ROOT, PAGE), "utf8");

  it("holds every command and flag as the program has them", () => {
    const section = markedSection(page, BEGIN, END, PAGE);
    expect(section, "run `npm run docs:command-line`").toBe(commandReference());
  });

  it("the section names each command that runs something, and each of its flags", () => {
    const section = commandReference();
    for (const command of [
      "serve",
      "list",
      "upgrade",
      "offline list",
      "offline delete",
      "export",
      "recover",
    ]) {
      expect(section).toContain(`### collectors ${command}\n`);
    }
    expect(section).toContain("| `--dry-run` |");
    expect(section).not.toContain("### collectors offline\n");
  });
});
