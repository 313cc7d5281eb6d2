import { fail } from "../errors";
import { isTimeZone } from "./timezones";
import { invalid, maxString, type Rule, str } from "./values";

/** Limits of spec 8 (docs/reference/service/collector-management-api.md). */
export const NAME_MAX = 128;
export const DESCRIPTION_MAX = 1024;
export const HOST_NAME_MAX = 128;

export const name: Rule = (value, path) => {
  const s = maxString(NAME_MAX, "nameTooLong")(value, path) as string;
  if (s.trim() === "") invalid(path, "must not be empty");
  return s;
};

export const description: Rule = maxString(DESCRIPTION_MAX, "descriptionTooLong");

export const hostName: Rule = maxString(HOST_NAME_MAX);

export const timeZone: Rule = (value, path) => {
  const s = str(value, path) as string;
  return isTimeZone(s)
    ? s
    : invalid(path, 'must be a tz database name such as "Europe/Berlin" or "UTC"');
};

/** An offset relative to now such as -1h, -1d or -1w (docs/reference/service/collector-management-api.md §2.1). */
export const relativeTime: Rule = (value, path) => {
  const s = str(value, path) as string;
  return /^-\d+[smhdw]$/.test(s)
    ? s
    : invalid(path, 'must be an offset such as "-1h", "-1d" or "-1w"');
};

/**
 * The collector name rule (1 to 128 characters, not blank) for the OpenTelemetry APIs, whose
 * messages name the field, e.g. `inputJson.name`; the code stays CollectorNameTooLong.
 */
export const namedName: Rule = (value, path) => {
  const s = str(value, path) as string;
  if (s.length > NAME_MAX)
    fail("nameTooLong", `Field '${path}' must be at most ${NAME_MAX} characters long.`);
  if (s.trim() === "") invalid(path, "must not be empty");
  return s;
};

/** The collector description rule (at most 1024 characters), the message naming the field. */
export const namedDescription: Rule = (value, path) => {
  const s = str(value, path) as string;
  if (s.length > DESCRIPTION_MAX)
    fail(
      "descriptionTooLong",
      `Field '${path}' must be at most ${DESCRIPTION_MAX} characters long.`,
    );
  return s;
};
