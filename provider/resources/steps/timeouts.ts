// Pulumi's customTimeouts reach a dynamic provider only through the inputs: the engine sends
// them in its Create/Update requests, but the dynamic-provider host does not pass them on. The
// resource class copies them into the hidden input `__timeouts` ({ create, update } as given,
// Go duration strings such as "10m" or "1h30m").

const UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
};

/** Milliseconds of a Go duration ("1h30m", "90s", "1.5h"); undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (
    !/^(\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)((\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))*$/.test(
      trimmed,
    )
  ) {
    return undefined;
  }
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(amount) * (UNITS[unit as string] as number);
  }
  return total;
}

export interface OperationTimeout {
  ms: number;
  /** As the program wrote it, for messages: `customTimeouts.update "10m"`. */
  text: string;
}

/** The program's customTimeouts for this operation, if it set one that parses. */
export function customTimeout(
  inputs: Readonly<Record<string, unknown>>,
  operation: "create" | "update",
): OperationTimeout | undefined {
  const timeouts = inputs.__timeouts;
  if (timeouts === null || typeof timeouts !== "object") return undefined;
  const value = (timeouts as Record<string, unknown>)[operation];
  if (typeof value !== "string") return undefined;
  const ms = parseDuration(value);
  return ms !== undefined && ms > 0
    ? { ms, text: `customTimeouts.${operation} ${JSON.stringify(value)}` }
    : undefined;
}
