// HTTP sources' auth-header ingestion (sheet 5, the live facts): plain, Zipkin, KinesisLog and
// Otlp sources get a secret `token` and a `baseUrl`, kept across updates, shown wherever the
// source is read, and never in an error message or the request log; the other HTTP variants get
// neither. Against both store backends.
import { describe, expect, it } from "vitest";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import type { Json } from "../helpers/http";
import { BACKENDS, createHosted, createSource, useEmulator } from "./harness";

const NO_AUTH = { type: "NoAuthentication" };
const NO_PATH = { type: "NoPathExpression" };

const WITH_TOKEN: [string, Json][] = [
  ["plain", { sourceType: "HTTP" }],
  ["Zipkin", { sourceType: "HTTP", contentType: "Zipkin" }],
  ["Otlp", { sourceType: "HTTP", contentType: "Otlp" }],
  ["KinesisLog without thirdPartyRef", { sourceType: "HTTP", contentType: "KinesisLog" }],
  [
    "KinesisLog with a thirdPartyRef",
    {
      sourceType: "HTTP",
      contentType: "KinesisLog",
      thirdPartyRef: {
        resources: [{ serviceType: "KinesisLog", path: NO_PATH, authentication: NO_AUTH }],
      },
    },
  ],
];
const WITHOUT_TOKEN: [string, Json][] = [
  ["GoogleCloudLogs", { sourceType: "HTTP", contentType: "GoogleCloudLogs" }],
  [
    "Rum",
    {
      sourceType: "HTTP",
      contentType: "Rum",
      thirdPartyRef: {
        resources: [
          {
            serviceType: "Rum",
            path: { type: "RumPath", serviceName: "web" },
            authentication: NO_AUTH,
          },
        ],
      },
    },
  ],
];

describe.each(BACKENDS)("HTTP source token and baseUrl ($name store)", (backend) => {
  const ctx = useEmulator(backend);
  let n = 0;
  const make = async (body: Json) => {
    const c = await createHosted(ctx.api, `c-${++n}`);
    return { c, s: await createSource(ctx.api, c.id, { name: `s-${n}`, ...body }) };
  };

  it.each(WITH_TOKEN)(
    "%s: a token of its own and the url's base, on every read",
    async (_, body) => {
      const { c, s } = await make(body);
      expect(s.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
      expect(s.baseUrl).toMatch(/^https:\/\/\S+\/receiver\/v1\/http$/);
      // The same receiver; OTLP sources upload under otlp/ (sheet 5), the others under http/.
      const kind = body.contentType === "Otlp" ? "otlp" : "http";
      expect(s.url.startsWith(`${s.baseUrl.replace(/http$/, kind)}/`)).toBe(true);
      expect(s.url).not.toContain(s.token);
      const other = await createSource(ctx.api, c.id, { name: "other", ...body });
      expect(other.token).not.toBe(s.token);

      const path = `/collectors/${c.id}/sources`;
      const shown = { token: s.token, baseUrl: s.baseUrl, url: s.url };
      expect(expectOk(await ctx.api.get(`${path}/${s.id}`)).source).toMatchObject(shown);
      expect(expectOk(await ctx.api.get(`${path}/${s.id}?download=true`)).source).toMatchObject(
        shown,
      );
      const listed = expectOk(await ctx.api.get(path)).sources.find((x: Json) => x.id === s.id);
      expect(listed).toMatchObject(shown);
    },
  );

  it.each(WITHOUT_TOKEN)("%s: a url, no token and no baseUrl", async (_, body) => {
    const { s } = await make(body);
    expect(s.url).toContain("/receiver/v1/http/");
    expect(s).not.toHaveProperty("token");
    expect(s).not.toHaveProperty("baseUrl");
  });

  it("keeps token and baseUrl across updates; another variant drops them, coming back issues new ones", async () => {
    const { c, s } = await make({ sourceType: "HTTP" });
    const path = `/collectors/${c.id}/sources/${s.id}`;
    const put = async (change: Json) => {
      const read = await ctx.api.get(path);
      const body = { ...read.json.source, token: undefined, baseUrl: undefined, ...change };
      return expectOk(await ctx.api.put(path, { source: body }, etagOf(read))).source;
    };
    expect(await put({ category: "edited" })).toMatchObject({ token: s.token, baseUrl: s.baseUrl });
    expect(await put({ contentType: "Zipkin" })).toMatchObject({
      token: s.token,
      baseUrl: s.baseUrl,
    });
    const gcp = await put({ contentType: "GoogleCloudLogs" });
    expect(gcp).not.toHaveProperty("token");
    expect(gcp).not.toHaveProperty("baseUrl");
    expect(gcp.url).toBe(s.url);
    const back = await put({ contentType: undefined });
    expect(back.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(back.token).not.toBe(s.token);
    expect(back.baseUrl).toBe(s.baseUrl);
  });

  it("never puts the token or the url in an error message or the request log", async () => {
    const { c, s } = await make({ sourceType: "HTTP" });
    const path = `/collectors/${c.id}/sources/${s.id}`;
    const read = await ctx.api.get(path);
    const refused = await ctx.api.put(
      path,
      { source: { ...read.json.source, url: `${s.url}-changed`, name: 42 } },
      etagOf(read),
    );
    expectError(refused, 400);
    const log = JSON.stringify(await ctx.control.requests());
    for (const secret of [s.token, s.url]) {
      expect(refused.text).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
  });
});
