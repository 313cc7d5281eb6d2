// Conformance: spec 5 (docs/reference/service/collector-management-api.md) (Basic auth, session cookie, authentication throttle, role capabilities),
// accounts isolation, and issue 3's decisions (View users 403 on writes, 401 `unauthorized`
// past the throttle), against both store backends.
import { Pool } from "undici";
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import { basicAuth, type Credentials, call, cookiesOf } from "../helpers/http";
import { BACKENDS, createSource, hostedBody, useEmulator } from "./harness";

const MANAGE: Credentials = { accessId: "suAcmeManage01", accessKey: "acme-manage-key-01" };
const VIEW: Credentials = { accessId: "suAcmeView0001", accessKey: "acme-view-key-0001" };
const OTHER: Credentials = { accessId: "suBetaManage01", accessKey: "beta-manage-key-01" };
const THROTTLED = Array.from({ length: 5 }, (_, i) => ({
  accessId: `suThrottle000${i}`,
  accessKey: `throttle-key-000${i}`,
}));

const ACCOUNTS = {
  accounts: [
    {
      name: "acme",
      deployment: "us1",
      type: "Enterprise" as const,
      users: [
        { ...MANAGE, role: "manage" as const },
        { ...VIEW, role: "view" as const },
      ],
    },
    {
      name: "beta",
      deployment: "us1",
      type: "Enterprise" as const,
      users: [{ ...OTHER, role: "manage" as const }],
    },
    {
      name: "throttled",
      deployment: "us1",
      type: "Enterprise" as const,
      users: THROTTLED.map((u) => ({ ...u, role: "manage" as const })),
    },
  ],
};

