// Credentials and secret source values must never reach an error message or a log line, even
// when the service echoes them back. Everything that leaves the client as text passes here.

const BASIC = /Basic\s+[A-Za-z0-9+/=._~-]+/gi;
// HTTP Sources' URLs end in a token that is as good as a password.
const RECEIVER_TOKEN = /(\/receiver\/v1\/[a-z]+\/)[^\s"'?#]+/gi;
const SECRET_KEY = /password|secret|^token$|^url$|accesskey|privatekey/i;

/** Replaces every occurrence of each secret by "***", plus anything that looks like a credential. */
export function redact(text: string, secrets: Iterable<string | undefined>): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  const sorted = [...secrets].filter((s): s is string => !!s).sort((a, b) => b.length - a.length);
  for (const secret of sorted) out = out.split(secret).join("***");
  return out.replace(BASIC, "Basic ***").replace(RECEIVER_TOKEN, "$1***");
}

/** The string values (4+ characters) under secret-looking keys anywhere in a body. */
export function secretValues(body: unknown, found: string[] = []): string[] {
  if (Array.isArray(body)) {
    for (const item of body) secretValues(item, found);
  } else if (body && typeof body === "object") {
    for (const [key, value] of Object.entries(body)) {
      // Very short values are left alone: replacing them would garble every message.
      if (typeof value === "string" && value.length >= 4 && SECRET_KEY.test(key)) found.push(value);
      else if (value && typeof value === "object") secretValues(value, found);
    }
  }
  return found;
}
