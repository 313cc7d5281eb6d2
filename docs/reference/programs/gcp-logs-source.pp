resource gcpLogsCollector "collectors:index:HostedCollector" {
  description = "Receives the GcpLogsSource example's data."
}

resource gcpLogsSource "collectors:index:GcpLogsSource" {
  collectorId = gcpLogsCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "GoogleCloudLogs"
      path           = {
        type = "NoPathExpression"
      }
      authentication = {
        type = "NoAuthentication"
      }
    }]
  }
}
