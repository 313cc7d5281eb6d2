resource rumCollector "collectors:index:HostedCollector" {
  description = "Receives the RumSource example's data."
}

resource rumSource "collectors:index:RumSource" {
  collectorId = rumCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "Rum"
      path           = {
        type            = "RumPath"
        serviceName     = "shop-web"
        applicationName = "shop"
        samplingRate    = 0.5
        ignoreUrls      = ["/health"]
        customTags      = {
          team = "web"
        }
      }
      authentication = {
        type = "NoAuthentication"
      }
    }]
  }
}
