// The `collectors` command lines the documentation shows, in code blocks and inline code: each
// names a command the program has (a subcommand of offline or migrate too), only flags that
// command takes, and no more arguments than it takes, so a renamed or misspelt command or flag
// fails here until its pages follow. Read from the program itself (cli/main.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../cli/main";
import type { Command } from "../../cli/shared/commander";
import { codeBlocks, pages, withoutBlocks } from "./pages";

const ROOT = join(__dirname, "..", "..");

/** The command lines of a page: what follows `collectors ` in its code, one per line or span. */
function commandLines(markdown: string): string[] {
  // Shell blocks, and blocks that say no language; not output (`text`), programs or data.
  const blocks = codeBlocks(markdown)
    .filter((block) => /^(sh|bash|shell|console|zsh)?$/.test(block.info))
    .flatMap((block) => block.text.split("\n"));
  const prose = withoutBlocks(markdown);
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string);
  return [...blocks, ...spans].flatMap((code) => {
    // A command starts the code, or follows a prompt, `&&`, `;`, `|` or `(`: not "as collectors".
    const line = /(?:^|[$;&|(]\s*)(?:npx\s+)?collectors\s+(.*)$/.exec(code.trim());
    return line ? [(line[1] as string).trim()] : [];
  });
}

/** What is wrong with a command line, or undefined when the program takes it. */
function refused(program: Command, line: string): string | undefined {
  const words = line
    .replace(/#.*$/, "") // a shell comment
    .split(/\s+/)
    .map((word) => word.replace(/^[[(]+|[\])]+$/g, "")) // [--flag X], (--flag)
    .filter((word) => word !== "" && word !== "\\");
  let command = program;
  let path = "collectors";
  let depth = 0;
  for (const word of words) {
    if (word.startsWith("-")) break;
    const sub = command.commands.find((c) => c.name() === word);
    if (!sub) break;
    command = sub;
    path += ` ${word}`;
    depth++;
  }
  const next = words[depth];
  // A command with subcommands (the program, offline, migrate) runs none of its own: the word
  // after it is one of them, or a flag (--help).
  if (command.commands.length > 0 && next !== undefined && !next.startsWith("-")) {
    // A placeholder (`collectors <command>`) names no command to check.
    if (command === program && !/^[a-z][a-z-]*$/.test(next)) return undefined;
    return `${path} ${next}: no such command (the commands: ${command.commands.map((c) => c.name()).join(", ")})`;
  }
  const known = new Set(["--help", "-h", ...command.options.flatMap((o) => [o.long, o.short])]);
  const unknown = words
    .flatMap((word) => word.split("|")) // [--hosted|--installed]: either
    .filter((word) => /^--?[a-z]/.test(word))
    .map((word) => word.split("=")[0] as string)
    .filter((flag) => !known.has(flag));
  if (unknown.length > 0) return `${path}: no flag ${unknown.join(", ")}`;
  const extra = argumentWords(command, words.slice(depth)).slice(
    command.registeredArguments.length,
  );
  if (extra.length > 0 && !command.registeredArguments.at(-1)?.variadic) {
    const takes = command.registeredArguments.map((a) => `<${a.name()}>`).join(" ");
    return `${path} ${extra.join(" ")}: no such command (${path} takes ${takes || "no arguments"})`;
  }
  return undefined;
}

/**
 * The words of a command line that are the command's arguments: not its flags, the values they
 * take (every word up to the next flag for a variadic one), or the synopsis' `[options]` and `|`.
 */
function argumentWords(command: Command, words: string[]): string[] {
  const found: string[] = [];
  let takes: "one" | "many" | undefined;
  for (const word of words) {
    if (/^--?[a-z]/.test(word)) {
      const [flag, value] = word.split("=");
      const option = command.options.find((o) => o.long === flag || o.short === flag);
      const valued = option !== undefined && (option.required || option.optional);
      takes = !valued || value !== undefined ? undefined : option.variadic ? "many" : "one";
    } else if (word !== "|" && word !== "options") {
      if (takes === undefined) found.push(word);
      if (takes === "one") takes = undefined;
    }
  }
  return found;
}

describe("the command lines the documentation shows", () => {
  const program = buildProgram();

  it("are found in code, and checked against the program's commands and flags", () => {
    const lines = commandLines(
      "Run `collectors list --json`.\n\n```sh\nnpx collectors serve --port 0 # local\n```\n",
    );
    expect(lines).toEqual(["serve --port 0 # local", "list --json"]);
    expect(commandLines("```text\ncollectors needs Node.js 22\n```\n")).toEqual([]);
    expect(refused(program, "list --json")).toBeUndefined();
    expect(refused(program, "serve --port 0 # local")).toBeUndefined();
    expect(refused(program, "list --jsno")).toBe("collectors list: no flag --jsno");
    expect(refused(program, "offline list --days 30")).toBeUndefined();
    expect(refused(program, "exprot --out x")).toMatch(/^collectors exprot: no such command/);
    expect(refused(program, "lsit")).toMatch(/^collectors lsit: no such command/);
    expect(refused(program, "<command> [options]")).toBeUndefined();
    expect(refused(program, "offline lsit --days 30")).toBe(
      "collectors offline lsit: no such command (the commands: list, delete)",
    );
    expect(refused(program, "migrate terrafrom state.json")).toBe(
      "collectors migrate terrafrom: no such command (the commands: terraform, pulumi)",
    );
    expect(refused(program, "migrate terraform state.json")).toBeUndefined();
    expect(refused(program, "recover state.json other.json")).toBe(
      "collectors recover other.json: no such command (collectors recover takes <file>)",
    );
    expect(refused(program, "list hosted")).toBe(
      "collectors list hosted: no such command (collectors list takes no arguments)",
    );
    expect(refused(program, "upgrade --to latest --name 'web-*' 'db-?' --dry-run")).toBeUndefined();
    expect(refused(program, "export [--hosted|--installed]")).toBeUndefined();
    expect(commandLines('`import * as collectors from "pulumi-collectors"`')).toEqual([]);
  });

  for (const page of pages()) {
    it(`${page}: every collectors command it shows exists, with the flags it uses`, () => {
      const lines = commandLines(readFileSync(join(ROOT, page), "utf8"));
      const wrong = lines.map((line) => refused(program, line)).filter((why) => why !== undefined);
      expect(wrong).toEqual([]);
    });
  }
});
