config cloudToCloudApiKey "string" {
  description = "A credential: set it with `pulumi config set --secret cloudToCloudApiKey <value>`."
}

resource cloudToCloudCollector "collectors:index:HostedCollector" {
  description = "Receives the CloudToCloudSource example's data."
}

resource cloudToCloudSource "collectors:index:CloudToCloudSource" {
  collectorId = cloudToCloudCollector.id
  schemaRef = {
    type = "Okta"
  }
  config    = {
    domain     = "example.okta.com"
    apiKey     = cloudToCloudApiKey
    collectAll = true
  }
}
