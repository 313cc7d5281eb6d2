config gcpMetricsPrivateKeyId "string" {
  description = "A credential: set it with `pulumi config set --secret gcpMetricsPrivateKeyId <value>`."
}

config gcpMetricsPrivateKey "string" {
  description = "A credential: set it with `pulumi config set --secret gcpMetricsPrivateKey <value>`."
}

resource gcpMetricsCollector "collectors:index:HostedCollector" {
  description = "Receives the GcpMetricsSource example's data."
}

resource gcpMetricsSource "collectors:index:GcpMetricsSource" {
  collectorId = gcpMetricsCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "GcpMetrics"
      path           = {
        type            = "GcpMetricsPath"
        limitToRegions  = ["us-east1"]
        limitToServices = ["Compute Engine"]
        customServices  = ["mysvc=custom.googleapis.com/a;custom.googleapis.com/b"]
      }
      authentication = {
        type           = "service_account"
        project_id     = "proj-1"
        private_key_id = gcpMetricsPrivateKeyId
        private_key    = gcpMetricsPrivateKey
        client_email   = "collector@proj-1.iam.gserviceaccount.com"
      }
    }]
  }
}
