// The Pulumi commands one front end runs, in order. The two previews with nothing to do run the
// program and check every resource but send no request: they measure the engine's fixed cost,
// which is subtracted from the other commands' wall time before comparing it with the floor.
import type { Options } from "./options";

export interface Step {
  /** The row's name in the tables. */
  name: string;
  args: string[];
  /** A preview with nothing to do: the engine's fixed cost. */
  engine?: boolean;
  /** Runs a preview of itself first unless given --skip-preview. */
  previews?: boolean;
}

export const STEPS: Step[] = [
  { name: "preview", args: ["preview"] }, // plans every create, sends nothing
  { name: "up", args: ["up", "--yes"], previews: true },
  { name: "preview, nothing to do", args: ["preview", "--expect-no-changes"], engine: true },
  { name: "refresh", args: ["refresh", "--yes"], previews: true },
  { name: "preview, nothing to do (2)", args: ["preview", "--expect-no-changes"], engine: true },
  { name: "destroy", args: ["destroy", "--yes"], previews: true },
];

/** The step's command line after `pulumi`, with the options that apply to it. */
export function commandArgs(step: Step, opts: Options): string[] {
  return [
    ...step.args,
    ...(opts.skipPreview && step.previews ? ["--skip-preview"] : []),
    ...(opts.parallel === undefined ? [] : ["--parallel", String(opts.parallel)]),
  ];
}
