// `--days N` of the offline commands (Installed Collectors and OT collectors alike).
import { InvalidArgumentError } from "./commander";

/** Commander's parser for --days: a whole number, 1 or more. */
export function dayCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError("give a whole number of days, 1 or more.");
  }
  return n;
}
