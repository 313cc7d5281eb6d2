config awsMetadataAwsKey "string" {
  description = "A credential: set it with `pulumi config set --secret awsMetadataAwsKey <value>`."
}

resource awsMetadataCollector "collectors:index:HostedCollector" {
  description = "Receives the AwsMetadataSource example's data."
}

resource awsMetadataSource "collectors:index:AwsMetadataSource" {
  collectorId = awsMetadataCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsMetadata"
      path           = {
        type              = "AwsMetadataPath"
        limitToRegions    = ["us-east-1"]
        limitToNamespaces = ["AWS/EC2"]
        tagFilters        = ["Name", "env"]
      }
      authentication = {
        type   = "S3BucketAuthentication"
        awsId  = "AKIAEXAMPLEMETA"
        awsKey = awsMetadataAwsKey
      }
    }]
  }
}
