# The Installed Collector running on the host, taken over rather than created.
resource windowsPerfMonHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "win-01.corp.example"
  }
}

resource windowsPerfMonSource "collectors:index:WindowsPerfMonSource" {
  collectorId = windowsPerfMonHost.id
  wmiQueries = [{
    name  = "CPU"
    query = "select * from Win32_PerfFormattedData_PerfOS_Processor"
  }]
  interval   = 300000
}
