// The provider's methods on plain values: the gRPC service (server.ts) translates the engine's
// requests into these calls. Every resource method runs the kind's lifecycle (the same one the
// dynamic provider runs); this file adds only what a plugin does differently: ids that carry a
// source's collector, names made from the URN, secrets unwrapped on the way in and wrapped on
// the way out where the schema says (a field's credential leaves alone, credentials.ts),
// credentials kept out of what an import writes, the inputs only the plugin has (an
// InstalledCollector's allowDelete, plugin-inputs.ts), and Cancel.

import { configGetter } from "./config";
import { type Credentials, WHOLE, withoutCredentials, withSecretCredentials } from "./credentials";
import { layerId, pluginId } from "./ids";
import { invokeNamed, runInvoke } from "./invokes";
import {
  cancellableRuntime,
  diffFields,
  type EntityKind,
  holdsSecret,
  isUnset,
  kindNamed,
  type Lifecycle,
  lifecycle,
  type Runtime,
  type RuntimeOptions,
  serviceValue,
  UNKNOWN,
} from "./layer";
import { type Autonaming, defaultName } from "./naming";
import {
  ALLOW_DELETE,
  checkPluginInputs,
  deleteRefused,
  PLUGIN_INPUTS,
  splitPluginInputs,
} from "./plugin-inputs";
import { type PackageSchema, servedSchema } from "./schema";
import { revealAll, type Values } from "./values";

export interface CheckOutcome {
  inputs: Values;
  failures: { property: string; reason: string }[];
}

/** How one property changes (the engine's PropertyDiff.Kind). */
export const CHANGE = {
  add: 0,
  addReplace: 1,
  delete: 2,
  deleteReplace: 3,
  update: 4,
  updateReplace: 5,
} as const;

export interface DiffOutcome {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
  /** Every changed property and how (update or replace). */
  detailed: Record<string, number>;
}

/** A write that failed after the object was made: the engine records it as it is. */
export class InitFailed extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Values,
    readonly reasons: string[],
  ) {
    super(message);
  }
}

interface Secrets {
  inputs: Credentials;
  outputs: Credentials;
}

/**
 * Where the secrets are in the inputs and outputs of every resource type: in a field, its
 * credentials as the kind's table names them (the leaves the schema marks inside it, or the
 * whole value), the table the schema is made from; any other property the schema marks secret
 * (a server-set token, `unmanaged`) as a whole.
 */
function secretsOf(schema: PackageSchema): Map<string, Secrets> {
  const secrets = new Map<string, Secrets>();
  for (const [tok, spec] of Object.entries(schema.resources)) {
    const kind = kindNamed(tok.replace(/^collectors:index:/, ""));
    const fields = Object.fromEntries(
      Object.entries({ ...kind?.fields, ...kind?.controls }).filter(([, field]) =>
        holdsSecret(field),
      ),
    );
    const whole = (props: Record<string, { secret?: boolean }>) =>
      Object.fromEntries(
        Object.keys(props)
          .filter((key) => props[key]?.secret)
          .map((key) => [key, WHOLE]),
      );
    secrets.set(tok, {
      inputs: { ...whole(spec.inputProperties), ...fields },
      outputs: { ...whole(spec.properties), ...fields },
    });
  }
  return secrets;
}

export class CollectorsProvider {
  readonly runtime: Runtime;
  /** The package schema, read once: GetSchema serves it, and it says which values are secret. */
  readonly schema = servedSchema();
  readonly #cancel: (reason: string) => void;
  readonly #secrets = secretsOf(this.schema);

  constructor(options: RuntimeOptions = {}, env: NodeJS.ProcessEnv = process.env) {
    const { runtime, cancel } = cancellableRuntime(options, env);
    this.runtime = runtime;
    this.#cancel = cancel;
  }

  configure(args: Values, variables: ReadonlyMap<string, string>): void {
    this.runtime.configure({ config: { get: configGetter(args, variables) } });
  }

  /**
   * Stops what is in progress: paced and retried requests, upgrade polling, a Universal source's
   * delete wait. The calls stopped fail with `reason` (the engine cancelled, or it is gone).
   */
  cancel(reason: string): void {
    this.#cancel(reason);
  }

