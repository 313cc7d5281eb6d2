// What the resource classes (in the program) share: the props they register, with every output
// named so the SDK fills it, credentials wrapped as secrets; the options that keep secret
// outputs encrypted in state (a dynamic provider cannot mark its outputs secret itself); and the
// types of args and outputs, derived from a kind's table of fields.
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { type FieldSpec, holdsSecret } from "../kinds/fields";
import { providerText } from "./shim";

/** The module of every type token: pulumi-nodejs:dynamic/collectors:<Kind>. */
export const TYPE_MODULE = "collectors";

/**
 * Take over an existing object instead of creating one (`pulumi import` does not work for
 * dynamic providers): by its id, or by its name. Only read when the resource is created.
 */
export type Adopt = { id: pulumi.Input<number | string> } | { name: pulumi.Input<string> };

/** A value as a program may give it: any part of it may be an Output. */
export type DeepInput<T> = pulumi.Input<Members<T>>;
/** The members of an object or array given as DeepInputs (the object itself given as is). */
export type Members<T> = T extends readonly (infer U)[]
  ? DeepInput<U>[]
  : T extends Record<string, unknown>
    ? { [K in keyof T]: DeepInput<T[K]> }
    : T;

type Specs = Readonly<Record<string, FieldSpec>>;
type InputOf<S> = S extends { schema: infer Z extends z.ZodType } ? z.input<Z> : never;
type OutputOf<S> = S extends { schema: infer Z extends z.ZodType } ? z.output<Z> : never;

/** The args of a table's fields: the required ones (names in R) required, the others optional. */
export type ArgsOf<F extends Specs, R extends PropertyKey = never> = {
  [K in keyof F & R]: DeepInput<InputOf<F[K]>>;
} & { [K in Exclude<keyof F, R>]?: DeepInput<InputOf<F[K]>> };

/** The outputs of a table's fields: undefined unless required. */
export type OutputsOf<F extends Specs, R extends PropertyKey = never> = {
  readonly [K in keyof F]: pulumi.Output<K extends R ? OutputOf<F[K]> : OutputOf<F[K]> | undefined>;
};

export interface ResourceShape {
  kind: string;
  /**
   * The fields a program may set. The provider's outputs hold one only when the program sets it
   * (the service's value of any other rides in `unmanaged`), so only the set ones are registered.
   */
  fields: readonly string[];
  /** The outputs the provider sets whatever the args besides `name`: the parent, the service's. */
  outputs: readonly string[];
  /** Inputs that are credentials: wrapped in pulumi.secret. */
  secretInputs: readonly string[];
  /** Outputs kept encrypted in state. */
  secretOutputs: readonly string[];
}

/** The names of the secret fields of a table. */
export function secretFields(fields: Specs, keys: readonly string[] = Object.keys(fields)) {
  return keys.filter((key) => {
    const spec = fields[key];
    return spec !== undefined && holdsSecret(spec);
  });
}

/** Outputs every resource has besides its shape's: the name (check() sets one if none is given). */
const COMMON_OUTPUTS = ["name", "adopted"] as const;

/** The type token of a kind's resources. */
const typeToken = (kind: string) => `pulumi-nodejs:dynamic/${TYPE_MODULE}:${kind}`;

/**
 * The props a dynamic resource registers: its args, the outputs to fill, the autoname hint, and
 * its URN as the hidden input `__urn`: the provider cannot learn it from the engine, and needs it
 * to write lines under the resource in the engine's display (an adoption, an upgrade's progress).
 * A resource read by id (`opts.id`), whose outputs are every field the service has set, or
 * from the engine by URN (`opts.urn`), whose state was written by another program, registers all.
 */
