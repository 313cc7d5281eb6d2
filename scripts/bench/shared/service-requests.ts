// What the local service logged during a benchmark, and the floor its rate limit sets: the
// benchmarks that drive the service through a real client (bench:pulumi, bench:upgrade) count
// its requests and compare their wall time with that floor, since no client can go faster.
import { DEFAULTS, type LoggedRequest } from "../../../emulator/index";

/** Requests per second per user the service allows by default (spec 8): the floor's rate. */
export const RATE = DEFAULTS.rateLimit;

/** The shortest time n requests can take at RATE, in milliseconds. */
export function floorMs(requests: number): number {
  return (requests / RATE) * 1000;
}

/** Every request the service at `origin` has logged (its most recent 10,000). */
export async function loggedRequests(origin: string): Promise<LoggedRequest[]> {
  const res = await fetch(`${origin}/_emulator/requests`);
  if (!res.ok) throw new Error(`GET /_emulator/requests: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { requests: LoggedRequest[] }).requests;
}

/** How many items fall under each key, in the order keys are first met. */
export function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
