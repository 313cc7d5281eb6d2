import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { apiPrefix, type Deployment } from "../deployments";
import { ApiFailure, fail } from "../errors";
import { collectorRoutes } from "../routes/collectors";
import { otCollectorRoutes } from "../routes/ot-collectors";
import { searchJobRoutes } from "../routes/search-jobs";
import { sourceTemplateRoutes } from "../routes/source-templates";
import { sourceRoutes } from "../routes/sources";
import { upgradeRoutes } from "../routes/upgrades";
import { authenticate } from "./auth";
import { StalledAnswers } from "./faults";
import { serviceOrigin } from "./origin";

export interface ApiPluginOptions {
  deployment: Deployment;
}

const FAULT_ERRORS = { "429": "rateLimited", "500": "internal", "503": "unavailable" } as const;

/**
 * One deployment's API: the request pipeline of the live service (faults, timers, Basic auth and
 * session, deployment check, concurrency and rate limits) in front of the route folders.
 */
export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (app, { deployment }) => {
  const ctx = app.emulator;
  const prefix = apiPrefix(deployment);

  async function pipeline(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const started = performance.now();
    const time = ctx.clock.now();
    const path = request.url.split("?", 1)[0] as string;
    let release: (() => void) | undefined;
    reply.raw.once("close", () => {
      release?.();
      ctx.requestLog.add({
        time,
        method: request.method,
        path,
        // A lost response is committed and then dropped: the client got no status.
        status: reply.raw.writableFinished && !request.dropResponse ? reply.raw.statusCode : 0,
        accessId: request.caller?.user.accessId ?? null,
        ifMatch: request.headers["if-match"] !== undefined,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      });
    });

    const decision = ctx.faults.decide(request.method, path.slice(prefix.length) || "/");
    if (decision.outcome === "reset") {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    ctx.scheduler.runDue(ctx.clock.now());

    const { caller, session } = authenticate(ctx, request, reply, deployment);
    request.caller = caller;
    request.session = session;
    request.deployment = deployment;
    const home = caller.account.deployment;
    if (home !== deployment) {
      const rest = request.url.slice(prefix.length);
      const origin = serviceOrigin(ctx.options.host, request.socket, ctx.options.port);
      fail("moved", undefined, { location: `${origin}${apiPrefix(home)}${rest}` });
    }
    // Keyed by access id: one access id has one key, and keys are secrets not to hold twice.
    release = ctx.concurrency.acquire(caller.user.accessId);
    if (!release) fail("rateLimited");
    if (!ctx.rateLimiter.take(caller.user.accessId)) fail("rateLimited");

    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    if (decision.outcome === "lost-response") request.dropResponse = true;
    else if (decision.outcome === "stall") request.stallMs = decision.stallMs ?? 0;
    else if (decision.outcome) throw new ApiFailure(FAULT_ERRORS[decision.outcome]);
  }

  app.addHook("onRequest", pipeline);

  const stalled = new StalledAnswers();
  app.addHook("preClose", async () => stalled.release());

  app.addHook("onSend", async (request, _reply, payload) => {
    // The write has been committed by now; the client never learns of it.
    if (request.dropResponse) request.raw.socket.destroy();
    // Or learns of it late: held until the stall ends or the client goes away.
    if (request.stallMs > 0) await stalled.hold(request, request.stallMs);
    return payload;
  });

  await app.register(collectorRoutes);
  await app.register(sourceRoutes);
  await app.register(upgradeRoutes);
  await app.register(searchJobRoutes);
  await app.register(otCollectorRoutes);
  await app.register(sourceTemplateRoutes);
};
