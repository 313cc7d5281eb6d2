// Credentials and secret source values must never reach an error message or a log line, even
// when the service echoes them back: as sent, JSON-escaped (once or twice), \u-escaped,
// percent-encoded, or cut short by a truncated message. Everything that leaves the client as
// text passes here.

// At least 4 characters, like a secret, so that a replacement never makes the text longer.
const BASIC = /Basic\s+[A-Za-z0-9+/=._~-]{4,}/gi;
// A "/" as sent, JSON-escaped, \u-escaped or percent-encoded.
const SLASH = String.raw`(?:\\{0,3}/|\\{1,3}u002[fF]|%2[fF])`;
// HTTP Sources' URLs end in a token that is as good as a password (…/receiver/v1/http/<token>).
const RECEIVER_TOKEN = new RegExp(
  `(${SLASH}receiver${SLASH}v1${SLASH}[a-z]+${SLASH})[^\\s"'?#\\\\&<>]{4,}`,
  "gi",
);
const RECEIVER_URL = /\/receiver\/v1\/[a-z]+\/([^\s"'?#\\&<>]+)/i;
// Keys whose string values are credentials: passwords and passphrases, secrets, tokens, keys
// (accessKey, privateKey, awsKey, apiKey), credentials, an HTTP Source's url. Values under other
// keys are redacted only when the caller names them (RequestOptions.secrets).
const SECRET_KEY =
  /pass(word|phrase)?$|password|secret|token|^url$|accesskey|privatekey|key$|credential/i;
/** Shorter values are left alone: replacing them would garble every message. */
const MIN_SECRET_LENGTH = 4;
/**
 * The longest text one character of a secret can become in a message: \u-escaped under two
 * levels of JSON (\\\u0041), or percent-encoded UTF-8 (%E2%82%AC, 9 for one UTF-16 unit).
 */
const MAX_FORM_PER_CHAR = 9;

/** Whether a value is worth redacting (long enough to be a credential). */
export function isRedactable(value: unknown): value is string {
  return typeof value === "string" && value.length >= MIN_SECRET_LENGTH;
}

/** Whether a body key names a credential, judged by the name alone. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** The token of an HTTP Source URL (…/receiver/v1/http/<token>), a secret on its own. */
export function receiverToken(value: string): string | undefined {
  const token = RECEIVER_URL.exec(value)?.[1];
  return isRedactable(token) ? token : undefined;
}

const hexClass = (hex: string) =>
  [...hex].map((h) => (/[a-f]/i.test(h) ? `[${h.toLowerCase()}${h.toUpperCase()}]` : h)).join("");

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  "\b": "b",
  "\f": "f",
  "\n": "n",
  "\r": "r",
  "\t": "t",
};

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");

/** Every form one UTF-16 unit of a secret may take in a message. */
function unitPattern(unit: string): string {
  const code = unit.charCodeAt(0);
  // As sent; those JSON escapes also behind one or two levels of escaping (\" \\ \/).
  const literal = escapeRegExp(unit);
  const forms = [/["\\/]/.test(unit) ? String.raw`\\{0,3}${literal}` : literal];
  forms.push(String.raw`\\{1,3}u${hexClass(code.toString(16).padStart(4, "0"))}`);
  const short = SHORT_ESCAPES[unit];
  if (short) forms.push(String.raw`\\{1,3}${short}`);
  // Percent-encoded, for the characters an encoder encodes (not letters, digits, - _ . ~).
  if ((code < 0xd800 || code > 0xdfff) && encodeURIComponent(unit) !== unit) {
    const bytes = Buffer.from(unit, "utf8");
    forms.push([...bytes].map((b) => `%${hexClass(b.toString(16).padStart(2, "0"))}`).join(""));
  }
  return forms.length === 1 ? literal : `(?:${forms.join("|")})`;
}

const patterns = new Map<string, RegExp>();
const MAX_PATTERNS = 2000;

/**
 * One regular expression for a secret (cached): in any of its forms, even mixed, or (`literal`,
 * for a text without a backslash or a percent sign, where no other form can be) as sent.
 */
function secretPattern(secret: string, literal: boolean): RegExp {
  const key = `${literal ? "L" : "F"}${secret}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    let source = "";
    if (literal) source = escapeRegExp(secret);
    else for (let i = 0; i < secret.length; i++) source += unitPattern(secret.charAt(i));
    pattern = new RegExp(source, "g");
    if (patterns.size >= MAX_PATTERNS) patterns.clear();
    patterns.set(key, pattern);
  }
  return pattern;
}

function sortedSecrets(secrets: Iterable<string | undefined>): string[] {
  // Longest first, so a secret that contains another is replaced whole.
  return [...new Set(secrets)].filter((s): s is string => !!s).sort((a, b) => b.length - a.length);
}

type Replacer = (match: string, group?: string) => string;

/**
 * Redacts `text` and tells where position `mark` of `text` ended up: everything before it stays
 * before it, and a secret that spans it is replaced whole, its "***" kept before the mark.
 */
function redactMarked(text: string, sorted: readonly string[], mark: number) {
  let out = text;
  let at = mark;
  const pass = (pattern: RegExp, replace: Replacer) => {
    let shift = 0;
    let spanned: number | undefined;
    out = out.replace(pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const offset = args.findLast((a) => typeof a === "number") as number;
      const replacement = replace(match, typeof args[1] === "string" ? args[1] : undefined);
      if (offset + match.length <= at) shift += match.length - replacement.length;
      else if (offset < at) spanned = offset - shift + replacement.length;
      return replacement;
    });
    at = spanned ?? at - shift;
  };
  // "***" adds neither a backslash nor a percent sign: tested once.
  const literal = !/[\\%]/.test(text);
  for (const secret of sorted) pass(secretPattern(secret, literal), () => "***");
  pass(BASIC, () => "Basic ***");
  pass(RECEIVER_TOKEN, (_match, prefix) => `${prefix}***`);
  return { out, at };
}

/**
 * Replaces every occurrence of each secret by "***", in any of its forms (as sent, JSON- or
 * \u-escaped, percent-encoded), plus anything that looks like a credential.
 */
export function redact(text: string, secrets: Iterable<string | undefined>): string {
  return redactMarked(text, sortedSecrets(secrets), text.length).out;
}

/**
 * At most `limit` characters of `text`, redacted, with "…" when cut. Redacts before cutting, so
 * no part of a secret survives the cut: a secret cut in half is no longer one.
 */
export function redactExcerpt(
  text: string,
  secrets: Iterable<string | undefined>,
  limit: number,
): string {
  const sorted = sortedSecrets(secrets);
  // The longest text a secret (or a Basic header, a receiver URL) can span in the message.
  const margin = Math.max(256, (sorted[0]?.length ?? 0) * MAX_FORM_PER_CHAR);
  let out: string;
  if (text.length <= limit + 2 * margin) {
    out = redact(text, sorted);
  } else {
    // A long text is not scanned whole: only its start, a margin past the mark where it is cut.
    // A secret spanning the mark lies whole within the start, so it is replaced; one that the
    // end of the start cuts in half begins after the mark, so it is dropped with the rest.
    const marked = redactMarked(text.slice(0, limit + 2 * margin), sorted, limit + margin);
    out = `${marked.out.slice(0, marked.at)}…`;
  }
  return out.length > limit ? `${out.slice(0, limit)}…` : out;
}

/**
 * The string values (4+ characters) under secret-looking keys anywhere in a body, and the token
 * of every HTTP Source URL among them.
 */
export function secretValues(body: unknown, found: string[] = []): string[] {
  if (Array.isArray(body)) {
    for (const item of body) secretValues(item, found);
  } else if (body && typeof body === "object") {
    for (const [key, value] of Object.entries(body)) {
      if (isRedactable(value) && isSecretKey(key)) {
        found.push(value);
        const token = receiverToken(value);
        if (token) found.push(token);
      } else if (value && typeof value === "object") secretValues(value, found);
    }
  }
  return found;
}

/** Every string (4+ characters) anywhere in a value: for values that are secret as a whole. */
export function stringLeaves(value: unknown, found: string[] = []): string[] {
  if (isRedactable(value)) found.push(value);
  else if (Array.isArray(value)) for (const item of value) stringLeaves(item, found);
  else if (value && typeof value === "object") {
    for (const member of Object.values(value)) stringLeaves(member, found);
  }
  return found;
}
