# The vendor's OpenTelemetry collector registered itself on its host; the program takes it over by
# name and manages its settings and tags (source templates select collectors by them). The API
# cannot create it again, so destroying the resource does not delete it: the classes leave it on
# the service, the plugin refuses unless `allowDelete: true`.
resource otCollector "collectors:index:OtCollector" {
  adopt = {
    name = "edge-01.prod"
  }
  description = "The edge proxies' collector."
  timeZone    = "Europe/Berlin"
  tags = {
    team = "web"
    env  = "prod"
  }
}
