// Conformance: spec 1 (docs/reference/service/collector-management-api.md) (Addressing), 7.2 (301 `moved`) and the contract's deployment prefixes:
// us1 at /api/v1, every other deployment D at /D/api/v1; a request for an account of D at
// another prefix answers 301 `moved` with a Location that works when followed.
import { CookieJar } from "tough-cookie";
import { describe, expect, it } from "vitest";
import { expectError, expectOk } from "../helpers/envelope";
import { type Credentials, call, headerOf } from "../helpers/http";
import { BACKENDS, hostedBody, useEmulator } from "./harness";

const DEPLOYMENTS = ["au", "ca", "de", "eu", "fed", "in", "jp", "us1", "us2"] as const;
const OTHERS = DEPLOYMENTS.filter((d) => d !== "us1");

function userOf(d: string): Credentials {
  return { accessId: `suDeploy${d.toUpperCase()}01`, accessKey: `deploy-key-${d}-0001` };
}

const ACCOUNTS = {
  accounts: DEPLOYMENTS.map((d) => ({
    name: `acct-${d}`,
    deployment: d,
    type: "Enterprise" as const,
    users: [{ ...userOf(d), role: "manage" as const }],
  })),
};

describe.each(BACKENDS)("deployments and moved ($name store)", (backend) => {
  const ctx = useEmulator(backend, { accounts: ACCOUNTS });

  it("serves us1 at /api/v1 (the printed base URL)", async () => {
    expect(ctx.emu.url).toBe(`${ctx.origin}/api/v1`);
    expectOk(await ctx.as(userOf("us1")).get("/collectors"));
  });

  it.each(OTHERS)("serves %s at /%s/api/v1 and moves it from /api/v1", async (d) => {
    const user = userOf(d);
    expectOk(await ctx.as(user, d).get("/collectors"));
    const res = await ctx.as(user).get("/collectors?limit=5&offset=0");
    expectError(res, 301, "moved");
    const location = headerOf(res, "location");
    expect(location).toBe(`${ctx.origin}/${d}/api/v1/collectors?limit=5&offset=0`);
    expect(expectOk(await call(location as string, { auth: user })).collectors).toEqual([]);
  });

  it("builds Location from the configured host, never from the request's Host header", async () => {
    const user = userOf("us2");
    for (const host of ["evil.example", "evil.example:8443", "127.0.0.1:1"]) {
      const res = await ctx.as(user).get("/collectors", { headers: { host } });
      expectError(res, 301, "moved");
      expect(headerOf(res, "location")).toBe(`${ctx.origin}/us2/api/v1/collectors`);
    }
  });

  it("moves a us1 account from another prefix back to /api/v1", async () => {
    const user = userOf("us1");
    const res = await ctx.as(user, "us2").get("/collectors");
    expectError(res, 301, "moved");
    const location = headerOf(res, "location") as string;
    expect(location.startsWith(ctx.origin)).toBe(true);
    expect(location).toMatch(/\/api\/v1\/collectors$/);
    expectOk(await call(location, { auth: user }));
  });

  it("moves between two non-us1 deployments, keeping the path and query", async () => {
    const user = userOf("us2");
    const c = expectOk(
      await ctx.as(user, "us2").post("/collectors", hostedBody("deep")),
      201,
    ).collector;
    const res = await ctx.as(user, "eu").get(`/collectors/${c.id}/sources?download=true`);
    expectError(res, 301, "moved");
    const location = headerOf(res, "location") as string;
    expect(location).toBe(`${ctx.origin}/us2/api/v1/collectors/${c.id}/sources?download=true`);
    expect(expectOk(await call(location, { auth: user }))["api.version"]).toBe("v1");
  });

  it("does not write through the wrong deployment; the Location takes the write", async () => {
    const user = userOf("jp");
    const res = await ctx.as(user).post("/collectors", hostedBody("tokyo"));
    expectError(res, 301, "moved");
    expect(res.json.message).toBe(
      "The requested resource SHOULD be accessed through returned URI in Location Header.",
    );
    expect(expectOk(await ctx.as(user, "jp").get("/collectors")).collectors).toEqual([]);
    const location = headerOf(res, "location") as string;
    const created = await call(location, { method: "POST", auth: user, body: hostedBody("tokyo") });
    const c = expectOk(created, 201).collector;
    expect(expectOk(await ctx.as(user, "jp").get(`/collectors/${c.id}`)).collector.name).toBe(
      "tokyo",
    );
    expectError(await ctx.as(userOf("us1")).get(`/collectors/${c.id}`), 404, "InvalidCollector");
  });

  it("keeps deployments' accounts apart", async () => {
    expectOk(await ctx.as(userOf("de"), "de").post("/collectors", hostedBody("berlin")), 201);
    expect(expectOk(await ctx.as(userOf("eu"), "eu").get("/collectors")).collectors).toEqual([]);
    expect(expectOk(await ctx.as(userOf("de"), "de").get("/collectors")).collectors).toHaveLength(
      1,
    );
  });

  it("registers an Installed Collector in a named account through the control API", async () => {
    const inst = await ctx.control.register({ name: "sydney-box", account: "acct-au" });
    expect(
      expectOk(await ctx.as(userOf("au"), "au").get(`/collectors/${inst.id}`)).collector.name,
    ).toBe("sydney-box");
    expect(expectOk(await ctx.as(userOf("us1")).get("/collectors")).collectors).toEqual([]);
  });

  it("sets a session cookie that a cookie jar sends back under the deployment's prefix", async () => {
    const user = userOf("us2");
    const api = ctx.as(user, "us2");
    const jar = new CookieJar();
    const url = `${api.base}/collectors`;
    const first = await api.get("/collectors");
    expectOk(first);
    const setCookie = first.headers["set-cookie"];
    expect(setCookie).toBeDefined();
    for (const c of Array.isArray(setCookie) ? setCookie : [setCookie as string])
      await jar.setCookie(c, url);
    const cookie = await jar.getCookieString(`${api.base}/search/jobs/1`);
    expect(cookie.length).toBeGreaterThan(0);
    // the search-job flow works for a client that only replays its jar
    const created = await api.post(
      "/search/jobs",
      { query: "*", from: "2024-01-01T00:00:00", to: "2024-01-01T01:00:00", timeZone: "UTC" },
      { cookie },
    );
    const id = expectOk(created, 202).id;
    for (const c of [created.headers["set-cookie"] ?? []].flat())
      await jar.setCookie(c, `${api.base}/search/jobs`);
    const status = await api.get(`/search/jobs/${id}`, {
      cookie: await jar.getCookieString(`${api.base}/search/jobs/${id}`),
    });
    expectOk(status);
  });

  it("answers 401 (not 301) without valid credentials at any prefix", async () => {
    expectError(
      await call(`${ctx.origin}/us2/api/v1/collectors`, { auth: null }),
      401,
      "unauthorized",
    );
    expectError(
      await call(`${ctx.origin}/us2/api/v1/collectors`, {
        auth: { ...userOf("us2"), accessKey: "wrong" },
      }),
      401,
      "unauthorized",
    );
  });

  it("answers a 4xx envelope for an unknown deployment prefix", async () => {
    const res = await call(`${ctx.origin}/zz/api/v1/collectors`, { auth: userOf("us1") });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectError(res, res.status);
  });
});
