// Spec 4.3 (docs/reference/service/collector-management-api.md): upgrade and downgrade tasks for Installed Collectors. Every request here carries
// Content-Type and Accept application/json, GETs included (the service answers 415 otherwise).

import { ApiError, isNotFound, NetworkError } from "./errors";
import type { HttpRequest, RequestOptions, Transport } from "./http";
import { tokenSegment } from "./names";
import { checkPaging, type PageOptions, paginate } from "./paging";
import { poll } from "./poll";
import { type Collector, collectorListEnvelope } from "./schemas/collector";
import {
  type BuildTarget,
  buildTargetsEnvelope,
  isUpgradeFinished,
  type UpgradeCreated,
  type UpgradeRequest,
  type UpgradeTask,
  upgradeCreatedSchema,
  upgradeRequestSchema,
  upgradeTaskEnvelope,
} from "./schemas/upgrade";
import { checkInput, parseResponse } from "./validate";

/** How followTask() polls a task. */
export interface FollowOptions {
  /**
   * Pause between two reads of the task. A function is asked again when the pause ends, and the
   * wait goes on while the read is not due yet (a pause that grew meanwhile). Default 5 s.
   */
  pollIntervalMs?: number | (() => number);
  /** Pause before the first read, from the call (a function: as for pollIntervalMs); default 0. */
  firstPollMs?: number | (() => number);
  /** Multiplies both pauses, not the limit (a test runtime's time scale); default 1. */
  timeScale?: number;
  /** Stop after this long without an end: rejects with a TaskWaitLimit. Default: no limit. */
  limitMs?: number;
  /** Consecutive failed reads tolerated before the last one's error rejects; default 0. */
  pollErrors?: number;
  /** Called with the task after every read. */
  onPoll?(task: UpgradeTask): void;
  /** Runs each read: lets many followers share a budget of reads in flight. */
  gate?<T>(read: () => Promise<T>): Promise<T>;
  /** Stops the wait (and the read in flight): rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Milliseconds now; default Date.now. */
  now?(): number;
}

export const FOLLOW_DEFAULTS = { pollIntervalMs: 5_000 } as const;

/** followTask() reached its limit before the task ended; `task` is the last one read. */
export class TaskWaitLimit extends Error {
  override readonly name = "TaskWaitLimit";
  constructor(
    readonly taskId: string,
    readonly task: UpgradeTask | undefined,
    readonly elapsedMs: number,
  ) {
    super(`upgrade task ${taskId} did not end within ${Math.round(elapsedMs / 1000)} s`);
  }
}

/** Why the service refused to start an upgrade task: the one classification of refusals. */
export type UpgradeRefusal =
  | "not-alive"
  | "upgrading"
  | "not-installed"
  | "bad-version"
  | "unknown-collector"
  /** The answer was lost: the task may have started. */
  | "lost-answer"
  | "other";

export function upgradeRefusal(error: unknown): UpgradeRefusal {
  if (error instanceof NetworkError) return "lost-answer";
  if (!(error instanceof ApiError)) return "other";
  switch (error.condition) {
    case "collector-not-alive":
      return "not-alive";
    case "collector-upgrading":
      return "upgrading";
    case "invalid-collector-type":
      return "not-installed";
    case "invalid-input":
      return "bad-version";
    case "not-found":
      return "unknown-collector";
    default:
      return "other";
  }
}

/** Spec 8 (docs/reference/service/collector-management-api.md): default `limit` of the upgradable-collectors list. */
export const UPGRADABLE_PAGE_SIZE = 50;

export interface UpgradableOptions {
  /** Default: the latest build. */
  toVersion?: string;
}

export class UpgradesApi {
  constructor(private readonly http: Transport) {}

