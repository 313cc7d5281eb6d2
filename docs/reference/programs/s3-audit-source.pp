resource s3AuditCollector "collectors:index:HostedCollector" {
  description = "Receives the S3AuditSource example's data."
}

resource s3AuditSource "collectors:index:S3AuditSource" {
  collectorId = s3AuditCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsS3AuditBucket"
      path           = {
        type           = "S3BucketPathExpression"
        bucketName     = "audit-logs"
        pathExpression = "logs/*"
      }
      authentication = {
        type    = "AWSRoleBasedAuthentication"
        roleARN = "arn:aws:iam::123456789012:role/collector"
      }
    }]
  }
}