export function resourceProps(
  shape: ResourceShape,
  logicalName: string,
  args: object | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Inputs {
  const props: pulumi.Inputs = {};
  const read = opts?.id !== undefined || opts?.urn !== undefined;
  const fields = read ? shape.fields : [];
  for (const key of [...fields, ...shape.outputs, ...COMMON_OUTPUTS]) props[key] = undefined;
  for (const [key, value] of Object.entries(args ?? {})) {
    if (value === undefined) continue;
    props[key] = shape.secretInputs.includes(key) ? pulumi.secret(value) : value;
  }
  // Without a name, check() names it after its URN (the logical name plus a hash).
  if ((args as { name?: unknown } | undefined)?.name === undefined) props.__autoname = logicalName;
  props.__urn = pulumi.createUrn(logicalName, typeToken(shape.kind), opts?.parent);
  return props;
}

export function resourceOptions(
  shape: ResourceShape,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions {
  return pulumi.mergeOptions(opts, { additionalSecretOutputs: [...shape.secretOutputs] });
}

type ResourceClass<O> = abstract new (
  shape: ResourceShape,
  name: string,
  args: object | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
) => CollectorsResource & O;

/** CollectorsResource with the outputs O declared (the engine fills them in). */
export function withOutputs<O>(): ResourceClass<O> {
  return CollectorsResource as unknown as ResourceClass<O>;
}

/**
 * The base of every resource class: a dynamic resource whose provider is the shim for its kind,
 * typed `pulumi-nodejs:dynamic/collectors:<kind>`. It registers what pulumi.dynamic.Resource
 * would (that type, the props and the provider text as `__provider`), with the provider text of
 * shim.ts instead of one made by serializeFunction.
 */
export abstract class CollectorsResource extends pulumi.CustomResource {
  /** The entity tag of the object as last read or written; updates send it as If-Match. */
  declare readonly etag: pulumi.Output<string>;
  /**
   * The service's fields the program does not set, as last read; an update sends them back
   * unchanged, so nothing set elsewhere is erased.
   */
  declare readonly unmanaged: pulumi.Output<Record<string, unknown>>;
  /**
   * Whether the resource took over an object that existed before it (`adopt`) rather than
   * creating one. It stays true for the resource's life.
   */
  declare readonly adopted: pulumi.Output<boolean>;

  constructor(
    shape: ResourceShape,
    name: string,
    args: object | undefined,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    // The SDK wraps each registered property in four promises and stamps each with a formatted
    // stack trace (runtime/debuggable.js, for its promise-leak report), kept until the engine
    // answers: with the 13 properties of an HTTP source given two args that is ~50 traces per
    // resource, formatted through ts-node's source maps, held for minutes at 4 requests/s
    // (docs/benchmarks/pulumi.md; the profile: docs/benchmarks-pulumi.md at commit e6e3eb1,
    // "Fleet scale"). Within the default 10 frames those traces show only the SDK's and this
    // package's constructors, and the leak report names the
    // resource and property without them, so none are captured while the resource registers.
    // The resource's source position is unaffected (the SDK lifts the limit to take it); what
    // loses its trace is an Error made in this window: the one the SDK keeps for a failed
    // registration (its message names the resource) and one thrown by a `transformations`
    // callback.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(
        typeToken(shape.kind),
        name,
        { ...resourceProps(shape, name, args, opts), __provider: providerText(shape.kind) },
        resourceOptions(shape, opts),
      );
    } finally {
      Error.stackTraceLimit = limit;
    }
    for (const key of shape.fields) {
      if (!Object.hasOwn(this, key)) Object.defineProperty(this, key, unsetField(key));
    }
  }
}

/** One descriptor per field name, shared by every resource. */
const unsetFields = new Map<string, PropertyDescriptor>();

/**
 * The output of a field the program did not set: undefined, known once the resource is
 * registered, and depending on it like any of its outputs. Made on first read rather than
 * registered, as the SDK keeps ~7 KiB of promises per registered property until the engine
 * answers, minutes at 4 requests/s (docs/benchmarks/pulumi.md#a-typescript-programs-memory).
 */
function unsetField(key: string): PropertyDescriptor {
  let descriptor = unsetFields.get(key);
  if (descriptor === undefined) {
    descriptor = {
      configurable: true,
      enumerable: true,
      get(this: CollectorsResource) {
        const output = this.urn.apply(() => undefined);
        Object.defineProperty(this, key, { value: output, enumerable: true });
        return output;
      },
    };
    unsetFields.set(key, descriptor);
  }
  return descriptor;
}
