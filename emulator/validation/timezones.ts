const CANONICAL = new Set([...Intl.supportedValuesOf("timeZone"), "UTC", "Etc/UTC"]);
// Backward-compatible tz database links (US/Pacific, Etc/GMT+5, …) are valid names too; Intl
// accepts them but also accepts any letter case and raw offsets, which the tz database does not.
const LINK_FORM =
  /^(?:[A-Z][A-Za-z]*(?:\/[A-Z][A-Za-z0-9_+-]*)+|Etc\/GMT[+-]\d{1,2}|GMT|UCT|UTC|Zulu)$/;

/** Whether a string is a time zone name from the tz database (as the spec requires). */
export function isTimeZone(name: string): boolean {
  if (CANONICAL.has(name)) return true;
  if (!LINK_FORM.test(name)) return false;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions()
      .timeZone;
    // "EUROPE/BERLIN" resolves to "Europe/Berlin": same name in another case is not a tz name.
    return !(resolved !== name && resolved.toLowerCase() === name.toLowerCase());
  } catch {
    return false;
  }
}
