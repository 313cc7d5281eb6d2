import { randomBytes } from "node:crypto";
import type { Clock } from "../../clock";
import { MINUTE } from "../../model/time";

/** A job nobody asks about for this long is gone (each request for it keeps it alive). */
export const SEARCH_JOB_IDLE_MS = 5 * MINUTE;
/** Jobs kept at most, whatever their age: clients that never come back must not fill memory. */
const MAX_JOBS = 10_000;

interface SearchJob {
  id: string;
  account: string;
  /** The session that created it: follow-ups are routed by this cookie (docs/reference/service/collector-management-api.md §4.4). */
  sessionId: string;
  lastUsed: number;
}

/**
 * Search jobs, kept in memory with the sessions they are bound to, in the order they were last
 * used (a used job moves to the end), so the expired ones are always at the front.
 */
export class SearchJobs {
  private readonly jobs = new Map<string, SearchJob>();

  constructor(private readonly clock: Clock) {}

  create(account: string, sessionId: string): SearchJob {
    const now = this.clock.now();
    this.sweep(now);
    const job = {
      id: randomBytes(8).toString("hex").toUpperCase(),
      account,
      sessionId,
      lastUsed: now,
    };
    this.jobs.set(job.id, job);
    if (this.jobs.size > MAX_JOBS) {
      const oldest = this.jobs.keys().next().value;
      if (oldest !== undefined) this.jobs.delete(oldest);
    }
    return job;
  }

  /** The job, unless it has expired (then it is forgotten). */
  get(id: string): SearchJob | undefined {
    const job = this.jobs.get(id);
    if (job && this.clock.now() - job.lastUsed >= SEARCH_JOB_IDLE_MS) {
      this.jobs.delete(id);
      return undefined;
    }
    return job;
  }

  /** A request for the job reached it: it lives another SEARCH_JOB_IDLE_MS. */
  touch(job: SearchJob): void {
    job.lastUsed = this.clock.now();
    this.jobs.delete(job.id);
    this.jobs.set(job.id, job);
  }

  delete(id: string): void {
    this.jobs.delete(id);
  }

  clear(): void {
    this.jobs.clear();
  }

  private sweep(now: number): void {
    for (const [id, job] of this.jobs) {
      if (now - job.lastUsed < SEARCH_JOB_IDLE_MS) break;
      this.jobs.delete(id);
    }
  }
}
