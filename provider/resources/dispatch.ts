// The implementation entry the serialized providers load at call time, through the package's
// exports: "pulumi-collectors/resources/runtime" names this file (the export's name is older than
// the file's, and stays: every shim ever written into a state file requires it). Its one
// function, dispatch(kind, method, args), is a contract with those shims: keep its signature.

import { kindNamed } from "./kinds";
import { resourceError } from "./kinds/errors";
import { check, diff } from "./steps/check";
import { create } from "./steps/create";
import { hostRuntime } from "./steps/host-runtime";
import type { InFlight } from "./steps/in-flight";
import type { Lifecycle } from "./steps/lifecycle";
import { read, remove } from "./steps/read";
import { Runtime } from "./steps/runtime";
import type { ConfigureRequest } from "./steps/settings";
import { update } from "./steps/update";

let processRuntime: Runtime | undefined;
/** The calls in progress, tracked in the engine's dynamic-provider host only (host-runtime.ts). */
let hostCalls: InFlight | undefined;

/**
 * The runtime of this process: the defaults, made at the first call. In the engine's
 * dynamic-provider host, one that ends the process once its engine is gone.
 */
export function defaultRuntime(): Runtime {
  if (!processRuntime) {
    const host = hostRuntime();
    processRuntime = host?.runtime ?? Runtime.forProcess();
    hostCalls = host?.calls;
  }
  return processRuntime;
}

/** The shims' entry: a provider method of a kind, with the process's runtime. */
export function dispatch(kind: string, method: string, args: unknown[]): Promise<unknown> {
  const call = dispatchWith(defaultRuntime(), kind, method, args);
  return hostCalls ? hostCalls.track(call) : call;
}

/** The provider methods of a kind, run with `runtime`. */
export function lifecycle(kindName: string, runtime: Runtime): Lifecycle | undefined {
  const kind = kindNamed(kindName);
  if (!kind) return undefined;
  return {
    check: (olds, news) => check(kind, olds, news),
    diff: (id, olds, news) => diff(kind, id, olds, news),
    create: (inputs) => create(kind, runtime, inputs),
    read: (id, props) => read(kind, runtime, id, props),
    update: (id, olds, news) => update(kind, runtime, id, olds, news),
    delete: (id, props) => remove(kind, runtime, id, props),
  };
}

const METHODS = ["check", "diff", "create", "read", "update", "delete"] as const;
type Method = (typeof METHODS)[number];

/** dispatch() with a runtime of the caller's (tests make their own). */
export async function dispatchWith(
  runtime: Runtime,
  kind: string,
  method: string,
  args: unknown[],
): Promise<unknown> {
  if (method === "configure") {
    runtime.configure(args[0] as ConfigureRequest | undefined);
    return undefined;
  }
  const methods = lifecycle(kind, runtime);
  if (!methods) throw resourceError("unknownKind", { kind });
  if (!(METHODS as readonly string[]).includes(method)) {
    throw resourceError("unknownMethod", { kind, method });
  }
  const fn = methods[method as Method] as (...a: unknown[]) => Promise<unknown>;
  return fn(...args);
}
