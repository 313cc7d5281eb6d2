/**
 * The Collector builds the emulator offers (GET /collectors/upgrades/targets), oldest first;
 * exactly one is the latest. Version strings follow the live service's form.
 */
export const BUILD_VERSIONS = [
  "19.403-1",
  "19.418-12",
  "19.440-7",
  "19.455-3",
  "19.470-4",
] as const;

export const LATEST_BUILD = BUILD_VERSIONS[BUILD_VERSIONS.length - 1] as string;

export function isBuild(version: string): boolean {
  return (BUILD_VERSIONS as readonly string[]).includes(version);
}

export function buildTargets(): { version: string; latest: boolean }[] {
  return BUILD_VERSIONS.map((version) => ({ version, latest: version === LATEST_BUILD }));
}
