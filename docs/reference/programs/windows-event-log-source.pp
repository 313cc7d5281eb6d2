# The Installed Collector running on the host, taken over rather than created.
resource windowsEventLogHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "win-01.corp.example"
  }
}

resource windowsEventLogSource "collectors:index:WindowsEventLogSource" {
  collectorId = windowsEventLogHost.id
  logNames    = ["Security", "Application"]
  eventFormat = 1
}
