// The plugin's one wrapper of credentials, driven by the kinds' tables: a field's credential
// leaves wrapped as secrets and the rest left in clear (an S3 thirdPartyRef's awsKey, a
// Cloud-to-Cloud config's members under secret-looking keys), whole values where the table says
// whole; the same leaves masked for an import; nothing else touched.
import { describe, expect, it } from "vitest";
import {
  WHOLE,
  withoutCredentials,
  withSecretCredentials,
} from "../../provider/plugin/credentials";
import type { Json } from "../../provider/plugin/layer";
import { reveal, type Values } from "../../provider/plugin/values";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import { isSecret, secretOf } from "./grpc.helpers";

const AWS_KEY = "aws-wrapper-secret-key-0001";
const s3Fields = ENTITY_KINDS.S3Source?.fields ?? {};
const c2cFields = ENTITY_KINDS.CloudToCloudSource?.fields ?? {};

const thirdPartyRef = (awsKey: Json) => ({
  resources: [
    {
      serviceType: "AwsS3Bucket",
      path: { type: "S3BucketPathExpression", bucketName: "logs", pathExpression: "app/*" },
      authentication: { type: "S3BucketAuthentication", awsId: "AKIA0001", awsKey },
    },
  ],
});

describe("withSecretCredentials", () => {
  it("wraps an S3 source's key alone, the bucket, path and key id in clear", () => {
    const values: Values = { name: "bucket", thirdPartyRef: thirdPartyRef(AWS_KEY) };
    const wrapped = withSecretCredentials(s3Fields, values);
    expect(wrapped).toEqual({
      name: "bucket",
      thirdPartyRef: thirdPartyRef(secretOf(AWS_KEY) as Json),
    });
    expect(isSecret(wrapped.thirdPartyRef)).toBe(false);
    expect(reveal(wrapped)).toEqual(values);
    // The value it was given is left as it was.
    expect(values.thirdPartyRef).toEqual(thirdPartyRef(AWS_KEY));
  });

  it("wraps the key of every resource of the list, and leaves an absent or null key alone", () => {
    const two = {
      resources: [...thirdPartyRef("k1").resources, ...thirdPartyRef("k2").resources],
    };
    const wrapped = withSecretCredentials(s3Fields, { thirdPartyRef: two }) as {
      thirdPartyRef: ReturnType<typeof thirdPartyRef>;
    };
    expect(wrapped.thirdPartyRef.resources.map((r) => r.authentication.awsKey)).toEqual([
      secretOf("k1"),
      secretOf("k2"),
    ]);
    const roleBased = {
      resources: [{ authentication: { type: "AWSRoleBasedAuthentication", roleARN: "arn:x" } }],
    };
    expect(withSecretCredentials(s3Fields, { thirdPartyRef: roleBased })).toEqual({
      thirdPartyRef: roleBased,
    });
    expect(withSecretCredentials(s3Fields, { thirdPartyRef: thirdPartyRef(null) })).toEqual({
      thirdPartyRef: thirdPartyRef(null),
    });
  });

  it("wraps a Cloud-to-Cloud config's members under secret-looking keys, however deep", () => {
    const config = {
      domain: "example.okta.com",
      apiKey: "okta-api-key",
      oauth: { clientId: "client-1", clientSecret: "client-secret", scopes: ["read"] },
      sessions: [{ token: "t1", label: "first" }],
      // A matching key's whole member, whatever it is.
      refreshTokens: ["r1", "r2"],
    };
    expect(withSecretCredentials(c2cFields, { config })).toEqual({
      config: {
        domain: "example.okta.com",
        apiKey: secretOf("okta-api-key"),
        oauth: { clientId: "client-1", clientSecret: secretOf("client-secret"), scopes: ["read"] },
        sessions: [{ token: secretOf("t1"), label: "first" }],
        refreshTokens: secretOf(["r1", "r2"]),
      },
    });
  });

  it("wraps a whole value where the table says whole, and leaves other properties alone", () => {
    const generic = ENTITY_KINDS.Source?.fields ?? {};
    const values: Values = {
      passthrough: { someKey: "x" },
      thirdPartyRef: thirdPartyRef(AWS_KEY),
      remotePassword: "hunter2",
      name: "s",
      url: "https://collectors.example/receiver/v1/http/TOKEN",
      unset: null,
    };
    expect(withSecretCredentials({ ...generic, url: WHOLE }, values)).toEqual({
      passthrough: secretOf({ someKey: "x" }),
      thirdPartyRef: secretOf(thirdPartyRef(AWS_KEY)),
      remotePassword: secretOf("hunter2"),
      name: "s",
      url: secretOf(values.url),
      unset: null,
    });
  });
});

describe("withoutCredentials", () => {
  it("masks the very leaves withSecretCredentials wraps", () => {
    expect(withoutCredentials(s3Fields, { thirdPartyRef: thirdPartyRef(AWS_KEY) })).toEqual({
      thirdPartyRef: thirdPartyRef("********"),
    });
    expect(
      withoutCredentials(c2cFields, { config: { domain: "d", apiKey: "k", nested: { token: 1 } } }),
    ).toEqual({ config: { domain: "d", apiKey: "********", nested: { token: "********" } } });
  });
});
