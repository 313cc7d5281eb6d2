// 301 moved: the account lives in another deployment. Credentials go only to the configured
// service: the configured base's origin, or the official API hosts over https.
import { deploymentOfBase, isDeployment } from "./config";

const API_PREFIX = "/api/v1";

/** Whether credentials may be sent to `target`. */
export function isTrustedTarget(target: URL, configuredBase: string): boolean {
  if (target.origin === new URL(configuredBase).origin) return true;
  if (target.protocol !== "https:" || (target.port !== "" && target.port !== "443")) return false;
  const host = target.hostname.toLowerCase();
  if (host === "api.sumologic.com") return true;
  const dep = /^api\.([a-z0-9]+)\.sumologic\.com$/.exec(host)?.[1];
  return dep !== undefined && isDeployment(dep);
}

/**
 * The new base URL from a Location: the Location minus the request's path-and-query suffix, or
 * failing that, everything up to the first "/api/v1".
 */
export function baseFromLocation(target: URL, suffix: string): string | undefined {
  const full = `${target.origin}${target.pathname}${target.search}`;
  for (const candidate of [suffix, suffix.split("?")[0] ?? suffix]) {
    if (candidate && full.endsWith(candidate)) {
      const base = full.slice(0, full.length - candidate.length).replace(/\/+$/, "");
      if (base.endsWith(API_PREFIX)) return base;
    }
  }
  const at = target.pathname.indexOf(API_PREFIX);
  return at >= 0
    ? `${target.origin}${target.pathname.slice(0, at + API_PREFIX.length)}`
    : undefined;
}

/** The deployment a moved-to base URL names: by official host, or the local service's prefix. */
export function deploymentNamed(baseUrl: string): string | undefined {
  const dep = deploymentOfBase(baseUrl);
  if (dep) return dep;
  // The local service serves us1 without a prefix.
  return new URL(baseUrl).pathname === API_PREFIX ? "us1" : undefined;
}
