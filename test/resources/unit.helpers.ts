// Calls the provider the way the serialized shim does: through the runtime entry.
import { dispatch } from "../../provider/resources/runtime";

export type Props = Record<string, unknown>;

export function provider(kind: string) {
  const call = <T>(method: string, ...args: unknown[]) =>
    dispatch(kind, method, args) as Promise<T>;
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
