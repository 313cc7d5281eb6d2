// Spec 4.3: upgrade and downgrade tasks for Installed Collectors. Every request here carries
// Content-Type and Accept application/json, GETs included (the service answers 415 otherwise).
import type { HttpRequest, RequestOptions, Transport } from "./http";
import { tokenSegment } from "./names";
import { checkPaging, type PageOptions, paginate } from "./paging";
import { sleep } from "./retry";
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

/** Spec 8: default `limit` of the upgradable-collectors list. */
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

  async get(taskId: number | string, req: RequestOptions = {}): Promise<UpgradeTask> {
    const res = await this.#send({
      method: "GET",
      path: `/collectors/upgrades/${tokenSegment(taskId, "taskId")}`,
      ...req,
    });
    return parseResponse(upgradeTaskEnvelope, res, "GET").upgrade;
  }

  /**
   * Polls a task until it succeeded (status 2) or failed (status 3) and resolves with it.
   * Tasks that never finish fail on the service after 30 minutes; pass a signal to stop sooner.
   */
  async waitFor(
    taskId: number | string,
    options: { pollIntervalMs?: number } = {},
    req: RequestOptions = {},
  ): Promise<UpgradeTask> {
    const interval = options.pollIntervalMs ?? 5_000;
    for (;;) {
      const task = await this.get(taskId, req);
      if (isUpgradeFinished(task.status)) return task;
      await sleep(interval, req.signal);
    }
  }
}
