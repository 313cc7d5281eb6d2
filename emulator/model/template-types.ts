/**
 * The source template types the emulator offers, each with its schema versions oldest first
 * (the last is the latest). The live service's catalogue is larger and not published as data;
 * this one covers the common integrations, so that examples and tests have real names to use.
 */
export const TEMPLATE_TYPES: Readonly<Record<string, readonly string[]>> = {
  Apache: ["1.0.0", "1.1.0", "2.0.0"],
  Nginx: ["1.0.0", "1.1.0", "2.0.0"],
  MySQL: ["1.0.0", "1.1.0"],
  PostgreSQL: ["1.0.0", "1.1.0"],
  Redis: ["1.0.0", "1.1.0"],
  Kafka: ["1.0.0", "2.0.0"],
  Docker: ["1.0.0", "1.1.0"],
  "Local File": ["1.0.0", "1.1.0", "2.0.0"],
  Syslog: ["1.0.0", "1.1.0"],
  Linux: ["1.0.0", "1.1.0", "2.0.0"],
  Mac: ["1.0.0", "1.1.0"],
  Windows: ["1.0.0", "1.1.0", "2.0.0"],
  "Windows Event Log": ["1.0.0", "1.1.0"],
};

export function templateVersions(type: string): readonly string[] | undefined {
  return Object.hasOwn(TEMPLATE_TYPES, type) ? TEMPLATE_TYPES[type] : undefined;
}

/** The latest version of a known type. */
export function latestVersion(type: string): string {
  const versions = templateVersions(type) ?? [];
  return versions[versions.length - 1] ?? "";
}
