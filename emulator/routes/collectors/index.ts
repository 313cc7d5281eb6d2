import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { accountOf, requireManage } from "../../http/access";
import { type CollectorDoc, collectorEtag, renderCollector } from "../../model/collector";
import {
  type CollectorFilter,
  createHostedCollector,
  deleteCollector,
  deleteOfflineCollectors,
  findCollectorByName,
  getCollector,
  listCollectors,
  listOfflineCollectors,
  updateCollector,
} from "../../services/collectors";
import { pathId, queryInt, queryOneOf } from "../../validation/query";
import { requestedName } from "./name-lookup";

const LIST_LIMIT_DEFAULT = 1000; // spec 8 (docs/reference/service/collector-management-api.md)
const ALIVE_BEFORE_DAYS_DEFAULT = 100; // spec 4.1 (docs/reference/service/collector-management-api.md), minimum 1
const FILTERS = ["all", "installed", "hosted", "dead", "alive"] as const;

type Params = { id: string };
type NameParams = { name: string };
type Query = Record<string, unknown>;

function pageOf(query: Query) {
  return {
    limit: queryInt(query, "limit", LIST_LIMIT_DEFAULT, 1),
    offset: queryInt(query, "offset", 0, 0),
  };
}

export const collectorRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.emulator;

  /** One collector, with the ETag every single-entity response carries. */
  function one(reply: FastifyReply, doc: CollectorDoc, status = 200) {
    return reply
      .code(status)
      .header("etag", collectorEtag(doc))
      .send({ collector: renderCollector(doc, ctx.clock.now()) });
  }

  function many(docs: CollectorDoc[]) {
    const now = ctx.clock.now();
    return { collectors: docs.map((doc) => renderCollector(doc, now)) };
  }

  app.get<{ Querystring: Query }>("/collectors", async (request) => {
    const filter: CollectorFilter = queryOneOf(request.query, "filter", FILTERS) ?? "all";
    return many(listCollectors(ctx, accountOf(request), filter, pageOf(request.query)));
  });

  app.get<{ Querystring: Query }>("/collectors/offline", async (request) => {
    const days = queryInt(request.query, "aliveBeforeDays", ALIVE_BEFORE_DAYS_DEFAULT, 1);
    return many(listOfflineCollectors(ctx, accountOf(request), days, pageOf(request.query)));
  });

  app.delete<{ Querystring: Query }>("/collectors/offline", async (request) => {
    const account = requireManage(request);
    const days = queryInt(request.query, "aliveBeforeDays", ALIVE_BEFORE_DAYS_DEFAULT, 1);
    const count = deleteOfflineCollectors(ctx, account, days);
    return {
      message: `The delete task has been initiated for ${count} Installed Collector(s) last seen alive more than ${days} day(s) ago.`,
    };
  });

  app.get<{ Params: NameParams }>("/collectors/name/:name", async (request, reply) =>
    one(
      reply,
      findCollectorByName(ctx, accountOf(request), requestedName(request, request.params.name)),
    ),
  );

  app.get<{ Params: Params }>("/collectors/:id", async (request, reply) =>
    one(reply, getCollector(ctx, accountOf(request), pathId(request.params.id, "collector id"))),
  );

  app.post("/collectors", async (request, reply) =>
    one(reply, createHostedCollector(ctx, requireManage(request), request.body), 201),
  );

  app.put<{ Params: Params }>("/collectors/:id", async (request, reply) => {
    const account = requireManage(request);
    const id = pathId(request.params.id, "collector id");
    return one(reply, updateCollector(ctx, account, id, request.headers["if-match"], request.body));
  });

  app.delete<{ Params: Params }>("/collectors/:id", async (request, reply) => {
    deleteCollector(ctx, requireManage(request), pathId(request.params.id, "collector id"));
    return reply.code(200).send();
  });
};
