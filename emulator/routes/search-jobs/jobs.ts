import { randomBytes } from "node:crypto";

interface SearchJob {
  id: string;
  account: string;
  /** The session that created it: follow-ups are routed by this cookie (spec 4.4). */
  sessionId: string;
  createdAt: number;
}

/** Search jobs, kept in memory with the sessions they are bound to. */
export class SearchJobs {
  private readonly jobs = new Map<string, SearchJob>();

  create(account: string, sessionId: string, now: number): SearchJob {
    const job = {
      id: randomBytes(8).toString("hex").toUpperCase(),
      account,
      sessionId,
      createdAt: now,
    };
    this.jobs.set(job.id, job);
    return job;
  }

  get(id: string): SearchJob | undefined {
    return this.jobs.get(id);
  }

  delete(id: string): void {
    this.jobs.delete(id);
  }

  clear(): void {
    this.jobs.clear();
  }
}
