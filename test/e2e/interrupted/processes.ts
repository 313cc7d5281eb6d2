// The processes a `pulumi` command started (the language host, the provider plugins), read from
// /proc: what a killed CLI leaves behind, and whether it ends on its own.
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessInfo {
  pid: number;
  /** The command line, arguments joined by spaces. */
  command: string;
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: read after its end.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined; // gone meanwhile
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

/** Every process below `root` (its children, theirs, …), as they are now. */
export function descendants(root: number): ProcessInfo[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found: ProcessInfo[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    found.push({ pid, command: commandOf(pid) });
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (ended, not yet reaped by its new parent) has ended.
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** The processes of `list` still running after `withinMs`, polled every 100 ms. */
export async function survivors(list: readonly ProcessInfo[], withinMs: number) {
  const end = Date.now() + withinMs;
  let running = list.filter((p) => isRunning(p.pid));
  while (running.length > 0 && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    running = running.filter((p) => isRunning(p.pid));
  }
  return running;
}

/** Ends what a test left running (never fails). */
export function killAll(list: readonly ProcessInfo[]): void {
  for (const { pid } of list) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
