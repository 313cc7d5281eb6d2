// The shape every resource kind's implementation has (pulumi.dynamic.ResourceProvider without
// configure, which runtime.ts handles once for all), and the helpers the kinds share.
import type * as dynamic from "@pulumi/pulumi/dynamic";
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
