// Credentials and secret source values must never reach an error message or a log line, even
// when the service echoes them back. Everything that leaves the client as text passes here.

const BASIC = /Basic\s+[A-Za-z0-9+/=._~-]+/gi;
// HTTP Sources' URLs end in a token that is as good as a password.
const RECEIVER_TOKEN = /(\/receiver\/v1\/[a-z]+\/)[^\s"'?#]+/gi;
// Keys whose string values are credentials: passwords and passphrases, secrets, tokens, keys
// (accessKey, privateKey, awsKey, apiKey), credentials, an HTTP Source's url. Values under other
// keys are redacted only when the caller names them (RequestOptions.secrets).
const SECRET_KEY =
  /pass(word|phrase)?$|password|secret|token|^url$|accesskey|privatekey|key$|credential/i;
/** Shorter values are left alone: replacing them would garble every message. */
const MIN_SECRET_LENGTH = 4;

/** Whether a value is worth redacting (long enough to be a credential). */
export function isRedactable(value: unknown): value is string {
  return typeof value === "string" && value.length >= MIN_SECRET_LENGTH;
}

/** Whether a body key names a credential, judged by the name alone. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

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
      if (isRedactable(value) && isSecretKey(key)) found.push(value);
      else if (value && typeof value === "object") secretValues(value, found);
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