describe.each(BACKENDS)("authentication ($name store)", (backend) => {
  const ctx = useEmulator(backend, { accounts: ACCOUNTS });

  it("reports the configured credentials", () => {
    const got = ctx.emu.credentials.map((c) => c.accessId);
    expect(got).toEqual(expect.arrayContaining([MANAGE.accessId, VIEW.accessId, OTHER.accessId]));
  });

  it("answers 401 unauthorized without or with bad credentials", async () => {
    const url = `${ctx.emu.url}/collectors`;
    const bad: (string | Credentials | null)[] = [
      null,
      { accessId: MANAGE.accessId, accessKey: "wrong-key" },
      { accessId: "suNobody", accessKey: MANAGE.accessKey },
      { accessId: "", accessKey: "" },
      "Basic !!!not-base64!!!",
      `Basic ${Buffer.from("no-colon-here").toString("base64")}`,
      "Bearer some-token",
      "Basic",
      { accessId: "constructor", accessKey: "x" },
      { accessId: "__proto__", accessKey: "x" },
    ];
    for (const auth of bad) {
      expectError(await call(url, { auth }), 401, "unauthorized");
    }
  });

  it("sets a session cookie on the first authenticated response", async () => {
    const res = await ctx.as(MANAGE).get("/collectors");
    expectOk(res);
    expect(cookiesOf(res)).toBeTruthy();
    // the cookie is accepted along with the credentials
    expectOk(await ctx.as(MANAGE).get("/collectors", { cookie: cookiesOf(res) }));
  });

  it("ignores an unknown session cookie when the credentials are valid", async () => {
    for (const cookie of [
      "JSESSIONID=not-a-session",
      "JSESSIONID=constructor",
      "garbage",
      "a=b; JSESSIONID=",
    ]) {
      expectOk(await ctx.as(MANAGE).get("/collectors", { cookie }));
    }
  });

  it("never authenticates a session cookie with the wrong credentials", async () => {
    const first = await ctx.as(MANAGE).get("/collectors");
    const cookie = cookiesOf(first);
    expectError(
      await ctx.as({ ...MANAGE, accessKey: "wrong" }).get("/collectors", { cookie }),
      401,
      "unauthorized",
    );
  });

  it("keeps accounts apart", async () => {
    const mine = expectOk(
      await ctx.as(MANAGE).post("/collectors", hostedBody("acme-only")),
      201,
    ).collector;
    expect(expectOk(await ctx.as(OTHER).get("/collectors")).collectors).toEqual([]);
    expectError(await ctx.as(OTHER).get(`/collectors/${mine.id}`), 404, "InvalidCollector");
    expectError(await ctx.as(OTHER).delete(`/collectors/${mine.id}`), 404, "InvalidCollector");
    // names are unique per account, not globally
    expectOk(await ctx.as(OTHER).post("/collectors", hostedBody("acme-only")), 201);
  });

  describe("View users", () => {
    it("read everything", async () => {
      const c = expectOk(
        await ctx.as(MANAGE).post("/collectors", hostedBody("viewable")),
        201,
      ).collector;
      const s = await createSource(ctx.as(MANAGE), c.id, {
        sourceType: "HTTP",
        name: "viewable-src",
      });
      const inst = await ctx.control.register({ name: "viewable-inst", account: "acme" });
      const view = ctx.as(VIEW);
      expect(expectOk(await view.get("/collectors")).collectors).toHaveLength(2);
      expectOk(await view.get(`/collectors/${c.id}`));
      expectOk(await view.get("/collectors/name/viewable"));
      expectOk(await view.get(`/collectors/${c.id}/sources`));
      expectOk(await view.get(`/collectors/${c.id}/sources/${s.id}`));
      expectOk(await view.get("/collectors/offline"));
      expectOk(await view.get("/collectors/upgrades/targets"));
      expectOk(await view.get("/collectors/upgrades/collectors"));
      expectOk(await view.get(`/collectors/${inst.id}`));
    });

    it("get 403 on every write, and nothing changes", async () => {
      const manage = ctx.as(MANAGE);
      const view = ctx.as(VIEW);
      const c = expectOk(await manage.post("/collectors", hostedBody("locked")), 201).collector;
      const s = await createSource(manage, c.id, { sourceType: "HTTP", name: "locked-src" });
      const inst = await ctx.control.register({ name: "locked-inst", account: "acme" });
      const cr = await view.get(`/collectors/${c.id}`);
      const sr = await view.get(`/collectors/${c.id}/sources/${s.id}`);
      expectError(await view.post("/collectors", hostedBody("nope")), 403);
      expectError(
        await view.put(
          `/collectors/${c.id}`,
          { collector: { ...cr.json.collector, description: "x" } },
          etagOf(cr),
        ),
        403,
      );
      expectError(await view.delete(`/collectors/${c.id}`), 403);
      expectError(
        await view.post(`/collectors/${c.id}/sources`, {
          source: { sourceType: "HTTP", name: "n" },
        }),
        403,
      );
      expectError(
        await view.put(
          `/collectors/${c.id}/sources/${s.id}`,
          { source: { ...sr.json.source, category: "x" } },
          etagOf(sr),
        ),
        403,
      );
      expectError(await view.delete(`/collectors/${c.id}/sources/${s.id}`), 403);
      expectError(await view.delete("/collectors/offline"), 403);
      expectError(await view.post("/collectors/upgrades", { collectorId: inst.id }), 403);
      const after = await manage.get(`/collectors/${c.id}`);
      expect(etagOf(after)).toBe(etagOf(cr));
      expect(expectOk(await manage.get("/collectors")).collectors).toHaveLength(2);
      expect(expectOk(await manage.get(`/collectors/${c.id}/sources`)).sources).toHaveLength(1);
    });
  });
});

describe.each(BACKENDS)("authentication throttle ($name store)", (backend) => {
  const ctx = useEmulator(backend, { accounts: ACCOUNTS, authPerMinute: 3 });

  it("rejects a valid credential with 401 unauthorized past the limit per minute", async () => {
    const user = ctx.as(THROTTLED[0] as Credentials);
    for (let i = 0; i < 3; i++) expectOk(await user.get("/collectors"));
    expectError(await user.get("/collectors"), 401, "unauthorized");
    expectError(await user.get("/collectors"), 401, "unauthorized");
  });

  it("does not count requests that carry the session cookie", async () => {
    const user = ctx.as(THROTTLED[1] as Credentials);
    const first = await user.get("/collectors");
    expectOk(first);
    const cookie = cookiesOf(first);
    expect(cookie).toBeTruthy();
    for (let i = 0; i < 10; i++) expectOk(await user.get("/collectors", { cookie }));
    expectOk(await user.get("/collectors"));
    expectOk(await user.get("/collectors"));
    expectError(await user.get("/collectors"), 401, "unauthorized");
    // the session still works once the throttle has tripped
    expectOk(await user.get("/collectors", { cookie }));
  });

  it("lets the access id authenticate again after a minute", async () => {
    const user = ctx.as(THROTTLED[4] as Credentials);
    for (let i = 0; i < 3; i++) expectOk(await user.get("/collectors"));
    expectError(await user.get("/collectors"), 401, "unauthorized");
    await ctx.control.advance(61_000);
    expectOk(await user.get("/collectors"));
  });

  it("counts per access id", async () => {
    const a = ctx.as(THROTTLED[2] as Credentials);
    const b = ctx.as(THROTTLED[3] as Credentials);
    for (let i = 0; i < 3; i++) expectOk(await a.get("/collectors"));
    expectError(await a.get("/collectors"), 401, "unauthorized");
    expectOk(await b.get("/collectors"));
  });
});

