// Calls the provider the way the serialized shim does: through the dispatch entry, with this
// test file's own runtime (its pauses in hundredths, no pacing, progress lines to the file).
import { expect } from "vitest";
import { dispatchWith } from "../../provider/resources/dispatch";
import type { ProgressEvent } from "../../provider/resources/steps/progress";
import { Runtime, type RuntimeOptions } from "../../provider/resources/steps/runtime";

export type Props = Record<string, unknown>;

/** Where this file's progress lines go (captureProgress() points it elsewhere). */
export const progressSink = {
  send: (_event: ProgressEvent): void | Promise<void> => undefined,
};

/** The runtime options of the tests: pauses in hundredths, no client pacing. */
export const TEST_RUNTIME: RuntimeOptions = {
  timeScale: 0.01,
  client: { limits: false },
  progress: (event) => progressSink.send(event),
};

/** This test file's runtime. */
export const runtime = new Runtime(TEST_RUNTIME);

export function provider(kind: string, rt: Runtime = runtime) {
  const call = <T>(method: string, ...args: unknown[]) =>
    dispatchWith(rt, kind, method, args) as Promise<T>;
  return {
    check: (olds: Props, news: Props) =>
      call<{ inputs: Props; failures?: { property: string; reason: string }[] }>(
        "check",
        olds,
        news,
      ),
    diff: (id: string, olds: Props, news: Props) =>
      call<{ changes?: boolean; replaces?: string[]; deleteBeforeReplace?: boolean }>(
        "diff",
        id,
        olds,
        news,
      ),
    create: (inputs: Props) => call<{ id: string; outs: Props }>("create", inputs),
    read: (id: string, props?: Props) =>
      call<{ id?: string; props?: Props; inputs?: Props }>("read", id, props),
    update: (id: string, olds: Props, news: Props) =>
      call<{ outs: Props }>("update", id, olds, news),
    delete: (id: string, props: Props) => call<void>("delete", id, props),
  };
}

export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** check + create, as the engine runs them for a new resource; check must pass. */
export async function checkAndCreate(kind: string, news: Props) {
  const p = provider(kind);
  const { inputs, failures } = await p.check({}, news);
  expect(failures).toEqual([]);
  return { inputs, ...(await p.create(inputs)) };
}

/** The URN the resource class of `kind` named `logical` registers in stack "dev" of "proj". */
export function classUrn(kind: string, logical: string, stack = "dev"): string {
  return `urn:pulumi:${stack}::proj::pulumi-nodejs:dynamic/collectors:${kind}::${logical}`;
}

/** The hidden inputs of a resource class the program gives no name (resource.ts). */
export function unnamed(kind: string, logical: string, stack = "dev"): Props {
  return { __autoname: logical, __urn: classUrn(kind, logical, stack) };
}

/** A configure request as the engine's dynamic provider builds it. */
export function configRequest(values: Record<string, string>) {
  const get = (key: string) => values[key];
  const require = (key: string) => {
    const value = get(key);
    if (value === undefined) throw new Error(`Missing required configuration key: ${key}`);
    return value;
  };
  return { config: { get, require } };
}
