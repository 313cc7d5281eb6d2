resource elbCollector "collectors:index:HostedCollector" {
  description = "Receives the ElbSource example's data."
}

resource elbSource "collectors:index:ElbSource" {
  collectorId = elbCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsElbBucket"
      path           = {
        type           = "S3BucketPathExpression"
        bucketName     = "elb-logs"
        pathExpression = "logs/*"
      }
      authentication = {
        type    = "AWSRoleBasedAuthentication"
        roleARN = "arn:aws:iam::123456789012:role/collector"
      }
    }]
  }
}
