// Collector builds: the syntax check of `version` (no HTTP in check), their order, and `latest`.
import { z } from "zod";
import type { BuildTarget } from "../../api";
import { resourceError } from "./errors";

// What the service's builds look like: "19.470-4", "19.403-1"; also allows "20.1.5-12".
const BUILD = /^\d+(\.\d+)+(-[0-9A-Za-z.]+)?$/;

export const versionSchema = z
  .string({ error: "version must be a string" })
  .superRefine((value, ctx) => {
    if (value.trim().toLowerCase() === "latest") {
      ctx.addIssue({
        code: "custom",
        message:
          'version must be a concrete build such as "19.470-4", not "latest": pick the newest with ' +
          "`latest(await getUpgradeTargets())` or `getUpgradeTargetsOutput().apply(latest)`, so the " +
          "stack records which build it runs",
      });
    } else if (!BUILD.test(value)) {
      ctx.addIssue({
        code: "custom",
        message:
          `version ${JSON.stringify(value)} is not a collector build: builds look like "19.470-4"; ` +
          "getUpgradeTargets() lists the ones the service offers",
      });
    }
  });

/** Orders two builds part by part (numbers as numbers): negative when `a` is older. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

/** "upgrade" when moving to a newer build, "downgrade" to an older one. */
export function direction(from: string | undefined, to: string): "upgrade" | "downgrade" {
  return from && compareVersions(to, from) < 0 ? "downgrade" : "upgrade";
}

/**
 * The newest build among the targets: the one the service marks `latest`, else the highest
 * version. For `version: latest(await getUpgradeTargets())`.
 *
 * `collectors upgrade --to latest` (cli/upgrade/plan.ts resolveTarget) answers the same
 * question but refuses when no build is marked: it acts on the spot on a whole fleet, where a
 * guess is not acceptable. Here the fallback is safe: the program records the concrete build in
 * `version`, so the preview shows which one before anything moves.
 */
export function latest(targets: readonly BuildTarget[]): string {
  const marked = targets.find((target) => target.latest);
  if (marked) return marked.version;
  const sorted = targets.map((target) => target.version).sort(compareVersions);
  const newest = sorted[sorted.length - 1];
  if (newest === undefined) {
    throw resourceError("noBuilds", {});
  }
  return newest;
}
