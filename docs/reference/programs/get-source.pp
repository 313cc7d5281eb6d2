# A collector's id, e.g. from `collectors list`.
config sourceLookupCollectorId "string" {
}

# The source named "app-logs" on that collector; a source's credentials come back as secrets.
appLogs = invoke("collectors:index:getSource", {
  collectorId = sourceLookupCollectorId
  name        = "app-logs"
})

output appLogsType {
  value = appLogs.sourceType
}
