/**
 * Deployments: the spec's nine plus kr, ch and esc, which the live service also has.
 * us1's host carries no deployment segment, so it is served at `/api/v1`; every other deployment
 * D at `/D/api/v1` on the same origin, which any HTTP client follows without DNS set-up.
 */
export const DEPLOYMENTS = [
  "us1",
  "us2",
  "au",
  "ca",
  "de",
  "eu",
  "fed",
  "in",
  "jp",
  "kr",
  "ch",
  "esc",
] as const;

export type Deployment = (typeof DEPLOYMENTS)[number];

export function isDeployment(value: unknown): value is Deployment {
  return typeof value === "string" && (DEPLOYMENTS as readonly string[]).includes(value);
}

/** The path prefix of a deployment's API, e.g. `/api/v1` or `/us2/api/v1`. */
export function apiPrefix(deployment: Deployment): string {
  return deployment === "us1" ? "/api/v1" : `/${deployment}/api/v1`;
}

/** The session cookie path: `/api` on us1, `/D/api` elsewhere (each live host has its own). */
export function cookiePath(deployment: Deployment): string {
  return deployment === "us1" ? "/api" : `/${deployment}/api`;
}
