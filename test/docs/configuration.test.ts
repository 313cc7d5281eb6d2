// The provider's settings are listed in one table, on the page the Registry publishes as the
// package's installation page: every key the code reads, with its environment variable, its
// default and whether it is secret, as the code and the plugin's schema have them. A setting
// added, renamed or given another default fails here until the table follows.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_DEPLOYMENT, DEPLOYMENTS } from "../../provider/api/config";
import { packageSchema } from "../../provider/plugin/schema";
import { DEFAULT_ON_CONFLICT, SETTINGS } from "../../provider/resources/steps/settings";
import { pages } from "./pages";

const ROOT = join(__dirname, "..", "..");
const HOME = join("docs", "installation-configuration.md");
const read = (page: string) => readFileSync(join(ROOT, page), "utf8");

/** A table row whose first cell is a provider setting: `| \`collectors:accessId\` | …`. */
const CONFIG_ROW = /^\|\s*`collectors:[A-Za-z]+`\s*\|/m;

interface Row {
  key: string;
  env: string;
  default: string;
  secret: string;
  meaning: string;
}

/** The rows of the page's configuration table, by config key. */
function configTable(markdown: string): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const line of markdown.split("\n")) {
    if (!CONFIG_ROW.test(line)) continue;
    const [key = "", env = "", byDefault = "", secret = "", meaning = ""] = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows.set(key.replaceAll("`", ""), {
      key,
      env: env.replaceAll("`", ""),
      default: byDefault,
      secret,
      meaning,
    });
  }
  return rows;
}

describe("the configuration table", () => {
  it(`is written once, in ${HOME}`, () => {
    const holding = pages().filter((page) => CONFIG_ROW.test(read(page)));
    expect(holding).toEqual([HOME]);
  });

  it("spotting a repeated configuration table", () => {
    expect(CONFIG_ROW.test("| `collectors:endpoint` | `COLLECTORS_ENDPOINT` | — |")).toBe(true);
    expect(CONFIG_ROW.test("Set `collectors:endpoint` | or not")).toBe(false);
  });

  const table = configTable(read(HOME));
  const variables = packageSchema().config.variables as Record<string, { secret?: boolean }>;

  it("lists every setting the provider reads, with its environment variable, and no other", () => {
    const expected = Object.values(SETTINGS).map(({ key, env }) => [key, env]);
    expect([...table.values()].map((row) => [row.key.replaceAll("`", ""), row.env])).toEqual(
      expected,
    );
    expect(Object.keys(variables).map((name) => `collectors:${name}`)).toEqual(
      expected.map(([key]) => key),
    );
  });

  it("says which are secret, as the plugin's schema does", () => {
    for (const [name, variable] of Object.entries(variables)) {
      const row = table.get(`collectors:${name}`);
      expect(row?.secret.startsWith(variable.secret ? "yes" : "no"), `collectors:${name}`).toBe(
        true,
      );
    }
  });

  it("gives the defaults the code uses, and every deployment the client knows", () => {
    expect(table.get(SETTINGS.deployment.key)?.default).toBe(`\`${DEFAULT_DEPLOYMENT}\``);
    expect(table.get(SETTINGS.onConflict.key)?.default).toBe(`\`${DEFAULT_ON_CONFLICT}\``);
    for (const name of ["accessId", "accessKey"] as const) {
      expect(table.get(SETTINGS[name].key)?.default).toContain("required");
    }
    const deployments = table.get(SETTINGS.deployment.key)?.meaning ?? "";
    for (const deployment of DEPLOYMENTS) expect(deployments).toContain(`\`${deployment}\``);
  });
});
