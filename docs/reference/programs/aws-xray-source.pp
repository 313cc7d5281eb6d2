resource awsXRayCollector "collectors:index:HostedCollector" {
  description = "Receives the AwsXRaySource example's data."
}

resource awsXRaySource "collectors:index:AwsXRaySource" {
  collectorId = awsXRayCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsXRay"
      path           = {
        type           = "AwsXRayPath"
        limitToRegions = ["us-east-1"]
      }
      authentication = {
        type    = "AWSRoleBasedAuthentication"
        roleARN = "arn:aws:iam::123456789012:role/collector"
      }
    }]
  }
}
