// RemoteFileSource (RemoteFileV2): files read over SSH by an Installed Collector.
import type * as pulumi from "@pulumi/pulumi";
import { type SourceCommonArgs, SourceResource, sourceShape } from "./base";
import { SOURCE_TYPES } from "./types";

export interface RemoteFileSourceArgs extends SourceCommonArgs {
  remoteHosts: pulumi.Input<pulumi.Input<string>[]>;
  remotePort: pulumi.Input<number>;
  remoteUser: pulumi.Input<string>;
  /** "password" (with remotePassword) or "key" (with keyPath). */
  authMethod: pulumi.Input<"password" | "key">;
  /** Secret. */
  remotePassword?: pulumi.Input<string>;
  keyPath?: pulumi.Input<string>;
  /** Secret. */
  keyPassword?: pulumi.Input<string>;
  pathExpression: pulumi.Input<string>;
  denylist?: pulumi.Input<pulumi.Input<string>[]>;
}

const SHAPE = sourceShape("RemoteFileSource", SOURCE_TYPES.RemoteFileV2);

export class RemoteFileSource extends SourceResource {
  declare readonly remoteHosts: pulumi.Output<string[]>;
  declare readonly remotePort: pulumi.Output<number>;
  declare readonly remoteUser: pulumi.Output<string>;
  declare readonly authMethod: pulumi.Output<string>;
  declare readonly remotePassword: pulumi.Output<string | undefined>;
  declare readonly keyPath: pulumi.Output<string | undefined>;
  declare readonly keyPassword: pulumi.Output<string | undefined>;
  declare readonly pathExpression: pulumi.Output<string>;
  declare readonly denylist: pulumi.Output<string[] | undefined>;

  constructor(name: string, args: RemoteFileSourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