  async check(
    type: string,
    urn: string,
    olds: Values,
    news: Values,
    autonaming?: Autonaming,
  ): Promise<CheckOutcome> {
    const { kind, steps } = this.#resolve(type);
    const previous = splitPluginInputs(kind.kind, revealAll(olds)).layer;
    const { layer: given, own } = splitPluginInputs(kind.kind, revealAll(news));
    // A kind named inside another input (a source template's inputJson.name) takes no default.
    const unnamed = !kind.nameOf && isUnset(given.name) && isUnset(given.adopt);
    if (unnamed && typeof previous.name !== "string") {
      const name = defaultName(urn, autonaming);
      if (name !== undefined) given.name = name;
    }
    const result = await steps.check(previous, given);
    const inputs = { ...((result.inputs ?? given) as Values), ...own };
    return {
      inputs: withSecretCredentials(this.#secretsOf(type).inputs, inputs),
      failures: [
        ...(result.failures ?? []).map(({ property, reason }) => ({ property, reason })),
        ...checkPluginInputs(own, UNKNOWN),
      ],
    };
  }

  async diff(type: string, id: string, olds: Values, news: Values): Promise<DiffOutcome> {
    const { kind, steps } = this.#resolve(type);
    const { layer: state, own: had } = splitPluginInputs(kind.kind, revealAll(olds));
    const { layer: wanted, own: wants } = splitPluginInputs(kind.kind, revealAll(news));
    const result = await steps.diff(layerId(kind, id).id, state, wanted);
    const replaces = result.replaces ?? [];
    // Added, deleted or updated, each in place or by a replacement.
    const how = (key: string, replace: boolean, before = state, after = wanted) => {
      if (before[key] === undefined) return replace ? CHANGE.addReplace : CHANGE.add;
      if (isUnset(after[key])) return replace ? CHANGE.deleteReplace : CHANGE.delete;
      return replace ? CHANGE.updateReplace : CHANGE.update;
    };
    const detailed: Record<string, number> = {};
    for (const key of diffFields(kind.fields, state, wanted).updates)
      detailed[key] = how(key, false);
    for (const key of replaces) detailed[key] = how(key, true);
    // The plugin's own inputs change in place, with no request (update() below).
    for (const key of Object.keys({ ...had, ...wants })) {
      if ((had[key] ?? null) !== (wants[key] ?? null)) detailed[key] = how(key, false, had, wants);
    }
    return {
      changes: result.changes === true || Object.keys(detailed).length > 0,
      replaces,
      deleteBeforeReplace: result.deleteBeforeReplace === true,
      detailed,
    };
  }

  async create(type: string, urn: string, props: Values, timeoutSeconds = 0) {
    const { kind, steps } = this.#resolve(type);
    const { layer, own } = splitPluginInputs(kind.kind, revealAll(props));
    const inputs = { ...layer, ...hidden(urn, "create", timeoutSeconds) };
    const result = await this.#partial(type, kind, inputs, () => steps.create(inputs));
    const outs = { ...((result.outs ?? {}) as Values), ...own };
    return { id: pluginId(kind, result.id, inputs), properties: this.#outputs(type, outs) };
  }

  async read(type: string, id: string, props: Values) {
    const { kind, steps } = this.#resolve(type);
    const { layer: state, own } = splitPluginInputs(kind.kind, revealAll(props));
    const { id: inner, parent } = layerId(kind, id);
    // No state: `pulumi import` or a `get`, which know the id alone.
    const importing = state.etag === undefined;
    if (kind.parent && parent !== undefined && isUnset(state[kind.parent])) {
      state[kind.parent] = parent;
    }
    const result = await steps.read(inner, state);
    if (!result.id) return { id: "", properties: {}, inputs: {} };
    let outs = { ...((result.props ?? {}) as Values), ...own };
    let inputs = { ...((result.inputs ?? {}) as Values), ...own };
    if (importing) {
      outs = withoutCredentials(kind.fields, outs);
      inputs = withoutCredentials(kind.fields, inputs);
      asWritten(kind, outs, inputs);
    }
    return {
      id: pluginId(kind, result.id, outs),
      properties: this.#outputs(type, outs),
      inputs: withSecretCredentials(this.#secretsOf(type).inputs, inputs),
    };
  }

  async update(
    type: string,
    urn: string,
    id: string,
    olds: Values,
    news: Values,
    timeoutSeconds = 0,
  ) {
    const { kind, steps } = this.#resolve(type);
    const { layer: wanted, own } = splitPluginInputs(kind.kind, revealAll(news));
    const inputs = { ...wanted, ...hidden(urn, "update", timeoutSeconds) };
    const state = splitPluginInputs(kind.kind, revealAll(olds)).layer;
    const inner = layerId(kind, id).id;
    // Only a plugin-only input changed: nothing to send.
    const onlyOwn =
      PLUGIN_INPUTS[kind.kind] !== undefined &&
      (await steps.diff(inner, state, wanted)).changes !== true;
    const result = onlyOwn
      ? { outs: state }
      : await this.#partial(type, kind, state, () => steps.update(inner, state, inputs));
    return { properties: this.#outputs(type, { ...((result.outs ?? {}) as Values), ...own }) };
  }

  async delete(type: string, urn: string, id: string, props: Values): Promise<void> {
    const { kind, steps } = this.#resolve(type);
    const { layer: state, own } = splitPluginInputs(kind.kind, revealAll(props));
    if (PLUGIN_INPUTS[kind.kind]?.[ALLOW_DELETE] && own[ALLOW_DELETE] !== true) {
      throw new Error(deleteRefused(kind.kind, urn, id, state));
    }
    await steps.delete(layerId(kind, id).id, state);
  }

  async invoke(tok: string, args: Values) {
    const invoke = invokeNamed(tok);
    if (!invoke) throw new Error(`unknown function ${tok}; the functions are in the schema`);
    return runInvoke(invoke, this.runtime, revealAll(args));
  }

  /** A write's partial failure, with the plugin's id and its secrets wrapped. */
  async #partial<T>(type: string, kind: EntityKind, scope: Values, write: () => Promise<T>) {
    try {
      return await write();
    } catch (error) {
      const failed = error as { id?: unknown; properties?: Values; reasons?: string[] };
      if (error instanceof Error && typeof failed.id === "string" && failed.properties) {
        throw new InitFailed(
          error.message,
          pluginId(kind, failed.id, { ...scope, ...failed.properties }),
          this.#outputs(type, failed.properties),
          failed.reasons ?? [error.message],
        );
      }
      throw error;
    }
  }

  #outputs(type: string, outs: Values): Values {
    const { __provider: _host, ...rest } = outs;
    return withSecretCredentials(this.#secretsOf(type).outputs, rest);
  }

  #secretsOf(type: string): Secrets {
    return this.#secrets.get(type) ?? { inputs: {}, outputs: {} };
  }

  #resolve(type: string): { kind: EntityKind; steps: Lifecycle } {
    const name = type.replace(/^collectors:index:/, "");
    const kind = kindNamed(name);
    const steps = kind && lifecycle(name, this.runtime);
    if (!kind || !steps)
      throw new Error(`unknown resource type ${type}; the types are in the schema`);
    return { kind, steps };
  }
}

/**
 * On import, the inputs as the program the import writes gives them. A source's collectorId is a
 * string input (the service's number would be written as 1.00000001e+08 in YAML). The objects the
 * service shows with more than a program gives (an S3 path's snsTopicOrSubscriptionArn): the
 * import writes only what the schema types, the members the field's own schema keeps; the
 * outputs are then seen through those inputs, as after a create. Otherwise the next preview
 * would show a change.
 */
function asWritten(kind: EntityKind, outs: Values, inputs: Values): void {
  if (kind.parent && typeof inputs[kind.parent] === "number") {
    inputs[kind.parent] = String(inputs[kind.parent]);
  }
  for (const [key, spec] of Object.entries(kind.fields)) {
    if (!spec.subset || isUnset(inputs[key])) continue;
    const parsed = spec.schema.safeParse(inputs[key]);
    if (!parsed.success) continue;
    inputs[key] = parsed.data as Values[string];
    outs[key] = serviceValue(spec, outs[key], parsed.data) as Values[string];
  }
}

/** The hidden inputs the layer reads: the URN (progress lines), the engine's timeout. */
function hidden(urn: string, action: "create" | "update", timeoutSeconds: number): Values {
  return {
    __urn: urn,
    ...(timeoutSeconds > 0 ? { __timeouts: { [action]: `${timeoutSeconds}s` } } : {}),
  };
}
