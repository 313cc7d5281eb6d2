# The collector software registered this collector on its host; the program takes it over by name
# and manages its settings. The API cannot create it again, so destroying the resource does not
# delete it: the classes leave it on the service, the plugin refuses unless `allowDelete: true`.
resource installedCollector "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
  category  = "prod/web"
  timeZone  = "Europe/Berlin"
  targetCpu = 40
}
