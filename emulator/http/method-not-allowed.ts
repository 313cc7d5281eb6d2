import type { FastifyInstance } from "fastify";

/**
 * Which methods a concrete path has routes for, so that a known path with the wrong method can
 * answer 405 `method.unsupported` (the live general code) instead of 404. Fastify's router only
 * answers "no route", so the routes are recorded as they are added.
 */
export class RouteTable {
  private readonly routes: { method: string; pattern: RegExp }[] = [];

  track(app: FastifyInstance): void {
    app.addHook("onRoute", (route) => {
      const escaped = route.url
        .split("/")
        .map((segment) =>
          segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        )
        .join("/");
      const pattern = new RegExp(`^${escaped}/?$`);
      for (const method of [route.method].flat()) this.routes.push({ method, pattern });
    });
  }

  allowed(path: string): string[] {
    const methods = this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method);
    return [...new Set(methods)].sort();
  }
}
