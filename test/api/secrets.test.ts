// Credentials (and secret source values) never appear in an error message or a log line.
import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ApiError, CollectorsClient } from "../../provider/api";
import { redactExcerpt } from "../../provider/api/redact";
import { makeClient, testCredentials } from "./helpers/client";
import {
  closedPort,
  type ScriptedServer,
  sendError,
  sendJson,
  startServer,
} from "./helpers/server";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

function render(error: unknown): string {
  const e = error as Error;
  return [String(e), e.message, e.stack ?? "", inspect(e, { depth: 6 }), JSON.stringify(e)].join(
    "\n",
  );
}

describe("secrets", () => {
  it("are absent from every error and log line, even when the service echoes them", async () => {
    const t = makeClient(server.url, { timeoutMs: 200, retry: { retries: 1, timeScale: 0.001 } });
    const httpUrl =
      "https://endpoint4.collection.sumologic.com/receiver/v1/http/ZaVnC4dhaV2SECRETtoken";
    // The service echoes back the credentials and the Authorization header it received.
    server.handle((req, res) => {
      const echo = `${req.headers.authorization} ${t.accessId} ${t.accessKey} ${httpUrl} remote pw hunter2secret`;
      if (req.path === "/collectors/1") sendError(res, 401, "unauthorized", echo);
      else if (req.path === "/collectors/2") sendError(res, 500, "internal.error", echo);
      else if (req.path === "/collectors/3") {
        // never answers: timeout
      } else if (req.path === "/collectors/4") res.socket?.destroy();
      else if (req.path === "/collectors/5")
        sendJson(
          res,
          301,
          { code: "moved", message: echo },
          { location: "http://127.0.0.2:1/api/v1/collectors/5" },
        );
      else sendError(res, 400, "collectors.validation.fields.invalid", echo);
    });
    const errors: unknown[] = [];
    // The password goes out in a body (the answer echoes it) ...
    errors.push(
      await t.client.sources
        .create(9, {
          sourceType: "RemoteFileV2",
          name: "r",
          remoteHosts: ["h"],
          remotePort: 22,
          remoteUser: "u",
          authMethod: "password",
          remotePassword: "hunter2secret",
          pathExpression: "/a",
        })
        .catch((e: unknown) => e),
    );
    // ... and later answers to other requests echo it, and the credentials, again.
    for (const id of [1, 2, 3, 4, 5])
      errors.push(await t.client.collectors.get(id).catch((e: unknown) => e));
    const refused = await closedPort();
    const offline = makeClient(`http://127.0.0.1:${refused}/api/v1`, { retry: false }, t);
    errors.push(await offline.client.collectors.get(1).catch((e: unknown) => e));

    expect(errors.every((e) => e instanceof Error)).toBe(true);
    const text = [...errors.map(render), ...t.logs, ...offline.logs].join("\n");
    for (const secret of [...t.secrets, "hunter2secret", "ZaVnC4dhaV2SECRETtoken"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("***");
    // Log lines carry method, path, status and duration only.
    for (const line of t.logs.filter((l) => !l.startsWith("collectors:"))) {
      expect(line).toMatch(/^(GET|POST|PUT|DELETE) \/\S* (\d{3}|timeout|aborted|[A-Z_]+) \d+ms$/);
    }
  });

  it("learns secret values from answers (an HTTP Source's url) and redacts them later", async () => {
    const url = "https://collectors.example.test/opaque/abcdef0123456789";
    server.handle((req, res) => {
      if (req.method === "GET")
        sendJson(res, 200, { source: { id: 1, sourceType: "HTTP", name: "h", url } });
      else sendError(res, 400, "collectors.validation.fields.invalid", `url ${url} cannot be set`);
    });
    const t = makeClient(server.url);
    const { source } = await t.client.sources.get(3, 1);
    expect(source.url).toBe(url);
    const error = await t.client.sources
      .update(3, 1, { ...source, url: undefined }, '"e"')
      .catch((e: unknown) => e);
    expect(render(error)).not.toContain("abcdef0123456789");
    expect(String(error)).toContain("url *** cannot be set");
  });

  it("are recognised under more credential keys (AWS keys, API keys, client secrets)", async () => {
    // The service echoes the whole body it received in its message.
    server.handle((req, res) =>
      sendError(res, 400, "collectors.validation.fields.invalid", `bad source: ${req.body}`),
    );
    const t = makeClient(server.url);
    const error = await t.client.sources
      .create(9, {
        sourceType: "Polling",
        name: "s3",
        contentType: "AwsS3Bucket",
        thirdPartyRef: {
          resources: [
            {
              serviceType: "AwsS3Bucket",
              path: { bucketName: "logs-bucket", pathExpression: "*" },
              authentication: {
                type: "S3BucketAuthentication",
                awsKey: "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY",
                passPhrase: "correct horse battery",
              },
            },
          ],
        },
        config: {
          apiKey: "okta-api-key-123",
          clientSecret: "cs-0987654321",
          credentials: "c-1234",
        },
      } as never)
      .catch((e: unknown) => e);
    const text = render(error);
    for (const secret of [
      "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY",
      "correct horse battery",
      "okta-api-key-123",
      "cs-0987654321",
      "c-1234",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("logs-bucket");
  });

  it("redacts values the caller names, in this error and in later ones", async () => {
    const named = "opaque-value-under-any-key";
    server.handle((req, res) =>
      sendError(res, 400, "collectors.validation.fields.invalid", `echo ${named} ${req.body}`),
    );
    const t = makeClient(server.url);
    const first = await t.client.sources
      .create(9, { sourceType: "Universal", name: "c2c", config: { domain: named } } as never, {
        secrets: [named, "c2c"],
      })
      .catch((e: unknown) => e);
    const later = await t.client.collectors.get(1).catch((e: unknown) => e);
    for (const error of [first, later]) {
      expect(render(error)).not.toContain(named);
      expect(String(error)).toContain("echo ***");
    }
    // Every method takes them.
    server.handle((_req, res) => sendError(res, 404, "InvalidCollector", "no a-named-id-1234"));
    const get = await t.client.collectors
      .get(1, { secrets: ["a-named-id-1234"] })
      .catch((e: unknown) => e);
    expect(String(get)).toContain("no ***");
    // Values too short to be credentials are left alone.
    expect(String(first)).toContain(`"name":"c2c"`);
  });

  it("are not shown when the client is inspected or serialised", () => {
    const client = new CollectorsClient({
      accessId: "inspectId1234",
      accessKey: "inspectKeySecret",
      env: {},
    });
    const shown = `${inspect(client, { depth: 10, showHidden: true })}${JSON.stringify(client)}`;
    expect(shown).not.toContain("inspectKeySecret");
    expect(shown).not.toContain("inspectId1234");
    expect(shown).not.toContain(Buffer.from("inspectId1234:inspectKeySecret").toString("base64"));
  });
});

describe("secrets in the forms a service echoes them", () => {
  it("redacts JSON-escaped secrets (a body echoed as JSON inside a message)", async () => {
    // The service puts the request body it received, JSON text, into its message.
    server.handle((req, res) =>
      sendError(res, 400, "collectors.validation.fields.invalid", `refused: ${req.body}`),
    );
    const t = makeClient(server.url);
    const password = 'hunter"2\\secretword/x';
    const error = await t.client.sources
      .create(9, {
        sourceType: "RemoteFileV2",
        name: "r",
        remoteHosts: ["h"],
        remotePort: 22,
        remoteUser: "u",
        authMethod: "password",
        remotePassword: password,
        pathExpression: "/a",
      })
      .catch((e: unknown) => e);
    const text = render(error);
    expect(String(error)).toContain('"remotePassword":"***"');
    expect(text).not.toContain("hunter");
    expect(text).not.toContain("secretword");
  });

  it("redacts \\u-escaped secrets, whole or in part", async () => {
    // Credentials whose Basic token ends in "==".
    const credentials = testCredentials();
    while ((credentials.accessId.length + 1 + credentials.accessKey.length) % 3 !== 1) {
      credentials.accessKey += "k";
    }
    const t = makeClient(server.url, { retry: false }, credentials);
    const uEscaped = (s: string) =>
      [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    const token = Buffer.from(`${t.accessId}:${t.accessKey}`).toString("base64");
    // Gson's default: "=" and a few others as \u003d; here every "=" of the Basic token.
    expect(token).toMatch(/==$/);
    const gson = token.replace(/=/g, "\\u003d");
    server.handle((_req, res) =>
      sendError(
        res,
        401,
        "unauthorized",
        `key ${uEscaped(t.accessKey)} upper ${uEscaped(t.accessKey).toUpperCase().replace(/\\U/g, "\\u")} id ${uEscaped(t.accessId)} auth ${gson}`,
      ),
    );
    const error = await t.client.collectors.get(1).catch((e: unknown) => e);
    const text = render(error);
    expect(String(error)).toContain("key *** upper *** id *** auth ***");
    for (const secret of t.secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain(uEscaped(t.accessKey).slice(0, 24));
    expect(text).not.toContain(token.replace(/=+$/, ""));
  });

  it("redacts before cutting a long body short: no prefix of a key survives", async () => {
    const t = makeClient(server.url, { retry: false });
    // A proxy's page (not JSON) that echoes the key just before the 500th character.
    server.handle((_req, res) => {
      const page = `${"x".repeat(486)}${t.accessKey}${"y".repeat(2000)}`;
      res.writeHead(400, { "content-type": "text/html" });
      res.end(page);
    });
    const error = await t.client.collectors.get(1).catch((e: unknown) => e);
    const text = render(error);
    expect(text).not.toContain(t.accessKey.slice(0, 14));
    expect(text).not.toContain(t.accessKey.slice(0, 10));
    expect(String(error)).toContain(`${"x".repeat(486)}***`);
    // Still cut short.
    expect((error as ApiError).serviceMessage?.length).toBeLessThanOrEqual(501);
  });

  it("redacts an HTTP Source's token named on its own, once its URL was seen", async () => {
    const token = "ZaVnC4dhaV2Sb3Mxc2VjcmV0LXRva2Vu";
    const url = `https://endpoint1.collection.eu.sumologic.com/receiver/v1/http/${token}`;
    server.handle((req, res) => {
      if (req.method === "GET")
        sendJson(res, 200, { source: { id: 1, sourceType: "HTTP", name: "h", url } });
      else sendError(res, 400, "collectors.validation.fields.invalid", `token ${token} is revoked`);
    });
    const t = makeClient(server.url);
    const { source } = await t.client.sources.get(3, 1);
    const error = await t.client.sources
      .update(3, 1, { ...source, url: undefined }, '"e"')
      .catch((e: unknown) => e);
    expect(String(error)).toContain("token *** is revoked");
    expect(render(error)).not.toContain(token);
    expect(render(error)).not.toContain(token.slice(0, 12));
  });

  it("redacts the token of a receiver URL it never saw, even with escaped slashes", async () => {
    const token = "Q29tcGxldGVseVNlY3JldFRva2Vu";
    const escaped = `https:\\/\\/endpoint2.collection.sumologic.com\\/receiver\\/v1\\/http\\/${token}`;
    const unicode = `https://e.example/receiver\\u002fv1\\u002Fhttp/${token}`;
    server.handle((_req, res) =>
      sendError(res, 400, "collectors.validation.fields.invalid", `${escaped} and ${unicode}`),
    );
    const t = makeClient(server.url);
    const error = await t.client.collectors.get(1).catch((e: unknown) => e);
    expect(render(error)).not.toContain(token.slice(0, 8));
    expect(String(error)).toContain("http\\/***");
  });
});

describe("redactExcerpt", () => {
  const secret = 'Kq7"Zx9\\Wm2/Lp4%#é';
  const uEscaped = [...secret]
    .map((c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`)
    .join("");
  /** Nothing but the filler, "***" and "…": no character of the secret, in any form. */
  const clean = /^[sab]*(\*\*\*[sab]*)*…?$/;

  it("leaves no part of a secret wherever the cut falls, in any form", () => {
    const forms = [
      secret,
      JSON.stringify(secret).slice(1, -1),
      JSON.stringify(JSON.stringify(secret)).slice(3, -3),
      uEscaped,
      encodeURIComponent(secret),
    ];
    for (const form of forms) {
      for (let at = 0; at < 700; at += 7) {
        const text = `${"a".repeat(at)}${form}${"b".repeat(3000)}`;
        const out = redactExcerpt(text, [secret], 500);
        expect(out.length).toBeLessThanOrEqual(501);
        expect(out, `${form} at ${at}`).toMatch(clean);
        if (at < 480) expect(out).toContain("***");
      }
    }
  });

  it("still does when earlier secrets shrink the text before the cut", () => {
    // 19 long secrets fill the start; the short one is cut where the excerpt stops scanning
    // (500 + 2 × 9 × 300 characters in), after the long ones shrank the text to a few hundred.
    const long = "L".repeat(300);
    for (let pad = 185; pad < 200; pad++) {
      const text = `${"s".repeat(pad)}${long.repeat(19)}${secret}${"y".repeat(3000)}`;
      const out = redactExcerpt(text, [secret, long], 500);
      expect(out, `pad ${pad}`).toMatch(clean);
      expect(out.startsWith(`${"s".repeat(pad)}***`)).toBe(true);
    }
  });
});
