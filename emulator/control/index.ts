import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { fail } from "../errors";
import { renderCollector } from "../model/collector";
import { parseHexId, SYSTEM_USER_ID } from "../model/hex-id";
import { type OtCollectorDoc, otCollectorEtag, renderOtCollector } from "../model/ot-collector";
import { heartbeat, registerInstalled, setUpgradeBehaviour } from "../services/installed";
import { linkedCounter } from "../services/linking";
import { otHeartbeat, registerOtCollector } from "../services/ot-collectors";
import { advanceClock } from "../state";
import { pathId } from "../validation/query";
import { isObject } from "../validation/values";
import { isLoopback } from "./loopback";

/** The last time a JavaScript Date can hold (timestamps in responses must stay dates). */
const MAX_DATE_MS = 8.64e15;

/**
 * The control API under `/_emulator/`: what tests need to play the parts the API does not cover
 * (Installed Collectors, their heartbeats and upgrade outcomes, time, failures). Unauthenticated,
 * so it answers only on loopback.
 */
export const controlRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.emulator;

  app.addHook("onRequest", async (request) => {
    if (!isLoopback(request.socket.remoteAddress))
      fail("forbidden", "The control API answers on loopback only.");
    ctx.scheduler.runDue(ctx.clock.now());
  });

  /** The account a registration goes to: named, or the only one there is. */
  function accountFor(request: FastifyRequest): string {
    const body = isObject(request.body) ? request.body : {};
    const accounts = ctx.directory.accounts;
    if (body.account === undefined || body.account === null) {
      if (accounts.length === 1) return (accounts[0] as { name: string }).name;
      fail(
        "fieldMissing",
        `Field 'account' is required when there are several accounts: one of ${accounts.map((a) => a.name).join(", ")}.`,
      );
    }
    if (typeof body.account !== "string" || !ctx.directory.account(body.account)) {
      fail(
        "fieldInvalid",
        `Field 'account' must name an account: one of ${accounts.map((a) => a.name).join(", ")}.`,
      );
    }
    return body.account;
  }

  const view = (doc: Parameters<typeof renderCollector>[0]) => ({
    collector: renderCollector(doc, ctx.clock.now()),
  });

  app.post("/installed-collectors", async (request, reply) =>
    reply.code(201).send(view(registerInstalled(ctx, accountFor(request), request.body))),
  );

  app.post<{ Params: { id: string } }>("/collectors/:id/heartbeat", async (request) =>
    view(heartbeat(ctx, pathId(request.params.id, "collector id")).doc),
  );

  app.post<{ Params: { id: string } }>("/collectors/:id/upgrade-behaviour", async (request) =>
    view(setUpgradeBehaviour(ctx, pathId(request.params.id, "collector id"), request.body)),
  );

  /** An OT collector exactly as `GET /v1/otCollectors/{id}` shows it: no envelope, an ETag. */
  function otView(reply: FastifyReply, account: string, doc: OtCollectorDoc, status = 200) {
    const linked = linkedCounter(ctx, account)(doc);
    return reply
      .code(status)
      .header("etag", otCollectorEtag(doc))
      .send(renderOtCollector(doc, ctx.clock.now(), linked));
  }

  app.post("/ot-collectors", async (request, reply) => {
    const account = accountFor(request);
    return otView(
      reply,
      account,
      registerOtCollector(ctx, account, SYSTEM_USER_ID, request.body),
      201,
    );
  });

  app.post<{ Params: { id: string } }>("/ot-collectors/:id/heartbeat", async (request, reply) => {
    const { account, doc } = otHeartbeat(ctx, parseHexId(request.params.id, "OT collector id"));
    return otView(reply, account, doc);
  });

  app.get("/clock", async () => ({ now: ctx.clock.now(), offsetMs: ctx.clock.offset }));

  app.post("/clock", async (request) => {
    const advance = isObject(request.body) ? request.body.advanceMs : undefined;
    if (typeof advance !== "number" || !Number.isFinite(advance) || advance < 0) {
      fail("fieldInvalid", "Field 'advanceMs' must be a number of milliseconds >= 0.");
    }
    if (ctx.clock.now() + advance > MAX_DATE_MS) {
      fail(
        "fieldInvalid",
        "Field 'advanceMs' would move the clock past the last date JavaScript has.",
      );
    }
    const { now, fired } = advanceClock(ctx, advance);
    return { now, offsetMs: ctx.clock.offset, timersFired: fired };
  });

  app.get("/requests", async () => ({ requests: ctx.requestLog.list() }));

  app.post("/reset", async () => {
    ctx.reset();
    return { reset: true };
  });

  app.post("/faults", async (request, reply) =>
    reply.code(201).send({ fault: ctx.faults.add(request.body) }),
  );
  app.get("/faults", async () => ({ faults: ctx.faults.list() }));
  app.delete("/faults", async () => {
    ctx.faults.clear();
    return { faults: [] };
  });
};
