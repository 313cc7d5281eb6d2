// ScriptSource: a script an Installed Collector runs on a schedule.
import type * as pulumi from "@pulumi/pulumi";
import { type SourceCommonArgs, SourceResource, sourceShape } from "./base";
import { SOURCE_TYPES } from "./types";

export interface ScriptSourceArgs extends SourceCommonArgs {
  /** The interpreter, e.g. ["/bin/bash"]. */
  commands: pulumi.Input<pulumi.Input<string>[]>;
  /** When to run, e.g. "0 0/15 * * * ? *". */
  cronExpression: pulumi.Input<string>;
  /** A script file on the host (or give `script`). */
  file?: pulumi.Input<string>;
  /** The script text (or give `file`). */
  script?: pulumi.Input<string>;
  workingDir?: pulumi.Input<string>;
  /** Milliseconds. */
  timeout?: pulumi.Input<number>;
}

const SHAPE = sourceShape("ScriptSource", SOURCE_TYPES.Script);

export class ScriptSource extends SourceResource {
  declare readonly commands: pulumi.Output<string[]>;
  declare readonly cronExpression: pulumi.Output<string>;
  declare readonly file: pulumi.Output<string | undefined>;
  declare readonly script: pulumi.Output<string | undefined>;
  declare readonly workingDir: pulumi.Output<string | undefined>;
  declare readonly timeout: pulumi.Output<number | undefined>;

  constructor(name: string, args: ScriptSourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
