// The shape every resource kind's implementation has (pulumi.dynamic.ResourceProvider without
// configure, which runtime.ts handles once for all), and the helpers the kinds share.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ApiError, NetworkError } from "../../api";
import { backoffMs, DEFAULT_RETRY, sleep } from "../../api/retry";
import { isUnset } from "./fields";
import type { JsonObject } from "./plain";

export type Inputs = Record<string, unknown>;

export interface Lifecycle {
  check(olds: Inputs, news: Inputs): Promise<dynamic.CheckResult>;
  diff(id: string, olds: JsonObject, news: Inputs): Promise<dynamic.DiffResult>;
  create(inputs: Inputs): Promise<dynamic.CreateResult>;
  read(id: string, props?: JsonObject): Promise<dynamic.ReadResult>;
  update(id: string, olds: JsonObject, news: Inputs): Promise<dynamic.UpdateResult>;
  delete(id: string, props: JsonObject): Promise<void>;
}

/**
 * A failure after which the service may or may not have acted on the request: the connection
 * dropped, the answer never came, or a 5xx. Retrying a create then needs the duplicate check.
 */
export function isAmbiguous(error: unknown): boolean {
  if (error instanceof NetworkError) return error.reason !== "connection-refused";
  return error instanceof ApiError && error.status >= 500;
}

/** A failure worth another try of a create. */
export function isTransient(error: unknown): boolean {
  return isAmbiguous(error) || (error instanceof ApiError && error.condition === "rate-limited");
}

export const CREATE_ATTEMPTS = 6;
let retryBaseMs = 250;

/** The first wait between create attempts (tests shorten it). */
export function setCreateRetryBaseMs(ms: number): void {
  retryBaseMs = ms;
}

/** The client's backoff (exponential, equal jitter), from this layer's own first wait. */
export function createBackoff(attempt: number): Promise<void> {
  return sleep(backoffMs(attempt, { ...DEFAULT_RETRY, minDelayMs: retryBaseMs }));
}

/** Whether the program names the resource itself (no autoname), so a replacement keeps it. */
export function keepsExplicitName(olds: JsonObject, news: Inputs): boolean {
  if (!isUnset(news.__autoname)) return false;
  return isUnset(news.name) || news.name === olds.name;
}

/** Refuses a replacement of an adopted resource: the new create would take over the old object. */
export function refuseAdoptedReplacement(kind: string, news: Inputs, replaces: string[]): void {
  if (replaces.length === 0 || isUnset(news.adopt)) return;
  throw new Error(
    `${kind}: changing ${replaces.join(", ")} needs a new object, but this resource has ` +
      "`adopt` set, so creating the replacement would take over the object being replaced. " +
      "Remove `adopt` from the program first (the object is already managed), run `pulumi up`, " +
      "then make the change.",
  );
}
