// The peak memory of each process under a command (Linux: read from /proc), for the benchmarks.
// A sampler walks the tree under one pid every few hundred milliseconds and keeps, per process,
// the highest VmHWM (the kernel's own peak resident set size, so a peak between two samples is
// not lost as long as the process is still there at the next one) and what the process is,
// classified from its command line. Repository tooling: not published.
import { readdirSync, readFileSync } from "node:fs";

/** What a process under `pulumi` is. */
export type Role = "engine" | "language host" | "program" | "dynamic provider" | "plugin" | "other";

export const ROLES: readonly Role[] = [
  "engine",
  "language host",
  "program",
  "dynamic provider",
  "plugin",
  "other",
];

/** One process's peak, as last sampled. */
export interface ProcessPeak {
  pid: number;
  role: Role;
  /** The command line, shortened. */
  command: string;
  /** VmHWM: the process's peak resident set size, in KiB. */
  peakKb: number;
}

/**
 * The role of a process from its command line: the CLI itself, a language host, the Node.js
 * program (the SDK's cmd/run), the dynamic-provider host (the SDK's cmd/dynamic-provider and the
 * shell script that starts it), or the collectors plugin (its launcher and the Node.js it runs).
 */
export function roleOf(argv: readonly string[]): Role {
  const line = argv.join(" ");
  const exe = (argv[0] ?? "").split("/").at(-1) ?? "";
  if (exe === "pulumi") return "engine";
  if (exe.startsWith("pulumi-language-")) return "language host";
  if (/dynamic-provider|pulumi-resource-pulumi-nodejs/.test(line)) return "dynamic provider";
  if (/pulumi-resource-collectors|collectors-plugin|plugin[/\\]main/.test(line)) return "plugin";
  if (/cmd[/\\]run/.test(line)) return "program";
  return "other";
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined; // the process exited between listing and reading
  }
}

/** pid → parent pid of every process on the machine. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readText(`/proc/${name}/stat`);
    if (!stat) continue;
    // "pid (comm) state ppid …": comm may hold spaces and parentheses; the last ")" ends it.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    map.set(Number(name), ppid);
  }
  return map;
}

/** The pids of a process and of everything under it. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents()) {
    const list = children.get(ppid) ?? [];
    list.push(pid);
    children.set(ppid, list);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop() as number;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Samples the process tree under a pid until stopped. */
export class TreeMemorySampler {
  private readonly peaks = new Map<number, ProcessPeak>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly root: number,
    intervalMs = 250,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  private sample(): void {
    for (const pid of tree(this.root)) {
      const status = readText(`/proc/${pid}/status`);
      const hwm = status && /^VmHWM:\s+(\d+) kB/m.exec(status);
      if (!hwm) continue; // gone, or a kernel thread
      const peakKb = Math.max(Number(hwm[1]), this.peaks.get(pid)?.peakKb ?? 0);
      // Read again each time: a launcher script that execs node becomes another command.
      const argv = (readText(`/proc/${pid}/cmdline`) ?? "").split("\0").filter(Boolean);
      const command = argv.join(" ").slice(0, 160);
      this.peaks.set(pid, { pid, role: roleOf(argv), command, peakKb });
    }
  }

  /** Stops sampling; every process seen, with its peak. */
  stop(): ProcessPeak[] {
    clearInterval(this.timer);
    return [...this.peaks.values()];
  }
}

/** The highest peak of each role (processes of one role, e.g. two provider runs, not summed). */
export function peakByRole(peaks: readonly ProcessPeak[]): Map<Role, number> {
  const out = new Map<Role, number>();
  for (const p of peaks) out.set(p.role, Math.max(out.get(p.role) ?? 0, p.peakKb));
  return out;
}
