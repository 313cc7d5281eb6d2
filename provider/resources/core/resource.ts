// What the resource classes (in the program) share: the props they register, with every output
// named so the SDK fills it, credentials wrapped as secrets; and the options that keep secret
// outputs encrypted in state (a dynamic provider cannot mark its outputs secret itself).
import * as pulumi from "@pulumi/pulumi";
import { providerShim } from "../shim";

/** The module of every type token: pulumi-nodejs:dynamic/collectors:<Kind>. */
export const TYPE_MODULE = "collectors";

export interface ResourceShape {
  kind: string;
  /** Every output property besides the args. */
  outputs: readonly string[];
  /** Inputs that are credentials: wrapped in pulumi.secret. */
  secretInputs: readonly string[];
  /** Outputs kept encrypted in state. */
  secretOutputs: readonly string[];
}

/** The props a dynamic resource registers: its args, the outputs to fill, the autoname hint. */
export function resourceProps(
  shape: ResourceShape,
  logicalName: string,
  args: object | undefined,
): pulumi.Inputs {
  const props: pulumi.Inputs = {};
  for (const key of shape.outputs) props[key] = undefined;
  for (const [key, value] of Object.entries(args ?? {})) {
    if (value === undefined) continue;
    props[key] = shape.secretInputs.includes(key) ? pulumi.secret(value) : value;
  }
  // Without a name, check() names it after the logical name plus a random suffix.
  if ((args as { name?: unknown } | undefined)?.name === undefined) props.__autoname = logicalName;
  return props;
}

export function resourceOptions(
  shape: ResourceShape,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions {
  return pulumi.mergeOptions(opts, { additionalSecretOutputs: [...shape.secretOutputs] });
}

/**
 * The base of every resource class: a dynamic resource whose provider is the shim for its kind,
 * typed `pulumi-nodejs:dynamic/collectors:<kind>`.
 */
export abstract class CollectorsResource extends pulumi.dynamic.Resource {
  /** The entity tag of the object as last read or written; updates send it as If-Match. */
  declare readonly etag: pulumi.Output<string>;
  /**
   * The service's fields the program does not set, as last read; an update sends them back
   * unchanged, so nothing set elsewhere is erased.
   */
  declare readonly unmanaged: pulumi.Output<Record<string, unknown>>;

  constructor(
    shape: ResourceShape,
    name: string,
    args: object | undefined,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    super(
      providerShim(shape.kind),
      name,
      resourceProps(shape, name, args),
      resourceOptions(shape, opts),
      TYPE_MODULE,
      shape.kind,
    );
  }
}