const TOO_MANY = /too many authentications/;

describe.each(BACKENDS)("failed authentications ($name store)", (backend) => {
  const ctx = useEmulator(backend, { accounts: ACCOUNTS, authFailuresPerMinute: 3 });

  it("counts a wrong key that carries a valid session cookie", async () => {
    const victim = THROTTLED[0] as Credentials;
    const first = await ctx.as(victim).get("/collectors");
    expectOk(first);
    const cookie = cookiesOf(first);
    expect(cookie).toBeTruthy();
    const guess = ctx.as({ ...victim, accessKey: "guess" });
    for (let i = 0; i < 3; i++) {
      const res = await guess.get("/collectors", { cookie });
      expectError(res, 401, "unauthorized");
      expect(res.json.message).not.toMatch(TOO_MANY);
    }
    const fourth = await guess.get("/collectors", { cookie });
    expectError(fourth, 401, "unauthorized");
    expect(fourth.json.message).toMatch(TOO_MANY);
    // the right key without a session is refused until the window ends...
    const locked = await ctx.as(victim).get("/collectors");
    expectError(locked, 401, "unauthorized");
    expect(locked.json.message).toMatch(TOO_MANY);
    // ...while the session the user already holds still works (docs/reference/service/collector-management-api.md §5.3)
    expectOk(await ctx.as(victim).get("/collectors", { cookie }));
    await ctx.control.advance(60_000);
    expectOk(await ctx.as(victim).get("/collectors"));
  });

  it("does not count the right key, with or without a cookie", async () => {
    const user = ctx.as(THROTTLED[1] as Credentials);
    for (let i = 0; i < 20; i++) expectOk(await user.get("/collectors"));
  });

  it("keeps a real access id's failures when made-up ids flood the service", async () => {
    const victim = THROTTLED[2] as Credentials;
    for (let i = 0; i < 3; i++) {
      expectError(await ctx.as({ ...victim, accessKey: "guess" }).get("/collectors"), 401);
    }
    expectError(await ctx.as(victim).get("/collectors"), 401, "unauthorized");
    // More made-up ids than the old table of 10 000 windows held (it evicted the oldest first).
    const pool = new Pool(ctx.origin, { connections: 8, pipelining: 4 });
    try {
      const total = 10_050;
      let next = 0;
      const statuses = new Map<number, number>();
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (next < total) {
            const i = next++;
            const res = await pool.request({
              method: "GET",
              path: "/api/v1/collectors",
              headers: { authorization: basicAuth({ accessId: `madeUp${i}`, accessKey: "x" }) },
            });
            await res.body.dump();
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          }
        }),
      );
      expect(Object.fromEntries(statuses)).toEqual({ 401: total });
    } finally {
      await pool.close();
    }
    const after = await ctx.as(victim).get("/collectors");
    expectError(after, 401, "unauthorized");
    expect(after.json.message, "the flood must not reset the real id's window").toMatch(TOO_MANY);
    // the made-up ids were counted against the client's address, not against real users
    expectOk(await ctx.as(THROTTLED[3] as Credentials).get("/collectors"));
  });
});

describe("accounts", () => {
  it("refuses an access id with ':', naming the entry and the fix", async () => {
    const accounts = structuredClone(ACCOUNTS);
    (accounts.accounts[1]?.users[0] as { accessId: string }).accessId = "suBeta:Manage01";
    await expect(startEmulator({ port: 0, accounts })).rejects.toThrow(
      /accounts\[1\]\.users\[0\]\.accessId "suBeta:Manage01" contains ':'.*could never log in: choose an access id without ':'/,
    );
    await expect(
      startEmulator({ port: 0, accessId: "dev:id", accessKey: "some-key" }),
    ).rejects.toThrow(/accessId "dev:id" contains ':'/);
  });
});
