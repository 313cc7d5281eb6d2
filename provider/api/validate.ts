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
