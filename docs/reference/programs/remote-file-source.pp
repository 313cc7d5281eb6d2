config remoteFileRemotePassword "string" {
  description = "A credential: set it with `pulumi config set --secret remoteFileRemotePassword <value>`."
}

# The Installed Collector running on the host, taken over rather than created.
resource remoteFileHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

resource remoteFileSource "collectors:index:RemoteFileSource" {
  collectorId = remoteFileHost.id
  remoteHosts    = ["10.0.0.5"]
  remotePort     = 22
  remoteUser     = "collector"
  authMethod     = "password"
  remotePassword = remoteFileRemotePassword
  pathExpression = "/var/log/app.log"
}
