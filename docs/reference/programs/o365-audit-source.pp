config o365AuditClientSecret "string" {
  description = "A credential: set it with `pulumi config set --secret o365AuditClientSecret <value>`."
}

resource o365AuditCollector "collectors:index:HostedCollector" {
  description = "Receives the O365AuditSource example's data."
}

resource o365AuditSource "collectors:index:O365AuditSource" {
  collectorId = o365AuditCollector.id
  thirdPartyRef = {
    resources = [{
      serviceType    = "O365AuditNotification"
      path           = {
        type     = "O365NotificationPath"
        workload = "Audit.Exchange"
        region   = "Commercial"
      }
      authentication = {
        type         = "O365AppRegistrationAuthentication"
        tenantId     = "tenant-1"
        clientId     = "client-1"
        clientSecret = o365AuditClientSecret
      }
    }]
  }
}
