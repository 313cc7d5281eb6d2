// DockerLogSource: container logs from the Docker engine on an Installed Collector's host.
import type * as pulumi from "@pulumi/pulumi";
import { type SourceCommonArgs, SourceResource, sourceShape } from "./base";
import { SOURCE_TYPES } from "./types";

export interface DockerLogSourceArgs extends SourceCommonArgs {
  /** The Docker engine, e.g. "unix:///var/run/docker.sock". */
  uri: pulumi.Input<string>;
  /** true, or false with specifiedContainers. */
  allContainers: pulumi.Input<boolean>;
  /** Whether to collect Docker events too. */
  collectEvents: pulumi.Input<boolean>;
  specifiedContainers?: pulumi.Input<pulumi.Input<string>[]>;
  certPath?: pulumi.Input<string>;
}

const SHAPE = sourceShape("DockerLogSource", SOURCE_TYPES.DockerLog);

export class DockerLogSource extends SourceResource {
  declare readonly uri: pulumi.Output<string>;
  declare readonly allContainers: pulumi.Output<boolean>;
  declare readonly collectEvents: pulumi.Output<boolean>;
  declare readonly specifiedContainers: pulumi.Output<string[] | undefined>;
  declare readonly certPath: pulumi.Output<string | undefined>;

  constructor(name: string, args: DockerLogSourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
