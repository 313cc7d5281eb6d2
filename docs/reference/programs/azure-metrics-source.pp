config azureMetricsClientSecret "string" {
  description = "A credential: set it with `pulumi config set --secret azureMetricsClientSecret <value>`."
}

resource azureMetricsCollector "collectors:index:HostedCollector" {
  description = "Receives the AzureMetricsSource example's data."
}

resource azureMetricsSource "collectors:index:AzureMetricsSource" {
  collectorId = azureMetricsCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AzureMetrics"
      path           = {
        type              = "AzureMetricsPath"
        environment       = "Azure"
        limitToRegions    = ["eastus"]
        limitToNamespaces = ["Microsoft.Compute/virtualMachines"]
        tagFilters        = [{
          type      = "AzureTagFilters"
          namespace = "Microsoft.Compute/virtualMachines"
          tags      = [{
            name   = "env"
            values = ["prod"]
          }]
        }]
      }
      authentication = {
        type         = "AzureClientSecretAuthentication"
        tenantId     = "tenant-1"
        clientId     = "client-1"
        clientSecret = azureMetricsClientSecret
      }
    }]
  }
}
