// Property-based: malformed input at every API endpoint (random JSON and non-JSON bodies, wrong
// field types, random ids, query strings, content types, methods and headers) never yields a 5xx
// or a hang; every error is a JSON envelope {status, id, code, message} matching the HTTP status.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { envelopeProblem } from "../helpers/envelope";
import { call, type HttpResponse } from "../helpers/http";
import { BACKENDS, createHosted, createSource, MANAGER, useEmulator } from "./harness";

const ROUTES: [string, string][] = [
  ["GET", "/collectors"],
  ["POST", "/collectors"],
  ["GET", "/collectors/offline"],
  ["DELETE", "/collectors/offline"],
  ["GET", "/collectors/{c}"],
  ["PUT", "/collectors/{c}"],
  ["DELETE", "/collectors/{c}"],
  ["GET", "/collectors/name/{n}"],
  ["GET", "/collectors/{c}/sources"],
  ["POST", "/collectors/{c}/sources"],
  ["GET", "/collectors/{c}/sources/{s}"],
  ["PUT", "/collectors/{c}/sources/{s}"],
  ["DELETE", "/collectors/{c}/sources/{s}"],
  ["GET", "/collectors/upgrades/collectors"],
  ["GET", "/collectors/upgrades/targets"],
  ["POST", "/collectors/upgrades"],
  ["GET", "/collectors/upgrades/{t}"],
  ["POST", "/search/jobs"],
  ["GET", "/search/jobs/{j}"],
];

const weirdIds = fc.constantFrom(
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x1F",
  "99999999999999999999999",
  "9007199254740993",
  "null",
  "undefined",
  " ",
  "%00",
  "%2e%2e",
  "abc",
  "💥",
  "a b",
  "",
);

const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer())),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
);

const collectorFields = [
  "id",
  "name",
  "collectorType",
  "description",
  "category",
  "hostName",
  "timeZone",
]
  .concat([
    "fields",
    "ephemeral",
    "cutoffTimestamp",
    "cutoffRelativeTime",
    "sourceSyncMode",
    "targetCpu",
  ])
  .concat(["collectorVersion", "osName", "links", "alive"]);
const sourceFields = [
  "id",
  "name",
  "sourceType",
  "pathExpression",
  "filters",
  "interval",
  "metrics",
  "url",
]
  .concat([
    "protocol",
    "port",
    "commands",
    "cronExpression",
    "uri",
    "allContainers",
    "logNames",
    "wmiQueries",
  ])
  .concat([
    "automaticDateParsing",
    "multilineProcessingEnabled",
    "hashAlgorithm",
    "denylist",
    "encoding",
  ]);

/** Objects shaped like the API's bodies, with random values of random types. */
const wrongTypes = fc.oneof(
  fc.record({
    collector: fc.dictionary(fc.constantFrom(...collectorFields), anyValue),
  }),
  fc.record({
    source: fc.dictionary(fc.constantFrom(...sourceFields), anyValue),
  }),
  fc.record({ collectorId: anyValue, toVersion: anyValue }, { requiredKeys: [] }),
  fc.record(
    { query: anyValue, from: anyValue, to: anyValue, timeZone: anyValue },
    { requiredKeys: [] },
  ),
  fc.record({ collector: anyValue }),
  fc.record({ source: anyValue }),
  fc.record({
    collector: fc.record({
      collectorType: fc.constantFrom("Hosted", "Installable", "", "hosted"),
      name: fc.oneof(fc.string(), fc.string({ minLength: 120, maxLength: 200 })),
      ephemeral: anyValue,
      timeZone: anyValue,
    }),
  }),
  fc.record({
    source: fc.record({
      sourceType: fc.constantFrom(
        "HTTP",
        "LocalFile",
        "Universal",
        "Cloudsyslog",
        "SystemStats",
        "Syslog",
        "X",
      ),
      name: fc.string(),
      filters: anyValue,
      interval: anyValue,
      pathExpression: anyValue,
    }),
  }),
);

const rawBody = fc.oneof(
  fc.constant(undefined),
  fc.json(),
  wrongTypes.map((v) => JSON.stringify(v)),
  fc.string(),
  fc.constantFrom(
    "{",
    "[",
    '{"collector":',
    "null",
    "true",
    "0",
    '""',
    "{}}",
    "\u0000",
    "NaN",
    '{"a":1,}',
  ),
);

const contentType = fc.constantFrom<string | null>(
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/xml",
  "multipart/form-data; boundary=x",
  null,
);

const queryKey = fc.oneof(
  fc.constantFrom("limit", "offset", "filter", "aliveBeforeDays", "download", "toVersion"),
  fc.string({ minLength: 1, maxLength: 8 }),
);
const queryValue = fc.oneof(
  fc.string(),
  fc.integer().map(String),
  weirdIds,
  fc.constantFrom("true", "false", "alive", "dead", "installed", "hosted", "-1", "1e9", "[]"),
);
const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 });

const method = (routeMethod: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(routeMethod) },
    { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS") },
  );

const ifMatch = fc.option(
  fc.oneof(fc.string(), fc.constantFrom('"00000000000000000000000000000000"', "*", '"', 'W/"x"')),
  { nil: undefined },
);

