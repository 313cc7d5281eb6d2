resource awsInventoryCollector "collectors:index:HostedCollector" {
  description = "Receives the AwsInventorySource example's data."
}

resource awsInventorySource "collectors:index:AwsInventorySource" {
  collectorId = awsInventoryCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsInventory"
      path           = {
        type              = "AwsInventoryPath"
        limitToRegions    = ["us-east-1"]
        limitToNamespaces = ["AWS/EC2", "AWS/RDS"]
      }
      authentication = {
        type    = "AWSRoleBasedAuthentication"
        roleARN = "arn:aws:iam::123456789012:role/collector"
      }
    }]
  }
}
