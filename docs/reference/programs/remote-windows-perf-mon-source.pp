config remoteWindowsPerfMonRemotePassword "string" {
  description = "A credential: set it with `pulumi config set --secret remoteWindowsPerfMonRemotePassword <value>`."
}

# The Installed Collector running on the host, taken over rather than created.
resource remoteWindowsPerfMonHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "win-01.corp.example"
  }
}

resource remoteWindowsPerfMonSource "collectors:index:RemoteWindowsPerfMonSource" {
  collectorId = remoteWindowsPerfMonHost.id
  domain         = "CORP"
  remoteUser     = "collector"
  remotePassword = remoteWindowsPerfMonRemotePassword
  remoteHosts    = ["srv1.corp.example"]
  wmiQueries     = [{
    name  = "Memory"
    query = "select * from Win32_PerfFormattedData_PerfOS_Memory"
  }]
}
