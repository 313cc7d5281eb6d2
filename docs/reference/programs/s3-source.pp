config s3AwsKey "string" {
  description = "A credential: set it with `pulumi config set --secret s3AwsKey <value>`."
}

resource s3Collector "collectors:index:HostedCollector" {
  description = "Receives the S3Source example's data."
}

resource s3Source "collectors:index:S3Source" {
  collectorId = s3Collector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsS3Bucket"
      path           = {
        type           = "S3BucketPathExpression"
        bucketName     = "app-logs"
        pathExpression = "logs/*"
      }
      authentication = {
        type   = "S3BucketAuthentication"
        awsId  = "AKIAEXAMPLES3"
        awsKey = s3AwsKey
      }
    }]
  }
}
