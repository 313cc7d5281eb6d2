// The one shell quoting (cli/shared/shell.ts), checked against real shells: each word the CLI
// may print in a command (names, URNs, Terraform addresses, paths, secret values) must come back
// from the shell as the very same argument.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { commandLine, shellWord } from "../../../cli/shared/shell";

/** Names a user, a state or the service may hold, each hostile to a shell in its own way. */
const HOSTILE = [
  "it's",
  "'",
  "''",
  'say "hi"',
  "$HOME",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's expansion, not a template's
  "${PATH}",
  "$(id)",
  "`id`",
  "two words",
  " leading and trailing ",
  "tab\there",
  "line\nbreak",
  "trailing newline\n",
  "urn:pulumi:dev::proj::collectors:index:HostedCollector::web::eu",
  "urn:pulumi:dev::proj::my:component:Thing$collectors:index:HttpSource::a,b",
  'module.app.sumologic_http_source.web["eu"]',
  "sumologic_http_source.shard[0]",
  "a,b",
  "*",
  "web-*",
  "?",
  "[abc]",
  "{a,b}",
  "~",
  "~root",
  "!",
  "!!",
  "a;b",
  "a&b",
  "a|b",
  "a>b",
  "(x)",
  "#comment",
  "x#y",
  "=ls",
  "a=b",
  "-n",
  "--yes",
  "\\",
  "back\\slash",
  "日本語のコレクター",
  "café",
  "🚀 rocket",
  "",
];

/** Runs `printf '%s\0'` with the words as `shell` parses the command line; returns its argv. */
function throughShell(shell: string, words: readonly string[]): string[] {
  const printed = execFileSync(shell, ["-c", `printf '%s\\0' ${commandLine(words)}`], {
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: "/nonexistent-home", LC_ALL: "C.UTF-8" },
  });
  return printed.split("\0").slice(0, -1);
}

const SHELLS = ["/bin/sh", "/bin/bash", "/bin/zsh", "/usr/bin/zsh"].filter(existsSync);

describe("shell quoting", () => {
  it("has real shells to check against", () => {
    expect(SHELLS).toContain("/bin/sh");
  });

  for (const shell of SHELLS) {
    it(`${shell} reads every hostile word back as it was`, () => {
      expect(throughShell(shell, HOSTILE)).toEqual(HOSTILE);
    });

    it(`${shell} reads each word alone as itself (no word leans on its neighbours)`, () => {
      for (const word of HOSTILE) expect(throughShell(shell, [word])).toEqual([word]);
    });
  }

  it("leaves plain words bare, so the common command stays readable", () => {
    expect(
      commandLine([
        "pulumi",
        "refresh",
        "--stack",
        "org/dev",
        "--target",
        "urn:pulumi:dev::proj::collectors:index:HostedCollector::web",
      ]),
    ).toBe(
      "pulumi refresh --stack org/dev --target urn:pulumi:dev::proj::collectors:index:HostedCollector::web",
    );
    for (const word of ["a,b", "a=b", "user@host", "50%", "1.2.3+4", "path/to/file"]) {
      expect(shellWord(word)).toBe(word);
    }
  });

  it("quotes what a shell would read otherwise: globs, expansions, a word starting with =", () => {
    expect(shellWord("web-*")).toBe("'web-*'");
    expect(shellWord("$HOME")).toBe("'$HOME'");
    expect(shellWord("=ls")).toBe("'=ls'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord("")).toBe("''");
  });
});
