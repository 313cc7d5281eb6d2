// The two directions of schema checking: what the caller gives (refused before sending, as an
// InputError) and what the service answers (a ResponseFormatError names what did not match).
import type { z } from "zod";
import { InputError, ResponseFormatError } from "./errors";
import type { HttpResponse } from "./http";
import { issueLines } from "./schemas/common";

export function checkInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  field: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new InputError(field, `${field} is not valid`, issueLines(result.error, field));
  }
  return result.data;
}

export function parseResponse<S extends z.ZodType>(
  schema: S,
  res: HttpResponse,
  method: string,
): z.output<S> {
  const result = schema.safeParse(res.body);
  if (!result.success) {
    throw new ResponseFormatError({
      method,
      path: res.path,
      status: res.status,
      issues: issueLines(result.error).slice(0, 10),
    });
  }
  return result.data;
}

/**
 * checkInput, but the error's `field` is the first field at fault ("sourceTemplate.schemaRef.type",
 * or "limit" with an empty `root`) rather than the whole argument, so that a caller can map it
 * back to its own input.
 */
export function checkFields<S extends z.ZodType>(
  schema: S,
  value: unknown,
  root: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0]?.path.map(String) ?? [];
    const field = [root, ...first].filter(Boolean).join(".") || "(body)";
    throw new InputError(
      field,
      `${root || "the request"} is not valid`,
      issueLines(result.error, root),
    );
  }
  return result.data;
}
