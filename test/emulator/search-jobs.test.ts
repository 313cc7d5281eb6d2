// Conformance: spec 4.4 and 5.4 (docs/reference/service/collector-management-api.md) (search jobs, session behaviour only) and 7.2 (403 on
// Professional and Free accounts), with issue 3's decisions: create → 202 with id and link,
// bound to the session cookie; status with it → 200; without it → 500 "Job ID is invalid".
import { describe, expect, it } from "vitest";
import { expectError, expectOk } from "../helpers/envelope";
import { type Credentials, cookiesOf } from "../helpers/http";
import { BACKENDS, useEmulator } from "./harness";

const ENTERPRISE: Credentials = { accessId: "suEnterprise01", accessKey: "enterprise-key-01" };
const PROFESSIONAL: Credentials = { accessId: "suProfession01", accessKey: "professional-key-1" };
const FREE: Credentials = { accessId: "suFreeAccount1", accessKey: "free-account-key-1" };

const ACCOUNTS = {
  accounts: [
    {
      name: "big",
      deployment: "us1",
      type: "Enterprise" as const,
      users: [{ ...ENTERPRISE, role: "manage" as const }],
    },
    {
      name: "mid",
      deployment: "us1",
      type: "Professional" as const,
      users: [{ ...PROFESSIONAL, role: "manage" as const }],
    },
    {
      name: "small",
      deployment: "us1",
      type: "Free" as const,
      users: [{ ...FREE, role: "manage" as const }],
    },
  ],
};

const JOB = {
  query: "_sourceCategory=prod/web | count by _sourceHost",
  from: "2024-05-01T00:00:00",
  to: "2024-05-01T01:00:00",
  timeZone: "UTC",
};

describe.each(BACKENDS)("search jobs ($name store)", (backend) => {
  const ctx = useEmulator(backend, { accounts: ACCOUNTS });

  it("creates a job: 202 with id and link, and a session cookie", async () => {
    const res = await ctx.as(ENTERPRISE).post("/search/jobs", JOB);
    const body = expectOk(res, 202);
    expect(typeof body.id).toBe("string");
    expect(body.id.length).toBeGreaterThan(0);
    expect(body.link).toBeTypeOf("object");
    expect(body.link.href).toContain(body.id);
    expect(cookiesOf(res)).toBeTruthy();
  });

  it("expires a job nobody asks about for 5 minutes; each request keeps it alive", async () => {
    const api = ctx.as(ENTERPRISE);
    const created = await api.post("/search/jobs", JOB);
    const id = expectOk(created, 202).id;
    const cookie = cookiesOf(created);
    for (let i = 0; i < 3; i++) {
      await ctx.control.advance(4 * 60_000);
      expectOk(await api.get(`/search/jobs/${id}`, { cookie }));
    }
    await ctx.control.advance(5 * 60_000);
    expectError(await api.get(`/search/jobs/${id}`, { cookie }), 404, "jobid.invalid");
    expectError(await api.delete(`/search/jobs/${id}`, { cookie }), 404, "jobid.invalid");
  });

  it("reads the status with the job's session cookie", async () => {
    const api = ctx.as(ENTERPRISE);
    const created = await api.post("/search/jobs", JOB);
    const id = expectOk(created, 202).id;
    const cookie = cookiesOf(created);
    expectOk(await api.get(`/search/jobs/${id}`, { cookie }));
    expectOk(await api.get(`/search/jobs/${id}`, { cookie, contentType: null }));
  });

  it("binds the job to a cookie the client already had", async () => {
    const api = ctx.as(ENTERPRISE);
    const first = await api.get("/collectors");
    const cookie = cookiesOf(first);
    expect(cookie).toBeTruthy();
    const created = await api.post("/search/jobs", JOB, { cookie });
    const id = expectOk(created, 202).id;
    expectOk(await api.get(`/search/jobs/${id}`, { cookie: cookiesOf(created) ?? cookie }));
  });

  it("answers 500 'Job ID is invalid' without the session cookie or with another session's", async () => {
    const api = ctx.as(ENTERPRISE);
    const created = await api.post("/search/jobs", JOB);
    const id = expectOk(created, 202).id;
    const without = await api.get(`/search/jobs/${id}`);
    expectError(without, 500);
    expect(without.json.message).toContain("Job ID is invalid");
    const otherSession = cookiesOf(await api.get("/collectors"));
    expect(otherSession).toBeTruthy();
    expect(otherSession).not.toBe(cookiesOf(created));
    const wrong = await api.get(`/search/jobs/${id}`, { cookie: otherSession });
    expectError(wrong, 500);
    expect(wrong.json.message).toContain("Job ID is invalid");
  });

  it("answers an error envelope for an unknown job id", async () => {
    const api = ctx.as(ENTERPRISE);
    const created = await api.post("/search/jobs", JOB);
    const res = await api.get("/search/jobs/0000000000000000", { cookie: cookiesOf(created) });
    expect([404, 500]).toContain(res.status);
    expectError(res, res.status);
  });

  it("answers 403 forbidden on Professional and Free accounts", async () => {
    expectError(await ctx.as(PROFESSIONAL).post("/search/jobs", JOB), 403, "forbidden");
    expectError(await ctx.as(FREE).post("/search/jobs", JOB), 403, "forbidden");
    // collector management still works there
    expectOk(await ctx.as(PROFESSIONAL).get("/collectors"));
    expectOk(await ctx.as(FREE).get("/collectors"));
  });

  it("needs credentials", async () => {
    expectError(
      await ctx.as(ENTERPRISE).post("/search/jobs", JOB, { auth: null }),
      401,
      "unauthorized",
    );
  });
});
