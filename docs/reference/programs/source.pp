resource sourceCollector "collectors:index:HostedCollector" {
  description = "Receives the Source example's data."
}

# Any sourceType the service knows; fields this package does not model go in passthrough.
resource genericSource "collectors:index:Source" {
  collectorId = sourceCollector.id
  sourceType  = "HTTP"
  category    = "app/generic"
}
