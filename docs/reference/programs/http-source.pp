resource httpCollector "collectors:index:HostedCollector" {
  description = "Receives the application's logs."
  category    = "prod/app"
}

# The service issues the URL to post logs to: the source's `url` output, a secret.
resource httpSource "collectors:index:HttpSource" {
  collectorId = httpCollector.id
  category    = "prod/app/web"
  filters = [{
    name       = "drop-health-checks"
    filterType = "Exclude"
    regexp     = ".*GET /health.*"
  }]
}
