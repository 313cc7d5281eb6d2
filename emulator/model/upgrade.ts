import type { StoredRecord } from "../store";
import type { UpgradeOutcome } from "./collector";
import {
  UPGRADE_DONE_AFTER_MS,
  UPGRADE_PENDING_AFTER_MS,
  UPGRADE_PROGRESSING_AFTER_MS,
  UPGRADE_TIMEOUT_MS,
} from "./time";

/** Task statuses of spec 2.3 (docs/reference/service/collector-management-api.md). */
export const UpgradeStatus = {
  notStarted: 0,
  pending: 1,
  succeeded: 2,
  failed: 3,
  progressing: 6,
} as const;

export interface UpgradeDoc {
  id: number;
  collectorId: number;
  toVersion: string;
  requestTime: number;
  status: number;
  message: string;
  /** What this task does when it comes to an end, fixed when it is created. */
  outcome: UpgradeOutcome;
  failureMessage?: string;
}

export type UpgradeRecord = StoredRecord<UpgradeDoc>;

export function isComplete(doc: UpgradeDoc): boolean {
  return doc.status === UpgradeStatus.succeeded || doc.status === UpgradeStatus.failed;
}

export const DEFAULT_FAILURE_MESSAGE = "The Collector reported that the upgrade failed.";
export const TIMEOUT_MESSAGE = "The upgrade did not complete within 30 minutes.";

/** Where a task stands `elapsed` ms after its request, and when it next moves (if it does). */
export function progressAt(
  doc: UpgradeDoc,
  elapsed: number,
): { status: number; message: string; next?: number } {
  const { requestTime } = doc;
  if (elapsed < UPGRADE_PENDING_AFTER_MS) {
    return {
      status: UpgradeStatus.notStarted,
      message: "",
      next: requestTime + UPGRADE_PENDING_AFTER_MS,
    };
  }
  if (elapsed < UPGRADE_PROGRESSING_AFTER_MS) {
    return {
      status: UpgradeStatus.pending,
      message: "",
      next: requestTime + UPGRADE_PROGRESSING_AFTER_MS,
    };
  }
  if (doc.outcome === "hang") {
    if (elapsed < UPGRADE_TIMEOUT_MS) {
      return {
        status: UpgradeStatus.progressing,
        message: "",
        next: requestTime + UPGRADE_TIMEOUT_MS,
      };
    }
    return { status: UpgradeStatus.failed, message: TIMEOUT_MESSAGE };
  }
  if (elapsed < UPGRADE_DONE_AFTER_MS) {
    return {
      status: UpgradeStatus.progressing,
      message: "",
      next: requestTime + UPGRADE_DONE_AFTER_MS,
    };
  }
  return doc.outcome === "succeed"
    ? { status: UpgradeStatus.succeeded, message: "" }
    : { status: UpgradeStatus.failed, message: doc.failureMessage ?? DEFAULT_FAILURE_MESSAGE };
}

export function renderUpgrade(doc: UpgradeDoc): Record<string, unknown> {
  return {
    id: doc.id,
    collectorId: doc.collectorId,
    toVersion: doc.toVersion,
    requestTime: doc.requestTime,
    status: doc.status,
    message: doc.message,
  };
}
