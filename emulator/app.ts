import Fastify, { type FastifyInstance } from "fastify";
import { createContext } from "./context";
import { controlRoutes } from "./control";
import { apiPrefix, DEPLOYMENTS } from "./deployments";
import { apiPlugin } from "./http/api-plugin";
import { registerJsonBody } from "./http/body";
import { clientErrorHandler } from "./http/client-errors";
import { frameworkErrors, registerErrorHandling } from "./http/error-handler";
import "./http/fastify-types";
import { DEFAULTS, type EmulatorOptions, type ResolvedOptions, resolveOptions } from "./options";

/**
 * The emulator as a Fastify app, not yet listening (tests use `inject()` on it). The API is
 * mounted once per deployment under its prefix; the control API under `/_emulator`.
 */
export async function buildApp(options: EmulatorOptions = {}): Promise<FastifyInstance> {
  return buildResolvedApp(resolveOptions(options));
}

/** buildApp on options already resolved (startEmulator needs them too). */
export async function buildResolvedApp(resolved: ResolvedOptions): Promise<FastifyInstance> {
  const context = createContext(resolved);
  const app = Fastify({
    logger: resolved.logger,
    bodyLimit: DEFAULTS.bodyLimitBytes,
    // Names are up to 128 characters, and URL-encoding can triple them.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    frameworkErrors,
    clientErrorHandler,
    ...timeouts(resolved.bodyTimeoutMs),
  });
  app.decorate("emulator", context);
  app.decorateRequest("caller", null);
  app.decorateRequest("deployment", null);
  app.decorateRequest("session", null);
  app.decorateRequest("dropResponse", false);
  app.decorateRequest("stallMs", 0);
  app.addHook("onClose", async () => context.store.close());

  registerJsonBody(app);
  registerErrorHandling(app);
  await app.register(controlRoutes, { prefix: "/_emulator" });
  for (const deployment of DEPLOYMENTS) {
    await app.register(apiPlugin, { prefix: apiPrefix(deployment), deployment });
  }
  return app;
}

/**
 * Node's request timeout covers the headers and the body: a client that stops sending half-way
 * gets a 408 envelope (clientErrorHandler) instead of holding a connection for ever. Node checks
 * it every `connectionsCheckingInterval`, so that follows the timeout for short test values.
 */
function timeouts(timeoutMs: number) {
  const requestTimeout = Math.ceil(timeoutMs); // Node wants whole milliseconds
  const headersTimeout = requestTimeout === 0 ? 60_000 : Math.min(60_000, requestTimeout);
  return {
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.ceil(headersTimeout / 4))),
      maxHeaderSize: DEFAULTS.maxHeaderBytes,
    },
  };
}
