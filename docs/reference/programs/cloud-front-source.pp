config cloudFrontAwsKey "string" {
  description = "A credential: set it with `pulumi config set --secret cloudFrontAwsKey <value>`."
}

resource cloudFrontCollector "collectors:index:HostedCollector" {
  description = "Receives the CloudFrontSource example's data."
}

resource cloudFrontSource "collectors:index:CloudFrontSource" {
  collectorId = cloudFrontCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsCloudFrontBucket"
      path           = {
        type           = "S3BucketPathExpression"
        bucketName     = "cdn-logs"
        pathExpression = "logs/*"
      }
      authentication = {
        type   = "S3BucketAuthentication"
        awsId  = "AKIAEXAMPLECLOU"
        awsKey = cloudFrontAwsKey
      }
    }]
  }
}
