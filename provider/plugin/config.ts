// The provider's own configuration: CheckConfig, DiffConfig and Configure. The engine sends
// Configure both `variables` ("collectors:config:accessId" → text, secrets stripped on older
// engines) and `args` (a Struct that keeps secrets): `args` first, then `variables`; the
// runtime then falls back to the COLLECTORS_* environment, as for the dynamic provider.
import { isDeepStrictEqual } from "node:util";
import { ON_CONFLICT_VALUES, SETTINGS, UNKNOWN } from "./layer";
import { reveal, type Values } from "./values";

type Failure = { property: string; reason: string };

const NAMES = Object.keys(SETTINGS);
/** Keys the engine adds to a provider's inputs itself. */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);

/** The failures of a provider's inputs: unknown settings, values that are not text, bad values. */
export function checkConfig(news: Values): Failure[] {
  const failures: Failure[] = [];
  for (const [key, given] of Object.entries(news)) {
    if (ENGINE_KEYS.has(key) || key.startsWith("__")) continue;
    const value = reveal(given);
    if (!NAMES.includes(key)) {
      failures.push({
        property: key,
        reason: `${key} is not a setting of the collectors provider; its settings are ${NAMES.join(", ")}`,
      });
    } else if (
      value !== UNKNOWN &&
      value !== undefined &&
      value !== null &&
      typeof value !== "string"
    ) {
      failures.push({ property: key, reason: `${key} must be a string` });
    } else if (
      key === "onConflict" &&
      typeof value === "string" &&
      value !== UNKNOWN &&
      !(ON_CONFLICT_VALUES as readonly string[]).includes(value)
    ) {
      failures.push({
        property: key,
        reason: `onConflict must be one of ${ON_CONFLICT_VALUES.join(", ")} (got ${JSON.stringify(value)})`,
      });
    }
  }
  return failures;
}

/** The settings that differ between two sets of provider inputs (never a replacement). */
export function changedSettings(olds: Values, news: Values): string[] {
  return NAMES.filter((name) => !isDeepStrictEqual(reveal(olds[name]), reveal(news[name])));
}

/** The config getter of Runtime.configure(): `collectors:<name>` from args, then variables. */
export function configGetter(
  args: Values,
  variables: ReadonlyMap<string, string>,
): (key: string) => string | undefined {
  return (key) => {
    const name = key.replace(/^collectors:/, "");
    const value = reveal(args[name]);
    if (typeof value === "string" && value !== UNKNOWN) return value;
    return variables.get(`collectors:config:${name}`);
  };
}
