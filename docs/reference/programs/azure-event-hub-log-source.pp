config azureEventHubLogSharedAccessPolicyKey "string" {
  description = "A credential: set it with `pulumi config set --secret azureEventHubLogSharedAccessPolicyKey <value>`."
}

resource azureEventHubLogCollector "collectors:index:HostedCollector" {
  description = "Receives the AzureEventHubLogSource example's data."
}

resource azureEventHubLogSource "collectors:index:AzureEventHubLogSource" {
  collectorId = azureEventHubLogCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "AzureEventHubLog"
      path           = {
        type          = "AzureEventHubPath"
        namespace     = "ns-1"
        eventHubName  = "hub-1"
        consumerGroup = "$Default"
        region        = "Commercial"
      }
      authentication = {
        type                   = "AzureEventHubAuthentication"
        sharedAccessPolicyName = "listen"
        sharedAccessPolicyKey  = azureEventHubLogSharedAccessPolicyKey
      }
    }]
  }
}
