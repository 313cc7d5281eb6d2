// SystemStatsSource: host metrics (CPU, memory, disk, network) from an Installed Collector.
import type * as pulumi from "@pulumi/pulumi";
import { type SourceCommonArgs, SourceResource, sourceShape } from "./base";
import { SOURCE_TYPES } from "./types";

export interface SystemStatsSourceArgs extends SourceCommonArgs {
  /** Milliseconds between samples, e.g. 60000. */
  interval: pulumi.Input<number>;
  /** e.g. ["CPU_User", "CPU_Sys"]; default: the service's. */
  metrics?: pulumi.Input<pulumi.Input<string>[]>;
}

const SHAPE = sourceShape("SystemStatsSource", SOURCE_TYPES.SystemStats);

export class SystemStatsSource extends SourceResource {
  declare readonly interval: pulumi.Output<number>;
  declare readonly metrics: pulumi.Output<string[] | undefined>;

  constructor(name: string, args: SystemStatsSourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
