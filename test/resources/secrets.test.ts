// Credentials given in a source's secret and pass-through inputs stay out of error messages even
// when their keys look like nothing secret and the service echoes the body back.
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSharedState } from "../../provider/api";
import { dispatchWith } from "../../provider/resources/dispatch";
import { Runtime } from "../../provider/resources/steps/runtime";
import { type ScriptedServer, sendError, sendJson, startServer } from "../api/helpers/server";
import { configRequest, provider, TEST_RUNTIME } from "./unit.helpers";

const runtime = new Runtime({ ...TEST_RUNTIME, client: { limits: false, retry: false } });
const source = provider("Source", runtime);
let server: ScriptedServer;

beforeAll(async () => {
  // A service that refuses every write, echoing the body it received in its message.
  server = await startServer((req, res) => {
    if (req.method === "GET") sendJson(res, 200, { sources: [] });
    else sendError(res, 400, "collectors.validation.fields.invalid", `refused: ${req.body}`);
  });
  await dispatchWith(runtime, "Source", "configure", [
    configRequest({
      "collectors:accessId": "suSecretsTest01",
      "collectors:accessKey": "secretsTestKey0123456789",
      "collectors:endpoint": server.url,
    }),
  ]);
});
afterAll(async () => {
  resetSharedState();
  await server?.close();
});

const render = (error: unknown) =>
  [String(error), (error as Error).stack ?? "", inspect(error, { depth: 6 })].join("\n");

async function createError(news: Record<string, unknown>) {
  const { inputs, failures } = await source.check({}, { collectorId: 1, ...news });
  expect(failures).toEqual([]);
  return source.create(inputs).catch((e: unknown) => e);
}

describe("secret inputs in error messages", () => {
  it("passthrough: every value is redacted, whatever its key", async () => {
    const error = await createError({
      name: "okta",
      sourceType: "Universal",
      passthrough: { config: { domain: "example.okta.com", signing: "opaque-signing-value" } },
    });
    const text = render(error);
    expect(text).toContain("refused:");
    expect(text).not.toContain("opaque-signing-value");
    expect(text).not.toContain("example.okta.com");
  });

  it("thirdPartyRef: a role ARN and a bucket are redacted too", async () => {
    const error = await createError({
      name: "s3",
      sourceType: "Polling",
      contentType: "AwsS3Bucket",
      thirdPartyRef: {
        resources: [
          {
            path: { bucketName: "private-bucket-name" },
            authentication: { roleARN: "arn:aws:iam::123456789012:role/collector" },
          },
        ],
      },
    });
    const text = render(error);
    expect(text).toContain("refused:");
    expect(text).not.toContain("arn:aws:iam::123456789012:role/collector");
    expect(text).not.toContain("private-bucket-name");
    // Fields that are not secret are left as they are.
    expect(text).toContain("AwsS3Bucket");
  });
});
