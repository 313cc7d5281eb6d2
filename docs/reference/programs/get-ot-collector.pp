# The OpenTelemetry collector named "edge-01.prod", looked up without managing it.
edgeCollector = invoke("collectors:index:getOtCollector", {
  name = "edge-01.prod"
})

output edgeCollectorVersion {
  value = edgeCollector.version.currentVersion
}
