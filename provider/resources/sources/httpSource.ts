// HttpSource: an HTTP endpoint on a Hosted Collector; its URL holds a token and is a secret.
import type * as pulumi from "@pulumi/pulumi";
import { type SourceCommonArgs, SourceResource, sourceShape } from "./base";
import { SOURCE_TYPES } from "./types";

export interface HttpSourceArgs extends SourceCommonArgs {
  /** One message per request; needs multilineProcessingEnabled: false. */
  messagePerRequest?: pulumi.Input<boolean>;
}

const SHAPE = sourceShape("HttpSource", SOURCE_TYPES.HTTP);

export class HttpSource extends SourceResource {
  declare readonly messagePerRequest: pulumi.Output<boolean | undefined>;
  /** The endpoint to send data to (secret: it carries the source's token). */
  declare readonly url: pulumi.Output<string>;

  constructor(name: string, args: HttpSourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
