config kinesisMetricsAwsKey "string" {
  description = "A credential: set it with `pulumi config set --secret kinesisMetricsAwsKey <value>`."
}

resource kinesisMetricsCollector "collectors:index:HostedCollector" {
  description = "Receives the KinesisMetricsSource example's data."
}

resource kinesisMetricsSource "collectors:index:KinesisMetricsSource" {
  collectorId = kinesisMetricsCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "KinesisMetric"
      path           = {
        type       = "KinesisMetricPath"
        tagFilters = [{
          type      = "TagFilters"
          namespace = "AWS/EC2"
          tags      = ["env=prod"]
        }]
      }
      authentication = {
        type   = "S3BucketAuthentication"
        awsId  = "AKIAEXAMPLEKINE"
        awsKey = kinesisMetricsAwsKey
      }
    }]
  }
}
