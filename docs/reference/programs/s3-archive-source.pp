config s3ArchiveAwsKey "string" {
  description = "A credential: set it with `pulumi config set --secret s3ArchiveAwsKey <value>`."
}

resource s3ArchiveCollector "collectors:index:HostedCollector" {
  description = "Receives the S3ArchiveSource example's data."
}

resource s3ArchiveSource "collectors:index:S3ArchiveSource" {
  collectorId = s3ArchiveCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AwsS3ArchiveBucket"
      path           = {
        type           = "S3BucketPathExpression"
        bucketName     = "archive"
        pathExpression = "logs/*"
      }
      authentication = {
        type   = "S3BucketAuthentication"
        awsId  = "AKIAEXAMPLEARCH"
        awsKey = s3ArchiveAwsKey
      }
    }]
  }
}
