# The Installed Collector running on the host, taken over rather than created.
resource activeDirectoryHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "win-01.corp.example"
  }
}

resource activeDirectorySource "collectors:index:ActiveDirectorySource" {
  collectorId = activeDirectoryHost.id
  filter   = "(objectClass=user)"
  interval = 3600000
}
