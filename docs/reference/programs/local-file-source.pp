# The Installed Collector running on the host, taken over rather than created.
resource localFileHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

resource localFileSource "collectors:index:LocalFileSource" {
  collectorId = localFileHost.id
  pathExpression = "/var/log/app/*.log"
}
