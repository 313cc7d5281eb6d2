// Per-credential state shared by every client in the process: the cookie jar (the session cookie
// spares the authentication throttle, and search-job follow-ups need it), whether the service
// accepted the credentials already (a later 401 is then its throttle), the base URL a 301 moved
// the account to, and whether that move was already reported.
import { CookieJar } from "tough-cookie";
import { settleWithin } from "./race";
import { fingerprint } from "./throttle";

export interface Session {
  readonly jar: CookieJar;
  /** Set once the service answered 301 moved: the base URL for the rest of the process. */
  movedBase: string | undefined;
  warnedMove: boolean;
  /** A first answer was received, so later requests can carry the session cookie. */
  established: boolean;
  /** The first request in progress; others wait for it rather than authenticate in parallel. */
  bootstrap: Promise<void> | undefined;
  /** A 2xx answer was received: the service accepts these credentials. */
  accepted: boolean;
  /** Requests waiting for the authentication throttle now (one log line for all of them). */
  throttleWaiters: number;
  /**
   * Secret values seen in bodies sent or received (passwords, HTTP Source URLs, tokens), so that
   * an error or log line about any later request can redact them too.
   */
  readonly secrets: Set<string>;
}

const MAX_REMEMBERED_SECRETS = 1000;

/** Remembers secret values for redaction (bounded; the oldest are forgotten first). */
export function rememberSecrets(session: Session, values: Iterable<string>): void {
  for (const value of values) {
    session.secrets.delete(value);
    session.secrets.add(value);
  }
  for (const oldest of session.secrets) {
    if (session.secrets.size <= MAX_REMEMBERED_SECRETS) break;
    session.secrets.delete(oldest);
  }
}

const sessions = new Map<string, Session>();

export function sessionFor(baseUrl: string, accessId: string, accessKey: string): Session {
  const key = `${baseUrl}|${accessId}|${fingerprint(accessKey)}`;
  let session = sessions.get(key);
  if (!session) {
    session = {
      jar: new CookieJar(),
      movedBase: undefined,
      warnedMove: false,
      established: false,
      bootstrap: undefined,
      accepted: false,
      throttleWaiters: 0,
      secrets: new Set(),
    };
    sessions.set(key, session);
  }
  return session;
}

/**
 * Runs `send` so that, until a first answer has arrived, only one request is out: the others
 * then carry its session cookie instead of each authenticating (the service throttles those).
 */
export async function throughSessionGate<T>(
  session: Session,
  send: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  while (!session.established && session.bootstrap) {
    await settleWithin(session.bootstrap, { signal });
  }
  if (session.established) return send();
  let release = () => {};
  session.bootstrap = new Promise<void>((resolve) => {
    release = resolve;
  });
  try {
    const result = await send();
    session.established = true;
    return result;
  } finally {
    session.bootstrap = undefined;
    release();
  }
}

/** Forgets every session (tests; a process that changes credentials). */
export function resetSessions(): void {
  sessions.clear();
}
