// The rule for a source's server-set fields a client sends (docs/reference/local-service.md, "Server-set
// fields"), field by field, against both store backends: on create every shape is ignored and
// the source shows the service's own value; on update the value the service shows, an empty
// placeholder and null keep it, and a different value is refused where the field is not
// modifiable (url, snsTopicOrSubscriptionArn, schemaRef.version) and ignored elsewhere.
import { describe, expect, it } from "vitest";
import { etagOf, expectError, expectOk } from "../helpers/envelope";
import type { Json } from "../helpers/http";
import { BACKENDS, createHosted, useEmulator } from "./harness";
import { getAt, type Path, unchangedShapes, withAt } from "./server-set.helpers";

const INVALID = "collectors.validation.fields.invalid";

const S3_PATH = { type: "S3BucketPathExpression", bucketName: "logs", pathExpression: "app/*" };
const S3_KEYS = { type: "S3BucketAuthentication", awsId: "AKIAEXAMPLE", awsKey: "aws-secret-1" };
const S3_FAMILY = [
  "AwsS3Bucket",
  "AwsElbBucket",
  "AwsCloudFrontBucket",
  "AwsCloudTrailBucket",
  "AwsS3AuditBucket",
  "AwsS3ArchiveBucket",
];

function polling(contentType: string): Json {
  return {
    sourceType: "Polling",
    contentType,
    scanInterval: 300000,
    paused: false,
    thirdPartyRef: {
      resources: [{ serviceType: contentType, path: S3_PATH, authentication: S3_KEYS }],
    },
  };
}

const HTTP = { sourceType: "HTTP" };
const CLOUDSYSLOG = { sourceType: "Cloudsyslog" };
const OKTA = {
  sourceType: "Universal",
  schemaRef: { type: "Okta" },
  config: { domain: "example.okta.com", apiKey: "okta-api-key" },
};
/** The HTTP variants that carry a token and a baseUrl (sheet 5, the live facts). */
const AUTH_HEADER: [string, Json][] = [
  ["plain HTTP", HTTP],
  ["Zipkin", { ...HTTP, contentType: "Zipkin" }],
  ["Otlp", { ...HTTP, contentType: "Otlp" }],
  ["KinesisLog", { ...HTTP, contentType: "KinesisLog" }],
];
const SNS: Path = ["thirdPartyRef", "resources", 0, "path", "snsTopicOrSubscriptionArn"];

interface Row {
  /** The field, as an error message names it after `source.`. */
  field: string;
  on: string;
  body: Json;
  at: Path;
  /** The service issues a value of its own to each source (url, token), not one for all. */
  perSource?: boolean;
  /** The empty values other clients send for it. */
  placeholders: unknown[];
  /** A real, different value. */
  wrong: unknown;
  /** What an update does with `wrong` (docs/reference/local-service.md's table). */
  onUpdate: "refused" | "ignored";
}

const ROWS: Row[] = [
  {
    field: "url",
    on: "HTTP",
    body: HTTP,
    at: ["url"],
    perSource: true,
    placeholders: [""],
    wrong: "https://elsewhere.invalid/receiver/v1/http/another-sources-code",
    onUpdate: "refused",
  },
  {
    field: "url",
    on: "Polling AwsS3Bucket",
    body: polling("AwsS3Bucket"),
    at: ["url"],
    perSource: true,
    placeholders: [""],
    wrong: "https://elsewhere.invalid/receiver/v1/event/another-sources-code",
    onUpdate: "refused",
  },
  ...AUTH_HEADER.flatMap(([on, body]): Row[] => [
    {
      field: "token",
      on,
      body,
      at: ["token"],
      perSource: true,
      placeholders: [""],
      wrong: "another-sources-token",
      onUpdate: "ignored",
    },
    {
      field: "baseUrl",
      on,
      body,
      at: ["baseUrl"],
      placeholders: [""],
      wrong: "https://elsewhere.invalid/receiver/v1/http",
      onUpdate: "ignored",
    },
  ]),
  {
    field: "token",
    on: "Cloudsyslog",
    body: CLOUDSYSLOG,
    at: ["token"],
    perSource: true,
    placeholders: [""],
    wrong: "another-sources-token@41123",
    onUpdate: "ignored",
  },
  {
    field: "alive",
    on: "HTTP",
    body: HTTP,
    at: ["alive"],
    placeholders: [false],
    wrong: "dead",
    onUpdate: "ignored",
  },
  {
    field: "status",
    on: "HTTP",
    body: HTTP,
    at: ["status"],
    placeholders: ["", {}],
    wrong: { code: "Error" },
    onUpdate: "ignored",
  },
  {
    field: "state",
    on: "Universal",
    body: OKTA,
    at: ["state"],
    placeholders: [{ state: "" }, {}],
    wrong: { state: "Stopping" },
    onUpdate: "ignored",
  },
  {
    field: "schemaRef.version",
    on: "Universal",
    body: OKTA,
    at: ["schemaRef", "version"],
    placeholders: [""],
    wrong: "2.0.0",
    onUpdate: "refused",
  },
  ...S3_FAMILY.map(
    (contentType): Row => ({
      field: "thirdPartyRef.resources[0].path.snsTopicOrSubscriptionArn",
      on: `Polling ${contentType}`,
      body: polling(contentType),
      at: SNS,
      // What the reference Terraform provider sends for a source it never subscribed.
      placeholders: [{ isSuccess: false, arn: "" }, {}],
      wrong: { isSuccess: true, arn: "arn:aws:sns:us-east-1:123456789012:other-topic" },
      onUpdate: "refused",
    }),
  ),
];

