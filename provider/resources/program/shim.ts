// The provider object Pulumi serializes into the state (`__provider`) of every resource. It is
// a shim: each method loads the implementation from the installed package when called, so the
// state holds a few lines of code and the resource kind, never credentials, schemas or
// implementation code (old code in a state file would otherwise run on refresh and delete).
//
// `require` in the serialized text belongs to a module compiled from a string with no file name
// (the engine's pulumi-nodejs provider uses require-from-string): it resolves bare names from
// node_modules folders above the process's working directory, which the engine sets to the
// program's directory, but not by the package's own name. A require made for a file in that
// directory (createRequire) resolves both: `node_modules/pulumi-collectors` of the program, and
// the package itself when the program lives inside it (its examples), through "exports".
import type * as dynamic from "@pulumi/pulumi/dynamic";

const shims = new Map<string, dynamic.ResourceProvider>();

/**
 * One provider method: loads the runtime relative to the program's folder at call time and hands
 * it the call. What it captures (`kind`, `method`) is all the serialized text holds. The module
 * (listed in package.json "exports") is named by a literal: a reference to a module constant
 * would be captured, and a reference to an export would drag this whole module into the state.
 */
function forward(kind: string, method: string) {
  return (...args: unknown[]) =>
    require("node:module")
      .createRequire(`${process.cwd()}/`)("pulumi-collectors/resources/runtime")
      .dispatch(kind, method, args);
}

/** The serializable provider of a resource kind; one object per kind, so Pulumi's cache works. */
export function providerShim(kind: string): dynamic.ResourceProvider {
  let shim = shims.get(kind);
  if (!shim) {
    shim = {
      configure: forward(kind, "configure"),
      check: forward(kind, "check"),
      diff: forward(kind, "diff"),
      create: forward(kind, "create"),
      read: forward(kind, "read"),
      update: forward(kind, "update"),
      delete: forward(kind, "delete"),
    };
    shims.set(kind, shim);
  }
  return shim;
}
