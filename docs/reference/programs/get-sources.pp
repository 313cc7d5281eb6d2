# A collector's id, e.g. from `collectors list`.
config sourcesLookupCollectorId "string" {
}

# Every source of that collector, as one secret (sources may hold credentials).
collectorSources = invoke("collectors:index:getSources", {
  collectorId = sourcesLookupCollectorId
})

output firstSourceName {
  value = collectorSources.sources[0].name
}
