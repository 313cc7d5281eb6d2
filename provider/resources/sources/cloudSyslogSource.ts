// CloudSyslogSource: syslog over TLS to a Hosted Collector; its token is a secret.
import type * as pulumi from "@pulumi/pulumi";
import { type SourceCommonArgs, SourceResource, sourceShape } from "./base";
import { SOURCE_TYPES } from "./types";

export type CloudSyslogSourceArgs = SourceCommonArgs;

const SHAPE = sourceShape("CloudSyslogSource", SOURCE_TYPES.Cloudsyslog);

export class CloudSyslogSource extends SourceResource {
  /** The token senders put in their messages (secret). */
  declare readonly token: pulumi.Output<string>;

  constructor(name: string, args: CloudSyslogSourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
