# Every source of the Installed Collector the program takes over, as one secret (sources may hold
# credentials).
resource sourcesLookupHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

hostSources = invoke("collectors:index:getSources", {
  collectorId = sourcesLookupHost.id
})

output firstSourceName {
  value = hostSources.sources[0].name
}
