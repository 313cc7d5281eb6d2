// pulumi-collectors/api: the typed client for the Collector Management API.
import { forgetListedReads } from "./batch";
import { resetSessions } from "./session";
import { resetLimiters } from "./throttle";

export {
  type BatchOptions,
  batcherFor,
  DEFAULT_BATCH,
  forgetListedReads,
  type Read,
  ReadBatcher,
} from "./batch";
export { CollectorsClient } from "./client";
export {
  COLLECTOR_PAGE_SIZE,
  CollectorsApi,
  type CollectorWithEtag,
  DEFAULT_ALIVE_BEFORE_DAYS,
  type ListCollectorsOptions,
  type OfflineOptions,
} from "./collectors";
export {
  type ClientOptions,
  DEFAULT_DEPLOYMENT,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  DEPLOYMENTS,
  type Deployment,
  deploymentBaseUrl,
  ENV,
  isDeployment,
  normaliseEndpoint,
  type ResolvedConfig,
  resolveConfig,
} from "./config";
export {
  ApiError,
  conditionFor,
  type ErrorCondition,
  InputError,
  isApiError,
  isGone,
  isGoneAnswer,
  isNotFound,
  NetworkError,
  type NetworkFailure,
  ResponseFormatError,
  ResponseTooLargeError,
} from "./errors";
export type { RequestOptions } from "./http";
export { collectorNamePath, isNameLookupSupported } from "./names";
export {
  type OtCollectorIterate,
  type OtCollectorSearchPage,
  OtCollectorsApi,
  type OtCollectorWithEtag,
} from "./ot-collectors";
export { collect, type PageOptions } from "./paging";
export { type RaceLimits, settleWithin } from "./race";
export {
  DEFAULT_RETRY,
  type RetryOptions,
  requestsSent,
  retriedByCaller,
} from "./retry";
export * from "./schemas";
export { SearchJobsApi } from "./search-jobs";
export { type ListTemplatesOptions, SourceTemplatesApi } from "./source-templates";
export { type DownloadOption, SourcesApi, type SourceWithEtag } from "./sources";
export { DEFAULT_LIMITS, type LimitOptions, type StartSlot } from "./throttle";
export {
  FOLLOW_DEFAULTS,
  type FollowOptions,
  TaskWaitLimit,
  UPGRADABLE_PAGE_SIZE,
  type UpgradableOptions,
  type UpgradeRefusal,
  UpgradesApi,
  upgradeRefusal,
} from "./upgrades";

/**
 * Forgets the process-wide state every client shares: pacing queues, cookie jars and bases
 * moved to by a 301. For tests, or a process that must start over.
 */
export function resetSharedState(): void {
  resetLimiters();
  resetSessions();
  forgetListedReads();
}