  #send(req: HttpRequest) {
    return this.http.send({ ...req, alwaysJson: true });
  }

  /** One page of Collectors that can be upgraded (or downgraded) to `toVersion`. */
  async upgradableCollectors(
    options: UpgradableOptions & { limit?: number; offset?: number } = {},
    req: RequestOptions = {},
  ): Promise<Collector[]> {
    checkPaging(options.limit, options.offset);
    const res = await this.#send({
      method: "GET",
      path: "/collectors/upgrades/collectors",
      query: { toVersion: options.toVersion, offset: options.offset, limit: options.limit },
      ...req,
    });
    return parseResponse(collectorListEnvelope, res, "GET").collectors;
  }

  /** Every Collector that can be upgraded (or downgraded) to `toVersion`, page by page. */
  iterateUpgradable(
    options: UpgradableOptions & PageOptions = {},
    req: RequestOptions = {},
  ): AsyncGenerator<Collector, void, undefined> {
    return paginate(
      (limit, offset) =>
        this.upgradableCollectors({ toVersion: options.toVersion, limit, offset }, req),
      UPGRADABLE_PAGE_SIZE,
      options,
      "/collectors/upgrades/collectors",
    );
  }

  /** The Collector builds available as upgrade or downgrade targets. */
  async targets(req: RequestOptions = {}): Promise<BuildTarget[]> {
    const res = await this.#send({
      method: "GET",
      path: "/collectors/upgrades/targets",
      ...req,
    });
    return parseResponse(buildTargetsEnvelope, res, "GET").targets;
  }

  /** Asks an Installed Collector to move to `toVersion` (default latest); resolves with the task id. */
  async create(request: UpgradeRequest, req: RequestOptions = {}): Promise<UpgradeCreated> {
    const body = checkInput(upgradeRequestSchema, request, "upgrade");
    const res = await this.#send({
      method: "POST",
      path: "/collectors/upgrades",
      body,
      ...req,
    });
    return parseResponse(upgradeCreatedSchema, res, "POST");
  }

  /** One upgrade task as it stands: its status (UPGRADE_STATUS: 0 not started, 1 pending, 6 progressing, 2 succeeded, 3 failed) and message. */
  async get(taskId: number | string, req: RequestOptions = {}): Promise<UpgradeTask> {
    const res = await this.#send({
      method: "GET",
      path: `/collectors/upgrades/${tokenSegment(taskId, "taskId")}`,
      ...req,
    });
    return parseResponse(upgradeTaskEnvelope, res, "GET").upgrade;
  }

  /**
   * Polls a task until it succeeded (status 2) or failed (status 3) and
   * resolves with it: the InstalledCollector resource and `collectors upgrade` both follow tasks
   * with it.
   * Tasks that never finish fail on the service after 30 minutes; a limit or a signal stops
   * sooner. A task the service no longer knows rejects at once, whatever `pollErrors` allows.
   */
  async followTask(taskId: number | string, options: FollowOptions = {}): Promise<UpgradeTask> {
    const { signal, onPoll, pollErrors = 0, gate = (read) => read() } = options;
    const id = String(taskId);
    let last: UpgradeTask | undefined;
    let errors = 0;
    const read = async () => {
      try {
        last = await gate(() => this.get(id, signal ? { signal } : {}));
      } catch (error) {
        if (signal?.aborted || isNotFound(error) || ++errors > pollErrors) throw error;
        return false;
      }
      errors = 0;
      onPoll?.(last);
      return isUpgradeFinished(last.status);
    };
    const end = await poll(read, {
      everyMs: options.pollIntervalMs ?? FOLLOW_DEFAULTS.pollIntervalMs,
      firstMs: options.firstPollMs,
      timeScale: options.timeScale,
      limitMs: options.limitMs,
      signal,
      now: options.now,
    });
    if (end.done && last) return last;
    throw new TaskWaitLimit(id, last, end.elapsedMs);
  }

  /** followTask() with a fixed interval (the first form of this call). */
  waitFor(
    taskId: number | string,
    options: { pollIntervalMs?: number } = {},
    req: RequestOptions = {},
  ): Promise<UpgradeTask> {
    return this.followTask(taskId, { ...options, signal: req.signal });
  }
}
