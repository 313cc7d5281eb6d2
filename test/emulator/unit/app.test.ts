import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, DEV_ACCESS_ID, DEV_ACCESS_KEY } from "../../../emulator";

type App = Awaited<ReturnType<typeof buildApp>>;
const authorization = `Basic ${Buffer.from(`${DEV_ACCESS_ID}:${DEV_ACCESS_KEY}`).toString("base64")}`;

describe("app edges Fastify answers before routing", () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp({ rateLimit: 0, maxConcurrent: 0, authPerMinute: 0 });
  });
  afterAll(async () => app.close());

  const get = (url: string) => app.inject({ method: "GET", url, headers: { authorization } });

  it.each([
    ["an undecodable URL", "/api/v1/collectors/%zz"],
    ["an over-long path segment", `/api/v1/collectors/name/${"x".repeat(1200)}`],
  ])("answers %s with the 400 envelope", async (_what, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: "collectors.validation.fields.invalid" });
    expect(res.json().id).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  });

  it("answers 405 with Allow for a known path and 404 for an unknown one", async () => {
    const res = await app.inject({
      method: "PATCH",
      url: "/eu/api/v1/collectors/12/sources/",
      headers: { authorization },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST");
    expect((await get("/api/v2/collectors")).statusCode).toBe(404);
  });

  it("sets the session cookie on the first authenticated answer only", async () => {
    const first = await get("/api/v1/collectors");
    const cookie = String(first.headers["set-cookie"]).split(";")[0] as string;
    expect(cookie).toMatch(/^JSESSIONID=[0-9A-F]{32}$/);
    const again = await app.inject({
      method: "GET",
      url: "/api/v1/collectors",
      headers: { authorization, cookie },
    });
    expect(again.headers["set-cookie"]).toBeUndefined();
  });
});

describe("app options", () => {
  it.each([0, 0.5, 570.0000000000001, 45_000, 120_000])(
    "accepts a body timeout of %s ms (Node wants whole milliseconds)",
    async (bodyTimeoutMs) => {
      const app = await buildApp({ bodyTimeoutMs });
      await app.close();
    },
  );
});
