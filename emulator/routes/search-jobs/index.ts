import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { fail } from "../../errors";
import { callerOf } from "../../http/access";

/** Search jobs are for Enterprise accounts only (docs/reference/service/collector-management-api.md §4.4, 7.2). */
function requireEnterprise(request: FastifyRequest): string {
  const caller = callerOf(request);
  if (caller.account.type !== "Enterprise") {
    fail(
      "forbidden",
      `Search jobs are not available on ${caller.account.type} accounts: they need an Enterprise account.`,
    );
  }
  return caller.account.name;
}

/**
 * Search jobs, session behaviour only: a job is bound to the session that created it, and a
 * follow-up without that session's cookie cannot find it (500 "Job ID is invalid", spec 5 (docs/reference/service/collector-management-api.md)
 * item 4). An id that no session holds is a 404 with the same code (live-service facts (docs/internals/service-research/live-service-facts.md): "404 or 500"),
 * and so is a job nobody asked about for 5 minutes: it has expired.
 */
export const searchJobRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.emulator;

  function requireJob(request: FastifyRequest<{ Params: { id: string } }>) {
    const account = requireEnterprise(request);
    const session = request.session;
    const job = ctx.searchJobs.get(request.params.id);
    if (!job || job.account !== account) fail("searchJobNotFound");
    // Without its session's cookie a request reaches a server that does not hold the job.
    if (!session?.fromCookie || job.sessionId !== session.id) fail("searchJobInvalid");
    ctx.searchJobs.touch(job);
    return job;
  }

  app.post("/search/jobs", async (request, reply) => {
    const account = requireEnterprise(request);
    if (typeof request.body !== "object" || request.body === null || Array.isArray(request.body)) {
      fail("fieldInvalid", "The search job request must be a JSON object.");
    }
    const session = request.session;
    if (!session) throw new Error("search job without a session");
    const job = ctx.searchJobs.create(account, session.id);
    return reply
      .code(202)
      .send({ id: job.id, link: { rel: "self", href: `/v1/search/jobs/${job.id}` } });
  });

  app.get<{ Params: { id: string } }>("/search/jobs/:id", async (request) => {
    requireJob(request);
    return {
      state: "DONE GATHERING RESULTS",
      messageCount: 0,
      histogramBuckets: [],
      pendingWarnings: [],
      pendingErrors: [],
      recordCount: 0,
    };
  });

  app.delete<{ Params: { id: string } }>("/search/jobs/:id", async (request) => {
    const job = requireJob(request);
    ctx.searchJobs.delete(job.id);
    return { id: job.id };
  });
};
