import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { accountOf, requireManage } from "../../http/access";
import { renderSource, sourceEtag } from "../../model/source";
import {
  createSource,
  deleteSource,
  getSource,
  listSources,
  type SourceView,
  updateSource,
} from "../../services/sources";
import { pathId, queryBool } from "../../validation/query";

/** The `api.version` of downloaded source configurations (docs/reference/service/collector-management-api.md §9). */
const DOWNLOAD_API_VERSION = "v1";

type Params = { id: string };
type SourceParams = { id: string; sourceId: string };
type Query = Record<string, unknown>;

function ids(params: SourceParams) {
  return {
    collectorId: pathId(params.id, "collector id"),
    sourceId: pathId(params.sourceId, "source id"),
  };
}

export const sourceRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.emulator;

  function one(reply: FastifyReply, { doc, alive }: SourceView, status = 200, download = false) {
    const source = renderSource(doc, alive, download);
    const body = download ? { "api.version": DOWNLOAD_API_VERSION, source } : { source };
    return reply.code(status).header("etag", sourceEtag(doc)).send(body);
  }

  app.get<{ Params: Params; Querystring: Query }>("/collectors/:id/sources", async (request) => {
    const download = queryBool(request.query, "download");
    const views = listSources(ctx, accountOf(request), pathId(request.params.id, "collector id"));
    const sources = views.map(({ doc, alive }) => renderSource(doc, alive, download));
    return download ? { "api.version": DOWNLOAD_API_VERSION, sources } : { sources };
  });

  app.get<{ Params: SourceParams; Querystring: Query }>(
    "/collectors/:id/sources/:sourceId",
    async (request, reply) => {
      const { collectorId, sourceId } = ids(request.params);
      const download = queryBool(request.query, "download");
      return one(reply, getSource(ctx, accountOf(request), collectorId, sourceId), 200, download);
    },
  );

  app.post<{ Params: Params }>("/collectors/:id/sources", async (request, reply) => {
    const account = requireManage(request);
    const collectorId = pathId(request.params.id, "collector id");
    const deployment = request.deployment ?? "us1";
    return one(reply, createSource(ctx, account, deployment, collectorId, request.body), 201);
  });

  app.put<{ Params: SourceParams }>("/collectors/:id/sources/:sourceId", async (request, reply) => {
    const account = requireManage(request);
    const { collectorId, sourceId } = ids(request.params);
    return one(
      reply,
      updateSource(ctx, account, collectorId, sourceId, request.headers["if-match"], request.body),
    );
  });

  app.delete<{ Params: SourceParams }>(
    "/collectors/:id/sources/:sourceId",
    async (request, reply) => {
      const account = requireManage(request);
      const { collectorId, sourceId } = ids(request.params);
      deleteSource(ctx, account, collectorId, sourceId);
      return reply.code(200).send();
    },
  );
};
