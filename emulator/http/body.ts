import type { FastifyInstance } from "fastify";
import { ApiFailure } from "../errors";
import { DEFAULTS } from "../options";
import { nestedDeeperThan } from "./json-depth";

/**
 * JSON bodies. An empty body is no body: real clients send `Content-Type: application/json` on
 * GET and DELETE without one. Malformed JSON, and JSON nested deeper than any request of the
 * API needs, are a 400 envelope; any other media type gets Fastify's 415, which the error handler
 * turns into the envelope.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === "") {
      done(null, undefined);
      return;
    }
    if (nestedDeeperThan(text, DEFAULTS.maxJsonDepth)) {
      done(
        new ApiFailure(
          "fieldInvalid",
          `The request body nests arrays and objects more than ${DEFAULTS.maxJsonDepth} levels deep.`,
        ),
        undefined,
      );
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      done(
        new ApiFailure("fieldInvalid", `The request body is not valid JSON: ${detail}`),
        undefined,
      );
    }
  });
}
