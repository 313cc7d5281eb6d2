// SyslogSource: syslog received by an Installed Collector on a port.
import type * as pulumi from "@pulumi/pulumi";
import { type SourceCommonArgs, SourceResource, sourceShape } from "./base";
import { SOURCE_TYPES } from "./types";

export interface SyslogSourceArgs extends SourceCommonArgs {
  protocol: pulumi.Input<"UDP" | "TCP">;
  port: pulumi.Input<number>;
}

const SHAPE = sourceShape("SyslogSource", SOURCE_TYPES.Syslog);

export class SyslogSource extends SourceResource {
  declare readonly protocol: pulumi.Output<string>;
  declare readonly port: pulumi.Output<number>;

  constructor(name: string, args: SyslogSourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
