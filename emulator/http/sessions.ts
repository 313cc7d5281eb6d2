import { randomBytes } from "node:crypto";
import type { Clock } from "../clock";
import { MINUTE } from "../model/time";

export const SESSION_COOKIE = "JSESSIONID";
/** Sessions end after this long unused, like a servlet container's default. */
export const SESSION_IDLE_MS = 30 * MINUTE;
/** Clients that never send the cookie back create a session per request; keep memory bounded. */
const MAX_SESSIONS = 10_000;

interface Session {
  accessId: string;
  lastUsed: number;
}

/** Session cookies: in memory only, so a restart logs everyone out, as a live server would. */
export class Sessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly clock: Clock) {}

  create(accessId: string): string {
    const id = randomBytes(16).toString("hex").toUpperCase();
    this.sessions.set(id, { accessId, lastUsed: this.clock.now() });
    if (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    return id;
  }

  /** Whether the cookie names a live session of this access id; refreshes it if so. */
  valid(id: string | undefined, accessId: string): boolean {
    if (id === undefined) return false;
    const session = this.sessions.get(id);
    const now = this.clock.now();
    if (!session || session.accessId !== accessId) return false;
    if (now - session.lastUsed > SESSION_IDLE_MS) {
      this.sessions.delete(id);
      return false;
    }
    session.lastUsed = now;
    return true;
  }

  clear(): void {
    this.sessions.clear();
  }
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
