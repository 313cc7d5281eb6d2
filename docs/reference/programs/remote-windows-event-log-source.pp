config remoteWindowsEventLogPassword "string" {
  description = "A credential: set it with `pulumi config set --secret remoteWindowsEventLogPassword <value>`."
}

# The Installed Collector running on the host, taken over rather than created.
resource remoteWindowsEventLogHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "win-01.corp.example"
  }
}

resource remoteWindowsEventLogSource "collectors:index:RemoteWindowsEventLogSource" {
  collectorId = remoteWindowsEventLogHost.id
  logNames     = ["Security"]
  domain       = "CORP"
  username     = "collector"
  password     = remoteWindowsEventLogPassword
  hosts        = ["dc1.corp.example"]
  eventFormat  = 0
  eventMessage = 1
}
