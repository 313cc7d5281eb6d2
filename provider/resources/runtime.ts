// The implementation entry the serialized providers load at call time, through the package's
// exports ("pulumi-collectors/resources/runtime"). Its one function, dispatch(kind, method,
// args), is a contract with every shim ever written into a state file: keep its signature.

import { type ConfigureRequest, configure } from "./core/settings";
import { lifecycleOf } from "./kinds";

const METHODS = ["check", "diff", "create", "read", "update", "delete"] as const;
type Method = (typeof METHODS)[number];

export async function dispatch(kind: string, method: string, args: unknown[]): Promise<unknown> {
  if (method === "configure") {
    configure(args[0] as ConfigureRequest | undefined);
    return undefined;
  }
  const lifecycle = lifecycleOf(kind);
  if (!lifecycle) {
    throw new Error(
      `The installed pulumi-collectors has no resource kind "${kind}": the state was written by ` +
        "another version of the package. Install the version the program was written for.",
    );
  }
  if (!(METHODS as readonly string[]).includes(method)) {
    throw new Error(`pulumi-collectors: unknown provider method "${method}" for ${kind}`);
  }
  const fn = lifecycle[method as Method] as (...a: unknown[]) => Promise<unknown>;
  return fn.apply(lifecycle, args);
}
