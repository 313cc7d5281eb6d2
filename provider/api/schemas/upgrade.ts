// Spec 2.3 and 2.4 (docs/reference/service/collector-management-api.md): upgrade tasks and build targets.
import { z } from "zod";
import { link } from "./common";

/** Upgrade task status codes (docs/reference/service/collector-management-api.md §2.3). */
export const UPGRADE_STATUS = {
  notStarted: 0,
  pending: 1,
  succeeded: 2,
  failed: 3,
  progressing: 6,
} as const;

/** A name for each upgrade task status, for messages: "pending", "progressing", … */
export const UPGRADE_STATUS_NAMES: Readonly<Record<number, string>> = {
  [UPGRADE_STATUS.notStarted]: "not started",
  [UPGRADE_STATUS.pending]: "pending",
  [UPGRADE_STATUS.progressing]: "progressing",
  [UPGRADE_STATUS.succeeded]: "succeeded",
  [UPGRADE_STATUS.failed]: "failed",
};

/** True once a task has succeeded or failed. */
export function isUpgradeFinished(status: number): boolean {
  return status === UPGRADE_STATUS.succeeded || status === UPGRADE_STATUS.failed;
}

// Task ids are longs that the service returns as a string when created: always a string here.
const taskId = z.union([z.string(), z.number()]).transform(String);

export const upgradeTaskSchema = z.looseObject({
  id: taskId,
  collectorId: z.number().int(),
  toVersion: z.string().nullish(),
  /** Documented as requestedTime, sent as requestTime. */
  requestTime: z.number().nullish(),
  requestedTime: z.number().nullish(),
  status: z.number().int(),
  message: z.string().nullish(),
});
export type UpgradeTask = z.infer<typeof upgradeTaskSchema>;
export const upgradeTaskEnvelope = z.looseObject({ upgrade: upgradeTaskSchema });

export const upgradeRequestSchema = z.strictObject({
  collectorId: z.number().int().nonnegative(),
  /** Default: the latest build. */
  toVersion: z.string().min(1).optional(),
});
export type UpgradeRequest = z.input<typeof upgradeRequestSchema>;

export const upgradeCreatedSchema = z.looseObject({ id: taskId, link: link.optional() });
export type UpgradeCreated = z.infer<typeof upgradeCreatedSchema>;

export const buildTargetSchema = z
  .looseObject({
    version: z.string().describe('The build\'s version, e.g. "19.470-4".'),
    latest: z.boolean().describe("Whether it is the newest build."),
  })
  .describe("A collector build the service offers.");
export type BuildTarget = z.infer<typeof buildTargetSchema>;
export const buildTargetsEnvelope = z.looseObject({ targets: z.array(buildTargetSchema) });
