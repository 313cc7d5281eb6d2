import type { FastifyRequest } from "fastify";
import { fail } from "../../errors";

const UNSUPPORTED = /[;/%\\]/;

/**
 * The name asked for by GET /collectors/name/{name}, with the live service's rules (docs/reference/service/collector-management-api.md §4.1):
 * names holding `;`, `/`, `%` or `\` cannot be looked up even URL-encoded, and without a trailing
 * `/` whatever follows the last period is taken as a file extension and dropped.
 */
export function requestedName(request: FastifyRequest, param: string): string {
  if (UNSUPPORTED.test(param)) {
    fail(
      "fieldInvalid",
      "Names holding ';', '/', '%' or '\\' cannot be looked up by name, even URL-encoded: list the collectors and match the name instead.",
    );
  }
  const path = request.url.split("?", 1)[0] as string;
  const dot = param.lastIndexOf(".");
  return path.endsWith("/") || dot < 0 ? param : param.slice(0, dot);
}
