import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { accountOf, callerOf, requireManage } from "../../http/access";
import { parseHexId, userIdOf } from "../../model/hex-id";
import { renderSourceTemplate, type SourceTemplateDoc } from "../../model/source-template";
import { totalLinked } from "../../services/linking";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  type ImpactEntry,
  linkedImpact,
  listTemplates,
  setTemplateStatus,
  updateTemplate,
  upgradeTemplate,
} from "../../services/source-templates";
import { queryBool, queryString } from "../../validation/query";

type Params = { id: string };
type Query = Record<string, unknown>;

const idOf = (request: FastifyRequest<{ Params: Params }>) =>
  parseHexId(request.params.id, "source template id in the path");

/**
 * The Source Template Management API (v1/sourceTemplates): the whole lifecycle, with links to
 * OT collectors computed from the store on every answer.
 */
export const sourceTemplateRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.emulator;

  const view = (account: string) => (doc: SourceTemplateDoc) =>
    renderSourceTemplate(doc, totalLinked(ctx, account, doc));

  const userOf = (request: FastifyRequest) => userIdOf(callerOf(request).user.accessId);

  app.get<{ Querystring: Query }>("/sourceTemplates", async (request) => {
    const account = accountOf(request);
    const showDisabled = queryBool(request.query, "showDisabled");
    const name = queryString(request.query, "name");
    return { data: listTemplates(ctx, account, showDisabled, name).map(view(account)) };
  });

  app.post("/sourceTemplates", async (request) => {
    const account = requireManage(request);
    return view(account)(createTemplate(ctx, account, userOf(request), request.body));
  });

  app.post("/sourceTemplates/getLinkedSourceTemplatesImpact", async (request) => {
    const account = accountOf(request);
    const impact = linkedImpact(ctx, account, request.body);
    const entry = ({ template, reasonTags }: ImpactEntry) => ({
      sourceTemplateDefinition: view(account)(template),
      reasonTags,
    });
    return {
      collectorId: impact.collectorId,
      addedSourceTemplates: impact.added.map(entry),
      removedSourceTemplates: impact.removed.map(entry),
    };
  });

  app.get<{ Params: Params }>("/sourceTemplates/:id", async (request) => {
    const account = accountOf(request);
    return view(account)(getTemplate(ctx, account, idOf(request)));
  });

  app.post<{ Params: Params }>("/sourceTemplates/:id", async (request) => {
    const account = requireManage(request);
    const doc = updateTemplate(ctx, account, userOf(request), idOf(request), request.body);
    return view(account)(doc);
  });

  app.put<{ Params: Params }>("/sourceTemplates/:id/status", async (request) => {
    const account = requireManage(request);
    const doc = setTemplateStatus(ctx, account, userOf(request), idOf(request), request.body);
    return view(account)(doc);
  });

  app.post<{ Params: Params }>("/sourceTemplates/:id/upgrade", async (request) => {
    const account = requireManage(request);
    const doc = upgradeTemplate(ctx, account, userOf(request), idOf(request), request.body);
    return view(account)(doc);
  });

  app.delete<{ Params: Params }>("/sourceTemplates/:id", async (request, reply) => {
    deleteTemplate(ctx, requireManage(request), idOf(request));
    return reply.code(204).send();
  });
};
