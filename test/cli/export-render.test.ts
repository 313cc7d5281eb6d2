// The generated code is written the way Biome's formatter writes it: each case is rendered, then
// run through `biome format` with the repository's settings, which must change nothing.
import { describe, expect, it } from "vitest";
import { Code, type Statement, statementLines, stringLiteral } from "../../cli/export/render";
import { runProcess } from "../../scripts/toolchain/pulumi-workspace";
import { ROOT } from "../helpers/pulumi";

async function biomeFormat(code: string): Promise<string> {
  const result = await runProcess(
    `${ROOT}/node_modules/.bin/biome`,
    ["format", "--stdin-file-path=generated.ts"],
    { cwd: ROOT, env: process.env, input: code },
  );
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

const long = "x".repeat(60);
const statement = (over: Partial<Statement>): Statement => ({
  notes: [],
  className: "collectors.HttpSource",
  logicalName: "web",
  args: { adopt: new Code("{ id: 1 }"), name: "web" },
  ...over,
});

const cases: Record<string, Statement> = {
  "a long head": statement({
    variable: "aVeryLongCollectorNameThatIsFortyChars",
    className: "collectors.CloudSyslogSource",
    logicalName: "aVeryLongCollectorNameThatIsFortyCharsAndTheSourceToo",
  }),
  "quotes and escapes": statement({
    args: {
      a: 'say "hi"',
      b: "it's",
      c: `both " and ' and ""`,
      d: "tab\tnewline\nbackslash\\ unicode é 日志 \u0007",
      "x-key": 1,
      café: "unicode keys are bare",
      日志: 2,
      "1": true,
      _ok: null,
    },
  }),
  "arrays that fit and do not": statement({
    args: {
      short: ["a", "b"],
      exactly: ["y".repeat(84)],
      over: ["y".repeat(85)],
      many: Array.from({ length: 12 }, (_, i) => `host-${i}.example.com`),
      nested: [
        ["a", "b"],
        [long, long],
      ],
      objects: [{ a: 1 }, { b: [long, long] }],
      empty: [],
      emptyObject: {},
      numbers: [1, 2, 3],
    },
  }),
  "a long secret key": statement({
    args: {
      deep: {
        deeper: {
          deepest: { apiKey: new Code(`config.requireSecret(${stringLiteral("k".repeat(48))})`) },
        },
      },
    },
  }),
  notes: statement({ notes: [`word `.repeat(40)] }),
  "resource options": statement({ variable: "web", options: new Code("{ protect: true }") }),
};

/**
 * An array of scalars whose line (`  tags: ["…"],`) takes `columns` as Biome counts them: four
 * copies of `ch` at `chWidth` columns each, padded with x. Biome keeps it on one line up to 100.
 */
function arrayLineOf(ch: string, chWidth: number, columns: number): Statement {
  const pad = "x".repeat(columns - '  tags: [""],'.length - 4 * chWidth);
  return statement({ args: { tags: [`${pad}${ch.repeat(4)}`] } });
}

// Characters where Unicode's East Asian Width, which Biome counts by, is not the obvious guess:
// emoji outside the first emoji blocks are wide, a thermometer and a CJK radical are narrow.
for (const [ch, chWidth] of [
  ["🚀", 2], // U+1F680, Wide
  ["⌚", 2], // U+231A, Wide
  ["🌡", 1], // U+1F321, Neutral
  ["⺚", 1], // U+2E9A, unassigned: Neutral
  ["日", 2],
] as const) {
  cases[`${ch} at 100 columns`] = arrayLineOf(ch, chWidth, 100);
  cases[`${ch} at 101 columns`] = arrayLineOf(ch, chWidth, 101);
}

describe("generated code is formatted as Biome formats it", () => {
  for (const [name, s] of Object.entries(cases)) {
    it(name, async () => {
      const code = `${statementLines(s).join("\n")}\n`;
      expect(await biomeFormat(code)).toBe(code);
    });
  }
});
