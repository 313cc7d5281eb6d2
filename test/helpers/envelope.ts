// Assertions on the service's error envelope (docs/reference/service/collector-management-api.md §7.1): {status, id, code, message}, with the
// body's status equal to the HTTP status and an id of three 5-character groups.
import { expect } from "vitest";
import { type HttpResponse, headerOf, type Json } from "./http";

export const ERROR_ID = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;
export const QUOTED_ETAG = /^"[0-9a-fA-F]{32}"$/;

/** Why the check failed, or undefined when `res` is a well-formed envelope. */
export function envelopeProblem(res: HttpResponse): string | undefined {
  const ct = headerOf(res, "content-type") ?? "";
  if (!ct.includes("application/json")) return `content-type is "${ct}"`;
  const b = res.json;
  if (b === null || typeof b !== "object" || Array.isArray(b)) return "body is not a JSON object";
  if (b.status !== res.status) return `body.status ${b.status} != HTTP ${res.status}`;
  if (typeof b.id !== "string" || !ERROR_ID.test(b.id)) return `bad id ${JSON.stringify(b.id)}`;
  if (typeof b.code !== "string" || b.code.length === 0) return "missing code";
  if (typeof b.message !== "string" || b.message.length === 0) return "missing message";
  return undefined;
}

function describeRes(res: HttpResponse): string {
  return `HTTP ${res.status} ${res.text.slice(0, 400)}`;
}

/** Asserts an error envelope with this status (and code, when given). */
export function expectError(res: HttpResponse, status: number, code?: string): void {
  expect(res.status, describeRes(res)).toBe(status);
  expect(envelopeProblem(res), describeRes(res)).toBeUndefined();
  if (code !== undefined) expect(res.json.code, describeRes(res)).toBe(code);
}

/** Asserts a success status and returns the parsed body. */
export function expectOk(res: HttpResponse, status = 200): Json {
  expect(res.status, describeRes(res)).toBe(status);
  return res.json;
}

export function etagOf(res: HttpResponse): string {
  const etag = headerOf(res, "etag");
  expect(etag, `ETag header on ${describeRes(res)}`).toMatch(QUOTED_ETAG);
  return etag as string;
}
