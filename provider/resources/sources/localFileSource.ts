// LocalFileSource: files on the host of an Installed Collector.
import type * as pulumi from "@pulumi/pulumi";
import { type SourceCommonArgs, SourceResource, sourceShape } from "./base";
import { SOURCE_TYPES } from "./types";

export interface LocalFileSourceArgs extends SourceCommonArgs {
  /** The files to collect, e.g. "/var/log/*.log". */
  pathExpression: pulumi.Input<string>;
  /** Path expressions to skip. */
  denylist?: pulumi.Input<pulumi.Input<string>[]>;
  /** Default "UTF-8". */
  encoding?: pulumi.Input<string>;
}

const SHAPE = sourceShape("LocalFileSource", SOURCE_TYPES.LocalFile);

export class LocalFileSource extends SourceResource {
  declare readonly pathExpression: pulumi.Output<string>;
  declare readonly denylist: pulumi.Output<string[] | undefined>;
  declare readonly encoding: pulumi.Output<string | undefined>;

  constructor(name: string, args: LocalFileSourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
