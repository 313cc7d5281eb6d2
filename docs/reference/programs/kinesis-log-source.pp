resource kinesisLogCollector "collectors:index:HostedCollector" {
  description = "Receives the KinesisLogSource example's data."
}

resource kinesisLogSource "collectors:index:KinesisLogSource" {
  collectorId = kinesisLogCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "KinesisLog"
      path           = {
        type           = "KinesisLogPath"
        bucketName     = "firehose-failed"
        pathExpression = "*"
        scanInterval   = 300000
      }
      authentication = {
        type    = "AWSRoleBasedAuthentication"
        roleARN = "arn:aws:iam::123456789012:role/collector"
      }
    }]
  }
}
