// A valid body, a one-field update and a check failure for every typed source class: the bodies
// of the end-to-end program (test/e2e/programs/sources/bodies.json), read by the resource tests
// and by scripts/fixtures/record-states.ts (so nothing here loads the test runner).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../scripts/toolchain/pulumi-workspace";
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

/** The file, found from the repository's root (this module also runs compiled, from dist/). */
export const SOURCE_BODIES_FILE = join(
  repoRoot(__dirname),
  "test",
  "e2e",
  "programs",
  "sources",
  "bodies.json",
);

export const SOURCE_BODIES: Record<string, SourceBody> = JSON.parse(
  readFileSync(SOURCE_BODIES_FILE, "utf8"),
);

/** Every string in `value` that is a credential: the bodies mark them "s3cr3t-…". */
export function markedCredentialsIn(value: unknown): string[] {
  if (typeof value === "string") return value.startsWith("s3cr3t-") ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(markedCredentialsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(markedCredentialsIn);
  return [];
}

/** A copy of `args` with `value` at the dotted path. */
export function withValue(args: Props, { at, value }: Change): Props {
  const copy = structuredClone(args);
  const steps = at.split(".");
  let here: Record<string, unknown> = copy;
  for (const step of steps.slice(0, -1)) here = here[step] as Record<string, unknown>;
  here[steps.at(-1) as string] = value;
  return copy;
}

/** The value at the dotted path of `value`, undefined where the path leads nowhere. */
export function valueAt(value: unknown, at: string): unknown {
  let here = value;
  for (const step of at.split(".")) {
    if (here === null || typeof here !== "object") return undefined;
    here = (here as Record<string, unknown>)[step];
  }
  return here;
}
