resource cloudWatchMetricsCollector "collectors:index:HostedCollector" {
  description = "Receives the CloudWatchMetricsSource example's data."
}

resource cloudWatchMetricsSource "collectors:index:CloudWatchMetricsSource" {
  collectorId = cloudWatchMetricsCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsCloudWatch"
      path           = {
        type              = "CloudWatchPath"
        limitToRegions    = ["us-east-1"]
        limitToNamespaces = ["AWS/EC2"]
        tagFilters        = [{
          type      = "TagFilters"
          namespace = "AWS/EC2"
          tags      = ["env=prod"]
        }]
      }
      authentication = {
        type    = "AWSRoleBasedAuthentication"
        roleARN = "arn:aws:iam::123456789012:role/collector"
      }
    }]
  }
}
