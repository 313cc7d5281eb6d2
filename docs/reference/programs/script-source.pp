# The Installed Collector running on the host, taken over rather than created.
resource scriptHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

resource scriptSource "collectors:index:ScriptSource" {
  collectorId = scriptHost.id
  commands       = ["/bin/bash"]
  script         = "uptime"
  cronExpression = "0 0/15 * * * ? *"
}
