// A variant's args keep its own thirdPartyRef path and authentication types: the compiler takes an
// S3 bucket path for an S3Source and refuses a Kinesis one (checked by `npm run typecheck`), and
// the provider's check agrees with the types at run time.
import { describe, expect, it } from "vitest";
import type { GcpLogsSourceArgs, KinesisLogSourceArgs, S3SourceArgs } from "../../provider";
import { provider } from "./unit.helpers";

const s3: S3SourceArgs = {
  collectorId: 1,
  name: "variant",
  thirdPartyRef: {
    resources: [
      {
        serviceType: "AwsS3Bucket",
        path: { type: "S3BucketPathExpression", bucketName: "logs", pathExpression: "app/*" },
        authentication: { type: "AWSRoleBasedAuthentication", roleARN: "arn:aws:iam::1:role/r" },
      },
    ],
  },
};

const kinesis: KinesisLogSourceArgs = {
  collectorId: 1,
  name: "variant",
  thirdPartyRef: {
    resources: [
      {
        serviceType: "KinesisLog",
        path: { type: "NoPathExpression" },
        authentication: { type: "NoAuthentication" },
      },
    ],
  },
};

const s3WithKinesisPath: S3SourceArgs = {
  collectorId: 1,
  name: "variant",
  thirdPartyRef: {
    resources: [
      {
        serviceType: "AwsS3Bucket",
        // @ts-expect-error an S3 source's path is an S3BucketPathExpression
        path: { type: "KinesisLogPath" },
        authentication: { type: "AWSRoleBasedAuthentication", roleARN: "arn:aws:iam::1:role/r" },
      },
    ],
  },
};

// A GCP logs source may leave its path and authentication out (optionalParts): the type lets it.
const gcpLogs: GcpLogsSourceArgs = {
  collectorId: 1,
  name: "variant",
  thirdPartyRef: { resources: [{ serviceType: "GoogleCloudLogs" }] },
};

const s3WithoutPath: S3SourceArgs = {
  collectorId: 1,
  name: "variant",
  thirdPartyRef: {
    // @ts-expect-error an S3 source's resource needs its path and authentication
    resources: [{ serviceType: "AwsS3Bucket" }],
  },
};

describe("variant args", () => {
  it("what the types take, the check takes; what they refuse, it refuses", async () => {
    expect((await provider("S3Source").check({}, { ...s3 })).failures).toEqual([]);
    expect((await provider("KinesisLogSource").check({}, { ...kinesis })).failures).toEqual([]);
    expect((await provider("GcpLogsSource").check({}, { ...gcpLogs })).failures).toEqual([]);
    const partial = await provider("S3Source").check({}, { ...s3WithoutPath });
    expect(partial.failures?.length).toBeGreaterThan(0);
    const refused = await provider("S3Source").check({}, { ...s3WithKinesisPath });
    expect(refused.failures).toContainEqual({
      property: "thirdPartyRef.resources[0].path.type",
      reason: 'path.type must be "S3BucketPathExpression" for this source',
    });
  });
});
