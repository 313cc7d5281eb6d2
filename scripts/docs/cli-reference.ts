// The "Every command and flag" section of docs/reference/command-line.md, printed from the
// `collectors` program itself (cli/main.ts), so the page lists every command and flag there is.
// test/docs/command-line.test.ts checks that the page holds exactly this text. After changing a
// command: `npm run docs:command-line`.
import { buildProgram } from "../../cli/main";
import type { Command } from "../../cli/shared/commander";
import { writeMarkedSection } from "./marked-section";

/** The page, from the repository's root (where npm runs its scripts). */
export const PAGE = "docs/reference/command-line.md";
export const BEGIN = "<!-- every command and flag: printed by scripts/docs/cli-reference.ts -->";
export const END = "<!-- end of every command and flag -->";

/** A table cell: pipes escaped, one line. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

function commandSection(command: Command, path: string): string[] {
  const options = command.options.filter((option) => !option.hidden);
  const lines = [`### ${path}`, "", cell(command.description()), ""];
  lines.push("```sh", `${path} ${command.usage()}`.trim(), "```", "");
  if (options.length > 0) {
    lines.push("| Flag | Meaning | Default |", "|---|---|---|");
    for (const option of options) {
      const fallback =
        option.defaultValue === undefined ? "" : `\`${String(option.defaultValue)}\``;
      lines.push(`| \`${option.flags}\` | ${cell(option.description)} | ${fallback} |`);
    }
    lines.push("");
  }
  return lines;
}

/** Every command that runs something (a group such as `offline` is its subcommands), depth first. */
function sections(command: Command, path: string): string[] {
  return command.commands.flatMap((sub) => {
    const subPath = `${path} ${sub.name()}`;
    return sub.commands.length > 0 ? sections(sub, subPath) : commandSection(sub, subPath);
  });
}

/** The section, between its markers. */
export function commandReference(): string {
  return [BEGIN, "", ...sections(buildProgram(), "collectors"), END].join("\n");
}

if (require.main === module) writeMarkedSection(PAGE, BEGIN, END, commandReference());