/** Why a response breaks the property, or undefined. */
function problem(res: HttpResponse): string | undefined {
  if (res.status >= 500) return `server error ${res.status}`;
  if (res.status >= 300 && res.status < 400) return `unexpected redirect ${res.status}`;
  if (res.status >= 400) return envelopeProblem(res);
  return undefined;
}

/** Runs per property; raise with FC_RUNS=… for a longer hunt. */
const RUNS = Number(process.env.FC_RUNS ?? 40);

describe.each(BACKENDS)("malformed input at every endpoint ($name store)", (backend) => {
  const ctx = useEmulator(backend);
  const realIds: { c: string[]; s: string[] } = { c: [], s: [] };

  beforeEach(async () => {
    const h = await createHosted(ctx.api, "prop-hosted");
    const i = await ctx.control.register({ name: "prop-installed" });
    const s1 = await createSource(ctx.api, h.id, { sourceType: "HTTP", name: "prop-http" });
    const s2 = await createSource(ctx.api, i.id, {
      sourceType: "LocalFile",
      name: "prop-file",
      pathExpression: "/x",
    });
    realIds.c = [String(h.id), String(i.id)];
    realIds.s = [String(s1.id), String(s2.id)];
  });

  it.each(ROUTES)("%s %s", { timeout: 30_000 }, async (routeMethod, template) => {
    const idArb = (kind: "c" | "s") =>
      fc.oneof(
        fc.constantFrom(...realIds[kind]),
        fc.integer({ min: -5, max: 2_000_000_000 }).map(String),
        weirdIds,
        fc.string(),
      );
    const property = fc.asyncProperty(
      method(routeMethod),
      idArb("c"),
      idArb("s"),
      query,
      rawBody,
      contentType,
      ifMatch,
      async (m, c, s, q, body, ct, etag) => {
        const path = template
          .replace("{c}", encodeURIComponent(c))
          .replace("{s}", encodeURIComponent(s))
          .replace("{t}", encodeURIComponent(s))
          .replace("{j}", encodeURIComponent(s))
          .replace("{n}", encodeURIComponent(c));
        const qs = q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
        const url = `${ctx.emu.url}${path}${qs ? `?${qs}` : ""}`;
        const headers: Record<string, string> = etag === undefined ? {} : { "if-match": etag };
        const res = await call(url, {
          method: m,
          rawBody: body,
          contentType: ct,
          headers,
          auth: MANAGER,
          timeoutMs: 5_000,
        });
        const why = problem(res);
        expect(
          why,
          `${m} ${url} ct=${ct} body=${JSON.stringify(body)?.slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`,
        ).toBeUndefined();
      },
    );
    await fc.assert(property, { numRuns: RUNS, endOnFailure: true });
  });

  it("bad Authorization headers always get a 401 envelope", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `Basic ${s}`),
          fc
            .tuple(fc.string(), fc.string())
            .map(([a, b]) => `Basic ${Buffer.from(`${a}:${b}`).toString("base64")}`),
          fc.string().map((s) => `Basic ${Buffer.from(s).toString("base64")}`),
        ),
        fc.constantFrom(
          "/collectors",
          "/collectors/1",
          "/collectors/upgrades/targets",
          "/search/jobs/1",
        ),
        async (auth, path) => {
          // header values must be latin-1 without control characters
          const header = auth.replace(/[^\x20-\x7e]/g, "");
          const res = await call(`${ctx.emu.url}${path}`, {
            auth: header.length > 0 ? header : null,
            timeoutMs: 5_000,
          });
          expect(res.status, `${JSON.stringify(header)} → ${res.text}`).toBe(401);
          expect(envelopeProblem(res)).toBeUndefined();
        },
      ),
      { numRuns: Math.ceil(RUNS * 1.5), endOnFailure: true },
    );
  });

  it("control API: random bodies never yield a 5xx or a hang", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/installed-collectors",
          `/collectors/${realIds.c[1]}/heartbeat`,
          `/collectors/${realIds.c[1]}/upgrade-behaviour`,
          "/collectors/abc/heartbeat",
          "/collectors/-1/upgrade-behaviour",
        ),
        fc.oneof(
          rawBody,
          fc
            .record(
              {
                name: anyValue,
                collectorVersion: anyValue,
                osName: anyValue,
                osVersion: anyValue,
                osArch: anyValue,
                ephemeral: anyValue,
                sourceSyncMode: anyValue,
                timeZone: anyValue,
                account: anyValue,
                next: anyValue,
                message: anyValue,
              },
              { requiredKeys: [] },
            )
            .map((v) => JSON.stringify(v)),
        ),
        contentType,
        async (path, body, ct) => {
          const res = await ctx.control.call(path, {
            method: "POST",
            rawBody: body,
            contentType: ct,
            timeoutMs: 5_000,
          });
          expect(res.status, `${path} ${body} → ${res.text}`).toBeLessThan(500);
        },
      ),
      { numRuns: Math.ceil(RUNS * 1.5), endOnFailure: true },
    );
  });
});
