// What the caller gets: a 2xx answer (or one a stage below took as the result), else an ApiError
// built from the service's error envelope, redacted before it is cut short. The other stages
// build their errors here too.
import { ApiError } from "../errors";
import type { HttpResponse } from "../http";
import { redactExcerpt } from "../redact";
import { parseRetryAfter } from "../retry";
import { errorEnvelope } from "../schemas/common";
import { type Call, type Context, header, isSuccess, type Stage } from "./stage";

/** Longest service message kept in an error (a JSON envelope's), and of a body that is not JSON. */
const MAX_MESSAGE_CHARS = 4000;
const MAX_TEXT_BODY_CHARS = 500;

/** The error envelope's fields, redacted before they are cut short. */
export function envelope(body: unknown, secrets: string[]) {
  const parsed = errorEnvelope.safeParse(body);
  const env = parsed.success ? parsed.data : {};
  const excerpt = (text: string | undefined, limit: number) =>
    text === undefined ? undefined : redactExcerpt(text, secrets, limit);
  // The newer envelope lists causes: the first one's code decides, every message is kept.
  const causes = env.errors ?? [];
  const code = env.code ?? causes.find((c) => c.code !== undefined)?.code;
  const texts = causes.flatMap((c) => {
    const text = [c.message, c.detail].filter((t) => t !== undefined).join(": ");
    return text ? [text] : [];
  });
  const message = env.message ?? (texts.length > 0 ? texts.join("; ") : undefined);
  return {
    code: excerpt(code, 200),
    serviceMessage:
      message !== undefined
        ? excerpt(message, MAX_MESSAGE_CHARS)
        : typeof body === "string"
          ? excerpt(body, MAX_TEXT_BODY_CHARS)
          : undefined,
    errorId: excerpt(env.id, 200),
  };
}

/** The ApiError for `res`, the answer to the call's latest exchange. */
export function apiError(
  ctx: Context,
  call: Call,
  res: HttpResponse,
  extra: { note?: string } = {},
): ApiError {
  return new ApiError({
    ...envelope(res.body, ctx.secrets()),
    ...extra,
    status: res.status,
    method: call.req.method,
    path: call.suffix,
    retryAfterMs: parseRetryAfter(header(res.headers, "retry-after")),
    attempts: call.attempts,
  });
}

export function answer(ctx: Context): Stage {
  return (next) => async (call) => {
    const res = await next(call);
    if (isSuccess(res.status) || call.deletedBefore) return res;
    throw apiError(ctx, call, res);
  };
}
