import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  conditionFor,
  type ErrorCondition,
  isGone,
  isNotFound,
} from "../../provider/api";
import { makeClient } from "./helpers/client";
import { type ScriptedServer, sendError, sendJson, startServer } from "./helpers/server";

describe("condition mapping", () => {
  // [status, spec code name, live dotted code, condition]
  const pairs: [number, string, string, ErrorCondition][] = [
    [404, "InvalidCollector", "collectors.collector.invalid", "not-found"],
    [400, "DuplicateResourceName", "collectors.validation.name.duplicate", "duplicate-name"],
    [403, "CannotModifyCollector", "collectors.collector.forbidden", "forbidden"],
    [400, "BadRequestCollectorId", "collectors.collector.request.id.invalid", "invalid-input"],
    [400, "BadRequestBladeId", "collectors.source.request.id.invalid", "invalid-input"],
    [400, "InvalidCollectorType", "collectors.collector.type.invalid", "invalid-collector-type"],
    [400, "InvalidSourceType", "collectors.source.type.invalid", "invalid-input"],
  ];
  it.each(pairs)("%i %s and %s → %s", (status, spec, live, condition) => {
    expect(conditionFor(status, spec)).toBe(condition);
    expect(conditionFor(status, live)).toBe(condition);
    expect(conditionFor(status, spec.toLowerCase())).toBe(condition);
  });

  it.each<[number, string | undefined, ErrorCondition]>([
    [400, "CannotModifySources", "json-mode"],
    [400, "EmptySourceType", "invalid-input"],
    [400, "CollectorNameTooLong", "invalid-input"],
    [400, "CollectorDescriptionTooLong", "invalid-input"],
    [400, "createValidationError", "invalid-input"],
    [400, "collector.not.alive", "collector-not-alive"],
    [400, "collector.in.upgrading", "collector-upgrading"],
    [400, "collector.type.invalid", "invalid-collector-type"],
    [400, "collector.invalid", "not-found"],
    [400, "collector.version.invalid", "invalid-input"],
    [400, "collectors.validation.fields.missing", "invalid-input"],
    [412, "service.etagid.mismatch", "precondition-failed"],
    [403, "service.ifthen.missing", "precondition-required"],
    [400, "service.ifthen.notquoted", "invalid-input"],
    [301, "moved", "moved"],
    [401, "unauthorized", "unauthorized"],
    [404, "notfound", "not-found"],
    [415, "contenttype.invalid", "unsupported-media-type"],
    [429, "rate.limit.exceeded", "rate-limited"],
    [500, "internal.error", "server-error"],
    [503, "service.unavailable", "server-error"],
    // By status alone.
    [412, undefined, "precondition-failed"],
    [415, undefined, "unsupported-media-type"],
    [429, undefined, "rate-limited"],
    [502, undefined, "server-error"],
    [404, undefined, "not-found"],
    [418, "teapot", "unknown"],
    // Names of Object.prototype members are codes like any other unknown one.
    [400, "constructor", "invalid-input"],
    [404, "toString", "not-found"],
    [418, "__proto__", "unknown"],
    [503, "hasOwnProperty", "server-error"],
  ])("%i %s → %s", (status, code, condition) => {
    expect(conditionFor(status, code)).toBe(condition);
  });
});

describe("ApiError from a server's answer", () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  it("carries status, code, message, error id, method and path", async () => {
    server.handle((_req, res) =>
      sendError(
        res,
        400,
        "collectors.validation.name.duplicate",
        "A resource with the same name exists.",
      ),
    );
    const { client } = makeClient(server.url);
    const error = await client.collectors.create({ name: "dup" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: "ApiError",
      status: 400,
      code: "collectors.validation.name.duplicate",
      serviceMessage: "A resource with the same name exists.",
      errorId: "ABC12-DEF34-GHI56",
      method: "POST",
      path: "/collectors",
      condition: "duplicate-name",
    });
    expect((error as Error).message).toBe(
      "POST /collectors failed with 400 collectors.validation.name.duplicate: A resource with the same name exists. (error id ABC12-DEF34-GHI56)",
    );
  });

  it("maps the spec's code names the same way", async () => {
    server.handle((_req, res) =>
      sendError(res, 400, "CannotModifySources", "Collector is in JSON mode"),
    );
    const { client } = makeClient(server.url);
    await expect(client.sources.delete(1, 2)).rejects.toMatchObject({
      condition: "json-mode",
      code: "CannotModifySources",
    });
  });

  it("gives a hint for a stale ETag", async () => {
    server.handle((_req, res) => sendError(res, 412, "service.etagid.mismatch", "ETag mismatch"));
    const { client } = makeClient(server.url);
    const error = await client.collectors
      .update(1, { id: 1, name: "a", ephemeral: false }, '"old"')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ condition: "precondition-failed" });
    expect(String(error)).toMatch(/get it again and reapply the change/);
  });

  it("copes with a non-JSON error body", async () => {
    server.handle((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
    });
    const { client } = makeClient(server.url, { retry: false });
    const error = await client.collectors.get(1).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, condition: "server-error", code: undefined });
    expect(String(error)).toContain("Bad gateway");
  });

  it("isNotFound is true only for a real 404, never for 5xx, 429 or 401", async () => {
    const { client } = makeClient(server.url, { retry: false });
    const outcome = async (status: number, code: string) => {
      server.handle((_req, res) => sendError(res, status, code));
      return isNotFound(await client.collectors.get(1).catch((e: unknown) => e));
    };
    expect(await outcome(404, "collectors.collector.invalid")).toBe(true);
    expect(await outcome(500, "internal.error")).toBe(false);
    expect(await outcome(503, "service.unavailable")).toBe(false);
    expect(await outcome(429, "rate.limit.exceeded")).toBe(false);
    expect(await outcome(401, "unauthorized")).toBe(false);
    server.handle((_req, res) => sendJson(res, 200, { collector: { id: 1, name: "x" } }));
    expect(await client.collectors.get(1)).toMatchObject({ collector: { id: 1 } });
  });

  it("isGone is true only for the service's 404 for a missing collector or source", async () => {
    const { client } = makeClient(server.url, { retry: false });
    const outcome = async (status: number, code: string) => {
      server.handle((_req, res) => sendError(res, status, code));
      return isGone(await client.collectors.get(1).catch((e: unknown) => e));
    };
    expect(await outcome(404, "InvalidCollector")).toBe(true);
    expect(await outcome(404, "collectors.collector.invalid")).toBe(true);
    expect(await outcome(404, "collectors.source.invalid")).toBe(true);
    // What a wrong endpoint or a proxy answers: not proof that anything is gone.
    expect(await outcome(404, "notfound")).toBe(false);
    server.handle((_req, res) => {
      res.writeHead(404).end("Not Found");
    });
    expect(isGone(await client.collectors.get(1).catch((e: unknown) => e))).toBe(false);
    // The code with another status.
    expect(await outcome(400, "collectors.source.invalid")).toBe(false);
    expect(await outcome(500, "InvalidCollector")).toBe(false);
    expect(isGone(new Error("404"))).toBe(false);
  });
});
