// A valid body, a one-field update and a check failure for every typed source class: the bodies
// of the end-to-end program (test/e2e/programs/sources/bodies.json), read by the resource tests.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Props } from "./unit.helpers";

export interface Change {
  /** A dotted path into the args ("thirdPartyRef.resources.0.path.bucketName"). */
  at: string;
  value: unknown;
}

export interface SourceBody {
  collector: "Hosted" | "Installed";
  args: Props;
  update: Change;
  bad: Change & { property: string };
}

export const SOURCE_BODIES: Record<string, SourceBody> = JSON.parse(
  readFileSync(join(__dirname, "..", "e2e", "programs", "sources", "bodies.json"), "utf8"),
);

/** A copy of `args` with `value` at the dotted path. */
export function withValue(args: Props, { at, value }: Change): Props {
  const copy = structuredClone(args);
  const steps = at.split(".");
  let here: Record<string, unknown> = copy;
  for (const step of steps.slice(0, -1)) here = here[step] as Record<string, unknown>;
  here[steps.at(-1) as string] = value;
  return copy;
}
