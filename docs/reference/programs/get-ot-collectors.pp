# The OpenTelemetry collectors alive now whose tag team is "web" (every page of them).
webCollectors = invoke("collectors:index:getOtCollectors", {
  alive = true
  tags = [[{
    key    = "team"
    values = ["web"]
  }]]
})

output firstWebCollector {
  value = webCollectors.collectors[0].name
}
