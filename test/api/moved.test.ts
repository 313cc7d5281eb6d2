import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, resetSharedState } from "../../provider/api";
import { baseFromLocation, isTrustedTarget } from "../../provider/api/moved";
import { collector, makeClient, testCredentials } from "./helpers/client";
import { type ScriptedServer, sendJson, startServer } from "./helpers/server";

const MOVED = {
  status: 301,
  id: "AAAAA-BBBBB-CCCCC",
  code: "moved",
  message: "The requested resource SHOULD be accessed through returned URI in Location Header.",
};

describe("trusted redirect targets", () => {
  const configured = "http://127.0.0.1:8080/api/v1";
  it.each([
    ["http://127.0.0.1:8080/eu/api/v1/collectors", true],
    ["https://api.sumologic.com/api/v1/collectors", true],
    ["https://api.eu.sumologic.com/api/v1/collectors", true],
    ["http://api.eu.sumologic.com/api/v1/collectors", false],
    ["https://api.eu.sumologic.com:8443/api/v1/collectors", false],
    ["https://api.evil.sumologic.com/api/v1/collectors", false],
    ["https://api.eu.sumologic.com.evil.test/api/v1/collectors", false],
    ["http://127.0.0.1:8081/eu/api/v1/collectors", false],
    ["http://localhost:8080/eu/api/v1/collectors", false],
  ])("%s → %s", (target, trusted) => {
    expect(isTrustedTarget(new URL(target), configured)).toBe(trusted);
  });

  it("derives the new base by stripping the request's path", () => {
    expect(
      baseFromLocation(
        new URL("https://api.eu.sumologic.com/api/v1/collectors/5?x=1"),
        "/collectors/5?x=1",
      ),
    ).toBe("https://api.eu.sumologic.com/api/v1");
    expect(
      baseFromLocation(
        new URL("http://h/eu/api/v1/collectors/name/a%20b.c/"),
        "/collectors/name/a%20b.c/",
      ),
    ).toBe("http://h/eu/api/v1");
    expect(baseFromLocation(new URL("http://h/jp/api/v1/other"), "/collectors")).toBe(
      "http://h/jp/api/v1",
    );
  });
});

describe("301 moved against a server", () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    // The account lives in "eu": the us1 prefix answers 301, like the local service.
    server = await startServer((req, res) => {
      if (!req.url.startsWith("/eu/")) {
        sendJson(res, 301, MOVED, { location: `${server.origin}/eu${req.url}` });
      } else if (req.method === "POST") {
        sendJson(res, 201, { collector: { ...req.json.collector, id: 3 } });
      } else {
        sendJson(res, 200, { collector: collector(1) });
      }
    });
  });
  afterEach(() => server.close());

  it("follows the Location, keeps the new base for the process, warns once naming the deployment", async () => {
    const credentials = testCredentials();
    const { client, logs } = makeClient(server.url, {}, credentials);
    await client.collectors.get(1);
    await client.collectors.get(1);
    await client.collectors.create({ name: "after-move" });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/v1/collectors/1",
      "GET /eu/api/v1/collectors/1",
      "GET /eu/api/v1/collectors/1",
      "POST /eu/api/v1/collectors",
    ]);
    expect(client.baseUrl).toBe(`${server.origin}/eu/api/v1`);
    const warnings = logs.filter((l) => l.includes("lives in"));
    expect(warnings).toEqual([
      `collectors: the account lives in deployment "eu"; the service moved requests to ${server.origin}/eu/api/v1, which this process now uses. To skip the redirect, set endpoint to ${server.origin}/eu/api/v1.`,
    ]);

    // Another client with the same configuration starts at the new base, and does not warn again.
    const again = makeClient(server.url, {}, credentials);
    await again.client.collectors.get(1);
    expect(server.requests.at(-1)?.url).toBe("/eu/api/v1/collectors/1");
    expect(again.logs.filter((l) => l.includes("lives in"))).toEqual([]);

    // Until the shared state is reset.
    resetSharedState();
    const fresh = makeClient(server.url, {}, credentials);
    expect(fresh.client.baseUrl).toBe(server.url);
  });

  it("sends a request queued behind the limiter while another followed the move to the new base", async () => {
    const { client } = makeClient(server.url, { limits: { requestsPerSecond: 10 } });
    await Promise.all([client.collectors.get(1), client.collectors.get(2)]);
    // The second request's address is taken when it leaves the queues, after the first's 301:
    // one 301 in all.
    expect(server.requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      "GET /api/v1/collectors/1",
      "GET /eu/api/v1/collectors/1",
      "GET /eu/api/v1/collectors/2",
    ]);
  });

  it("re-sends a POST to the new base (the wrong deployment did not act on it)", async () => {
    const { client } = makeClient(server.url);
    await expect(client.collectors.create({ name: "x" })).resolves.toMatchObject({
      collector: { id: 3 },
    });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /api/v1/collectors",
      "POST /eu/api/v1/collectors",
    ]);
    expect(server.requests[1]?.json).toEqual(server.requests[0]?.json);
  });

  it("warns through console.warn when no logger is given", async () => {
    const lines: unknown[] = [];
    const original = console.warn;
    console.warn = (line: unknown) => lines.push(line);
    try {
      const { client } = makeClient(server.url, { logger: undefined });
      await client.collectors.get(1);
    } finally {
      console.warn = original;
    }
    expect(lines).toEqual([expect.stringContaining('lives in deployment "eu"')]);
  });

  it("never follows a Location outside the configured service", async () => {
    const elsewhere = await startServer((_req, res) =>
      sendJson(res, 200, { collector: collector(1) }),
    );
    try {
      server.handle((_req, res) =>
        sendJson(res, 301, MOVED, { location: `${elsewhere.origin}/api/v1/collectors/1` }),
      );
      const { client } = makeClient(server.url);
      const error = await client.collectors.get(1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 301, condition: "moved", code: "moved" });
      expect(String(error)).toMatch(
        /outside the configured service .*no credentials were sent there/,
      );
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it("stops after a few moves in a loop", async () => {
    server.handle((req, res) =>
      sendJson(res, 301, MOVED, { location: `${server.origin}/eu${req.url.replace(/^\/eu/, "")}` }),
    );
    const { client } = makeClient(server.url);
    await expect(client.collectors.get(1)).rejects.toMatchObject({ condition: "moved" });
    expect(server.requests.length).toBeLessThanOrEqual(4);
  });
});
