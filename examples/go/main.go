// A Hosted Collector with an HTTP source and an S3 source, on the collectors provider plugin
// through its generated Go SDK: the Go twin of examples/yaml. The AWS secret key comes from
// secret config; the provider keeps it encrypted in the state whatever the program does.
//
// With the setting existingCollectorId, it also reads that collector (made outside Pulumi) by
// its id, without managing it, and exports its name and description.
package main

import (
	"github.com/pulumi-collectors/pulumi-collectors/sdk/go/collectors"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")

		collector, err := collectors.NewHostedCollector(ctx, "collector", &collectors.HostedCollectorArgs{
			Description: pulumi.String("Collects the application's logs."),
			Category:    pulumi.String("app"),
		})
		if err != nil {
			return err
		}
		// A source names its collector by id: the reference also orders the creates.
		collectorID := collector.ID().ToStringOutput()

		web, err := collectors.NewHttpSource(ctx, "web", &collectors.HttpSourceArgs{
			CollectorId: collectorID,
			Category:    pulumi.String("app/web"),
		})
		if err != nil {
			return err
		}

		bucket, err := collectors.NewS3Source(ctx, "bucket", &collectors.S3SourceArgs{
			CollectorId: collectorID,
			Category:    pulumi.String("app/s3"),
			ThirdPartyRef: collectors.S3SourceThirdPartyRefArgs{
				Resources: collectors.S3SourceThirdPartyRefResourceArray{
					collectors.S3SourceThirdPartyRefResourceArgs{
						ServiceType: pulumi.String("AwsS3Bucket"),
						Path: collectors.S3SourceThirdPartyRefResourcePathArgs{
							Type:           pulumi.String("S3BucketPathExpression"),
							BucketName:     pulumi.String(cfg.Get("bucketName")),
							PathExpression: pulumi.String("logs/*"),
						},
						Authentication: collectors.S3SourceThirdPartyRefResourceAuthenticationArgs{
							Type:   pulumi.String("S3BucketAuthentication"),
							AwsId:  pulumi.String(cfg.Require("awsKeyId")),
							AwsKey: cfg.RequireSecret("awsSecretKey"),
						},
					},
				},
			},
		})
		if err != nil {
			return err
		}

		ctx.Export("collectorId", collector.ID())
		ctx.Export("collectorName", collector.Name)
		ctx.Export("bucketSourceName", bucket.Name)
		// A secret: the URL carries the source's token.
		ctx.Export("webUrl", web.Url)

		if id := cfg.Get("existingCollectorId"); id != "" {
			existing, err := collectors.GetHostedCollector(ctx, "existing", pulumi.ID(id), nil)
			if err != nil {
				return err
			}
			ctx.Export("existingName", existing.Name)
			ctx.Export("existingDescription", existing.Description)
		}
		return nil
	})
}
