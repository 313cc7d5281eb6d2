# The Installed Collector the program takes over, and a source on it made elsewhere, looked up by
# name. A source's credentials come back as secrets.
resource sourceLookupHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

appLogs = invoke("collectors:index:getSource", {
  collectorId = sourceLookupHost.id
  name        = "app-logs"
})

output appLogsType {
  value = appLogs.sourceType
}
