"""A Hosted Collector with an HTTP source and an S3 source, on the collectors provider plugin
through its generated Python SDK: the Python twin of examples/go. The stack's name is the
environment: it prefixes the categories, and its stack file (Pulumi.dev.yaml, Pulumi.prod.yaml)
says where the service is, which bucket to read and the time zone. The AWS secret key comes from
secret config; the provider keeps it encrypted in the state whatever the program does.

With the setting existingCollectorName, it also looks that collector (made outside Pulumi) up by
name, reads it by the id found, without managing it, and exports what it holds.
"""

import pulumi
import pulumi_collectors as collectors

cfg = pulumi.Config()
environment = pulumi.get_stack()

collector = collectors.HostedCollector(
    "collector",
    description="Collects the application's logs.",
    category=f"{environment}/app",
    time_zone=cfg.get("timeZone"),
)

# A source names its collector by id: the reference also orders the creates.
web = collectors.HttpSource(
    "web",
    collector_id=collector.id,
    category=f"{environment}/app/web",
)

bucket = collectors.S3Source(
    "bucket",
    collector_id=collector.id,
    category=f"{environment}/app/s3",
    third_party_ref={
        "resources": [
            {
                "service_type": "AwsS3Bucket",
                "path": {
                    "type": "S3BucketPathExpression",
                    "bucket_name": cfg.get("bucketName"),
                    "path_expression": "logs/*",
                },
                "authentication": {
                    "type": "S3BucketAuthentication",
                    "aws_id": cfg.require("awsKeyId"),
                    "aws_key": cfg.require_secret("awsSecretKey"),
                },
            }
        ]
    },
)

pulumi.export("collectorId", collector.id)
pulumi.export("collectorName", collector.name)
pulumi.export("bucketSourceName", bucket.name)
# A secret: the URL carries the source's token.
pulumi.export("webUrl", web.url)

existing_name = cfg.get("existingCollectorName")
if existing_name:
    # The look-up (a function: read at every run, nothing managed), then `get` by the id it
    # found: the collector's state is read into this stack, and destroy leaves it alone.
    found = collectors.get_collector_output(name=existing_name)
    existing = collectors.HostedCollector.get("existing", found.id)
    pulumi.export("existingId", found.id)
    pulumi.export("existingDescription", found.description)
    pulumi.export("existingName", existing.name)
