import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { accountOf, callerOf, requireManage } from "../../http/access";
import { parseHexId, userIdOf } from "../../model/hex-id";
import { type OtCollectorDoc, otCollectorEtag, renderOtCollector } from "../../model/ot-collector";
import { linkedCounter } from "../../services/linking";
import {
  deleteOfflineOtCollectors,
  deleteOtCollector,
  otCollectorsByName,
  otTotalCount,
  requireOtCollector,
  searchOtCollectors,
  updateOtCollector,
} from "../../services/ot-collectors";

type Params = { id: string };
type Query = Record<string, unknown>;

/** Every value of a repeated query parameter (`names=a&names=b`), strings only. */
function queryList(query: Query, key: string): string[] {
  const value = query[key];
  return [value].flat().filter((v): v is string => typeof v === "string" && v !== "");
}

/**
 * The OpenTelemetry Collector Management API (v1/otCollectors): OT collectors register through
 * the control API; here they are read, searched, renamed, retagged and deleted.
 */
export const otCollectorRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.emulator;

  /** Renders collectors with their linked-template counts, computed once per response. */
  function viewer(account: string) {
    const now = ctx.clock.now();
    const linked = linkedCounter(ctx, account);
    return (doc: OtCollectorDoc) => renderOtCollector(doc, now, linked(doc));
  }

  function one(reply: FastifyReply, account: string, doc: OtCollectorDoc) {
    return reply.header("etag", otCollectorEtag(doc)).send(viewer(account)(doc));
  }

  const userOf = (request: FastifyRequest) => userIdOf(callerOf(request).user.accessId);

  app.get("/otCollectors/totalCount", async (request) => ({
    totalCount: otTotalCount(ctx, accountOf(request)),
  }));

  app.get<{ Querystring: Query }>("/otCollectors/otCollectorsByName", async (request) => {
    const account = accountOf(request);
    const docs = otCollectorsByName(ctx, account, queryList(request.query, "names"));
    return { data: docs.map(viewer(account)) };
  });

  app.delete("/otCollectors/offline", async (request, reply) => {
    deleteOfflineOtCollectors(ctx, requireManage(request));
    return reply.code(204).send();
  });

  app.post("/otCollectors", async (request) => {
    const account = accountOf(request);
    const page = searchOtCollectors(ctx, account, request.body);
    return { ...page, data: page.data.map(viewer(account)) };
  });

  app.put<{ Querystring: Query }>("/otCollectors", async (request, reply) => {
    const account = requireManage(request);
    const id = parseHexId([request.query.id].flat()[0], "query parameter 'id'");
    const doc = updateOtCollector(
      ctx,
      account,
      userOf(request),
      id,
      request.headers["if-match"],
      request.body,
    );
    return one(reply, account, doc);
  });

  app.get<{ Params: Params }>("/otCollectors/:id", async (request, reply) => {
    const account = accountOf(request);
    const id = parseHexId(request.params.id, "OT collector id in the path");
    return one(reply, account, requireOtCollector(ctx, account, id).doc);
  });

  app.delete<{ Params: Params }>("/otCollectors/:id", async (request, reply) => {
    const account = requireManage(request);
    deleteOtCollector(ctx, account, parseHexId(request.params.id, "OT collector id in the path"));
    return reply.code(204).send();
  });
};
