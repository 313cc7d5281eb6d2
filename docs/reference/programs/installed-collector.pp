# The collector software registered this collector on its host; the program takes it over by name
# and manages its settings. Destroying the resource leaves the collector on the service.
resource installedCollector "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
  category  = "prod/web"
  timeZone  = "Europe/Berlin"
  targetCpu = 40
}
