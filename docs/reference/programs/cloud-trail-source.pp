resource cloudTrailCollector "collectors:index:HostedCollector" {
  description = "Receives the CloudTrailSource example's data."
}

resource cloudTrailSource "collectors:index:CloudTrailSource" {
  collectorId = cloudTrailCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsCloudTrailBucket"
      path           = {
        type           = "S3BucketPathExpression"
        bucketName     = "trail-logs"
        pathExpression = "logs/*"
      }
      authentication = {
        type    = "AWSRoleBasedAuthentication"
        roleARN = "arn:aws:iam::123456789012:role/collector"
      }
    }]
  }
}
