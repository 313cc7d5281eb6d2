import type { FastifyInstance } from "fastify";
import { buildResolvedApp } from "./app";
import { hostForUrl } from "./http/origin";
import type { EmulatorOptions } from "./options";
import { resolveOptions } from "./options";

export type { AccountsFile } from "./accounts";
export { buildApp } from "./app";
export type { LoggedRequest } from "./http/request-log";
export { DEFAULTS, DEV_ACCESS_ID, DEV_ACCESS_KEY, type EmulatorOptions } from "./options";

export interface RunningEmulator {
  /** The us1 base URL, e.g. "http://127.0.0.1:8080/api/v1". */
  url: string;
  /** e.g. "http://127.0.0.1:8080"; deployment D is served at `${origin}/D/api/v1`. */
  origin: string;
  credentials: { accessId: string; accessKey: string }[];
  close(): Promise<void>;
  /** The Fastify app, for callers that need more than the above. */
  app: FastifyInstance;
}

/** Builds the app and listens; resolves once it accepts connections. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const resolved = resolveOptions(options);
  const app = await buildResolvedApp(resolved);
  try {
    await app.listen({ host: resolved.host, port: resolved.port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : resolved.port;
  const origin = `http://${hostForUrl(resolved.host)}:${port}`;
  const credentials = resolved.accounts.accounts.flatMap((a) =>
    a.users.map(({ accessId, accessKey }) => ({ accessId, accessKey })),
  );
  return {
    url: `${origin}/api/v1`,
    origin,
    credentials,
    app,
    close: async () => {
      await app.close();
    },
  };
}
