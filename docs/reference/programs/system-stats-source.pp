# The Installed Collector running on the host, taken over rather than created.
resource systemStatsHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

resource systemStatsSource "collectors:index:SystemStatsSource" {
  collectorId = systemStatsHost.id
  interval = 60000
  metrics  = ["CPU_User", "Mem_Used"]
}
