import type { FastifyPluginAsync } from "fastify";
import { accountOf, requireJsonContentType, requireManage } from "../../http/access";
import { buildTargets } from "../../model/builds";
import { renderCollector } from "../../model/collector";
import { renderUpgrade } from "../../model/upgrade";
import {
  createUpgrade,
  getUpgrade,
  resolveVersion,
  upgradableCollectors,
} from "../../services/upgrades";
import { pathId, queryInt, queryString } from "../../validation/query";

const UPGRADABLE_LIMIT_DEFAULT = 50; // spec 8 (docs/reference/service/collector-management-api.md)

type Query = Record<string, unknown>;

export const upgradeRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.emulator;

  // Every upgrade endpoint, GETs included, answers 415 without a JSON Content-Type (docs/reference/service/collector-management-api.md §4.3).
  app.addHook("preHandler", async (request) => requireJsonContentType(request));

  app.get<{ Querystring: Query }>("/collectors/upgrades/collectors", async (request) => {
    const toVersion = resolveVersion(queryString(request.query, "toVersion"));
    const page = {
      limit: queryInt(request.query, "limit", UPGRADABLE_LIMIT_DEFAULT, 1),
      offset: queryInt(request.query, "offset", 0, 0),
    };
    const now = ctx.clock.now();
    const docs = upgradableCollectors(ctx, accountOf(request), toVersion, page);
    return { collectors: docs.map((doc) => renderCollector(doc, now)) };
  });

  app.get("/collectors/upgrades/targets", async () => ({ targets: buildTargets() }));

  app.post("/collectors/upgrades", async (request, reply) => {
    const task = createUpgrade(ctx, requireManage(request), request.body);
    const id = String(task.id);
    return reply
      .code(202)
      .send({ id, link: { rel: "self", href: `/v1/collectors/upgrades/${id}` } });
  });

  app.get<{ Params: { taskId: string } }>("/collectors/upgrades/:taskId", async (request) => ({
    upgrade: renderUpgrade(
      getUpgrade(ctx, accountOf(request), pathId(request.params.taskId, "upgrade task id")),
    ),
  }));
};