/** The secrets a source holds in the clear (its url and token): never in an error message. */
function secretsOf(source: Json): string[] {
  return [source.url, source.token].filter((v): v is string => typeof v === "string");
}

describe.each(BACKENDS)("server-set source fields ($name store)", (backend) => {
  const ctx = useEmulator(backend);
  let n = 0;
  const named = (body: Json) =>
    withAt(body, body.sourceType === "Universal" ? ["config", "name"] : ["name"], `s-${++n}`);

  async function post(collectorId: number, body: Json): Promise<Json> {
    return expectOk(
      await ctx.api.post(`/collectors/${collectorId}/sources`, { source: named(body) }),
      201,
    ).source;
  }

  it.each(ROWS)("create: $field on $on is ignored, whatever is sent", async (row) => {
    const c = await createHosted(ctx.api, `create-${row.field}-${row.on}`);
    const reference = await post(c.id, row.body);
    const own = getAt(reference, row.at);
    const shapes = [
      ...unchangedShapes(own, row.placeholders),
      { label: "a different value", value: row.wrong },
    ];
    for (const { label, value } of shapes) {
      const created = await post(c.id, withAt(row.body, row.at, value));
      const shown = getAt(created, row.at);
      if (row.perSource) {
        // A value of its own: issued, never the one sent (another source's, or a placeholder).
        expect(typeof shown, label).toBe("string");
        expect(shown, label).not.toBe(value);
        expect(shown, label).not.toBe(own);
      } else {
        expect(shown, label).toEqual(own);
      }
      const read = expectOk(await ctx.api.get(`/collectors/${c.id}/sources/${created.id}`)).source;
      expect(getAt(read, row.at), label).toEqual(shown);
    }
  });

  it.each(ROWS)(
    "update: $field on $on keeps the service's value; a different one is $onUpdate",
    async (row) => {
      const c = await createHosted(ctx.api, `update-${row.field}-${row.on}`);
      const created = await post(c.id, row.body);
      const path = `/collectors/${c.id}/sources/${created.id}`;
      const own = getAt(created, row.at);
      const put = async (value: unknown) => {
        const read = await ctx.api.get(path);
        return ctx.api.put(path, { source: withAt(read.json.source, row.at, value) }, etagOf(read));
      };
      for (const { label, value } of unchangedShapes(own, row.placeholders)) {
        const updated = expectOk(await put(value)).source;
        expect(getAt(updated, row.at), label).toEqual(own);
      }
      const res = await put(row.wrong);
      if (row.onUpdate === "refused") {
        expectError(res, 400, INVALID);
        expect(res.json.message).toContain(`'source.${row.field}'`);
        for (const secret of secretsOf(created)) expect(res.text).not.toContain(secret);
      } else {
        expect(getAt(expectOk(res).source, row.at)).toEqual(own);
      }
      expect(getAt(expectOk(await ctx.api.get(path)).source, row.at)).toEqual(own);
    },
  );

  it('update: schemaRef.version "latest" asks for an upgrade (there is none: it stays)', async () => {
    const c = await createHosted(ctx.api, "latest");
    const created = await post(c.id, OKTA);
    const path = `/collectors/${c.id}/sources/${created.id}`;
    const read = await ctx.api.get(path);
    const body = withAt(read.json.source, ["schemaRef", "version"], "latest");
    const updated = expectOk(await ctx.api.put(path, { source: body }, etagOf(read))).source;
    expect(updated.schemaRef).toEqual({ type: "Okta", version: "1.0.0" });
  });

  it("id stays as the spec has it: refused on create, equal to the path's on update", async () => {
    const c = await createHosted(ctx.api, "ids");
    const created = await post(c.id, HTTP);
    for (const id of [created.id, 0, ""]) {
      const res = await ctx.api.post(`/collectors/${c.id}/sources`, {
        source: named({ ...HTTP, id }),
      });
      expectError(res, 400, "createValidationError");
    }
    await post(c.id, { ...HTTP, id: null });
    const path = `/collectors/${c.id}/sources/${created.id}`;
    for (const id of [0, "", null, created.id + 1000]) {
      const read = await ctx.api.get(path);
      const res = await ctx.api.put(path, { source: { ...read.json.source, id } }, etagOf(read));
      expectError(res, 400, "BadRequestBladeId");
    }
  });
});
