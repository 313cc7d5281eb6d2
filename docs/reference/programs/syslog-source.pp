# The Installed Collector running on the host, taken over rather than created.
resource syslogHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

resource syslogSource "collectors:index:SyslogSource" {
  collectorId = syslogHost.id
  protocol = "UDP"
  port     = 514
}
